import { createServer } from "node:net";

/** Resolves to true when nothing listens on the port (on loopback). */
export function portIsFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

export async function busyPorts<T extends { port: number }>(wanted: readonly T[]): Promise<T[]> {
  const results = await Promise.all(wanted.map(async (entry) => ({ entry, free: await portIsFree(entry.port) })));
  return results.filter((result) => !result.free).map((result) => result.entry);
}
