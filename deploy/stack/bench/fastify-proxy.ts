/**
 * The reference hop of figure 1: a plain Fastify server (no plugins, no logger) passing each request on through an
 * undici pool and sending the answer back read whole, with no authentication, logging, metrics or tracing. Its CPU
 * per request is what the framework and the HTTP client cost; what apps-proxy spends beyond it is the gateway's own.
 * `fastify-proxy <origin>` listens on an ephemeral loopback port and prints it.
 */
import Fastify from "fastify";
import { Pool } from "undici";

const origin = process.argv[2];
if (!origin) throw new Error("usage: fastify-proxy <origin>");
const pool = new Pool(origin, { connections: 128 });

const app = Fastify({ logger: false, keepAliveTimeout: 10_000 });
app.get("/*", async (request, reply) => {
  const answer = await pool.request({
    path: request.url,
    method: "GET",
    headers: { accept: request.headers.accept ?? "*/*" },
  });
  const body = Buffer.from(await answer.body.arrayBuffer());
  return reply
    .code(answer.statusCode)
    .header("content-type", answer.headers["content-type"] ?? "application/octet-stream")
    .send(body);
});
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${new URL(address).port}\n`);
