/** JSON of many shapes, each read by the test that asks. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Json = any;

/** Requests to a simulator at `base()`: the status and the JSON body (undefined when there is none). */
export function jsonClient(base: () => string) {
  return async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
    const response = await fetch(new URL(path, base()), {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}
