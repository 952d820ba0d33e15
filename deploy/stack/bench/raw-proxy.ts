/**
 * The least a Node proxy does, figure 1's raw floor: `node:http` in, one undici pool out (`dispatch`, as apps-proxy
 * uses it), the answer read whole and written in one call. No framework, no authentication, no log, no metrics, no limits, no trace context: what
 * apps-proxy spends beyond it is everything the gateway promises plus the framework that carries it.
 * `raw-proxy <origin>` listens on an ephemeral loopback port and prints it.
 */
import { createServer } from "node:http";
import { Pool } from "undici";
import { dispatchWhole } from "./raw-answer.js";

const origin = process.argv[2];
if (!origin) throw new Error("usage: raw-proxy <origin>");
const pool = new Pool(origin, { connections: 128 });

const server = createServer({ keepAliveTimeout: 10_000 }, (request, response) => {
  dispatchWhole(pool, {
    path: request.url ?? "/",
    method: "GET",
    headers: { accept: request.headers.accept ?? "*/*" },
  })
    .then(({ status, contentType, body }) => {
      response.writeHead(status, { "content-type": contentType, "content-length": body.length });
      response.end(body);
    })
    .catch(() => {
      response.writeHead(502).end();
    });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
