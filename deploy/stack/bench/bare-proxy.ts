/**
 * The reference hop of figure 1: the least an HTTP proxy in Node does, a `node:http` server passing each request
 * on through an undici pool and sending the answer back read whole, with no framework, authentication, logging,
 * metrics or tracing. Measured in apps-proxy's place, its ratio is about the best a Node hop reaches on this machine.
 * `bare-proxy <origin>` listens on an ephemeral loopback port and prints it.
 */
import { createServer } from "node:http";
import { Pool } from "undici";

const origin = process.argv[2];
if (!origin) throw new Error("usage: bare-proxy <origin>");
const pool = new Pool(origin, { connections: 128 });

const server = createServer(async (request, response) => {
  try {
    const answer = await pool.request({
      path: request.url ?? "/",
      method: "GET",
      headers: { accept: request.headers.accept ?? "*/*" },
    });
    const body = Buffer.from(await answer.body.arrayBuffer());
    response.writeHead(answer.statusCode, {
      "content-type": answer.headers["content-type"] ?? "application/octet-stream",
      "content-length": body.length,
    });
    response.end(body);
  } catch {
    response.writeHead(502).end();
  }
});
server.keepAliveTimeout = 10_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
