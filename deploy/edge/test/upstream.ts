import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";

export interface Received {
  service: string;
  /** The request target exactly as it arrived. */
  url: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  bodyBytes: number;
  bodySha256: string;
}

/**
 * A stand-in service on an ephemeral loopback port that answers with what it received: the raw request
 * target, headers and a digest of the body it read as a stream. `/…/large-download` answers 3 MiB;
 * a path containing `slow` answers after two seconds.
 */
export async function startUpstream(service: string) {
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  app.all("/*", async (request, reply) => {
    if (request.raw.url?.includes("slow")) await new Promise((resolve) => setTimeout(resolve, 2_000));
    if (request.raw.url?.endsWith("/large-download")) {
      return reply.type("application/octet-stream").send(Buffer.alloc(3 * 1024 * 1024, 7));
    }
    const hash = createHash("sha256");
    let bodyBytes = 0;
    const body = request.body as AsyncIterable<Buffer> | undefined;
    if (body) {
      for await (const chunk of body) {
        hash.update(chunk);
        bodyBytes += chunk.length;
      }
    }
    const received: Received = {
      service,
      url: request.raw.url ?? "",
      method: request.method,
      headers: request.headers,
      bodyBytes,
      bodySha256: hash.digest("hex"),
    };
    return reply.header("x-upstream", service).send(received);
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}
