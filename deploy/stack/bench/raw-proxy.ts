/**
 * The least a Node proxy does, figure 1's raw floor: `node:http` in, one undici pool out (`dispatch`, as apps-proxy
 * uses it), the answer read whole and written in one call. No framework, no authentication, no log, no metrics, no limits, no trace context: what
 * apps-proxy spends beyond it is everything the gateway promises plus the framework that carries it.
 * `raw-proxy <origin>` listens on an ephemeral loopback port and prints it.
 */
import { createServer } from "node:http";
import { Pool } from "undici";
import { dispatchWhole, listenAndPrintPort, sendWhole } from "./raw-answer.js";

const origin = process.argv[2];
if (!origin) throw new Error("usage: raw-proxy <origin>");
const pool = new Pool(origin, { connections: 128 });

const server = createServer({ keepAliveTimeout: 10_000 }, (request, response) => {
  sendWhole(
    response,
    dispatchWhole(pool, {
      path: request.url ?? "/",
      method: "GET",
      headers: { accept: request.headers.accept ?? "*/*" },
    }),
  );
});
listenAndPrintPort(server);
