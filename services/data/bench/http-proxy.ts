/**
 * The second reference hop of the streaming benchmark: a bare HTTP proxy, a `node:http` server passing each request
 * on through an undici pool with its body streamed as it arrives, and streaming the answer back. No token, no
 * checks, no multipart parsing, no framing: what a transfer loses through it is what an HTTP hop written in Node
 * costs on this machine, where the TCP relay (tcp-relay.ts) shows the cost of any hop.
 * `http-proxy <target port>` listens on an ephemeral loopback port and prints it.
 */
import { createServer } from "node:http";
import { pipeline } from "node:stream";
import { Pool } from "undici";

const target = Number(process.argv[2]);
const pool = new Pool(`http://127.0.0.1:${target}`, { connections: 16 });
const WITHOUT_BODY = new Set(["GET", "HEAD", "DELETE"]);

const server = createServer(async (request, response) => {
  const { host: _host, connection: _connection, ...headers } = request.headers;
  try {
    const answer = await pool.request({
      path: request.url ?? "/",
      method: request.method as "GET",
      headers: headers as Record<string, string>,
      body: WITHOUT_BODY.has(request.method ?? "GET") ? undefined : request,
    });
    response.writeHead(answer.statusCode, answer.headers as Record<string, string>);
    pipeline(answer.body, response, () => {});
  } catch {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  }
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${(server.address() as { port: number }).port}\n`);
});
