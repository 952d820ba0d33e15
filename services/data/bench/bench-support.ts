export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Waits until `url` answers 2xx (a service's /readyz), for up to 20 s. */
export async function waitUntilUp(url: string) {
  for (let tries = 0; tries < 200; tries++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}
