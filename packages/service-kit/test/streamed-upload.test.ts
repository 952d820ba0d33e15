import { afterAll, beforeAll, expect, it } from "vitest";
import { createService, type Service } from "../src/index.js";

let app: Service;
let base = "";
beforeAll(async () => {
  app = await createService({ name: "upload-fixture", logLevel: "silent", bodyLimit: 1024 });
  app.post("/upload", { config: { auth: "none" } }, async () => ({ stored: true }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterAll(() => app.close());

/** A body that arrives in pieces, as a proxy forwarding an upload sends it. */
function streamedBody(totalBytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent >= totalBytes) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, 1));
      const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

it("answers a streamed upload over the limit with 413, not a broken connection, and keeps serving", async () => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await fetch(`${base}/upload`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(2 * 1024 * 1024) },
      body: streamedBody(2 * 1024 * 1024),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error_code: "ERR_REQUEST_TOO_LARGE" });
  }
});
