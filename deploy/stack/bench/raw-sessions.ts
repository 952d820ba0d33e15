/**
 * Figure 3's raw floor: the work of identity-session's `POST /secured/sessions` done by hand, with nothing else.
 * `node:http` in; the body read whole and parsed; one undici `dispatch` (`PUT /sessions/<user>` to the preferences
 * backend, the document as JSON); the answer read, parsed, unwrapped and serialized back. No framework, no token
 * check (the user is fixed), no log, no metrics, no limits, no trace context.
 * `raw-sessions <preferences origin> <qualified user>` listens on an ephemeral loopback port and prints it.
 */
import { createServer } from "node:http";
import { Pool } from "undici";
import { dispatchWhole } from "./raw-answer.js";

const [origin, user] = process.argv.slice(2);
if (!origin || !user) throw new Error("usage: raw-sessions <preferences origin> <qualified user>");
const pool = new Pool(origin, { connections: 128 });
const documentPath = `/sessions/${encodeURIComponent(user)}`;

async function save(text: string): Promise<string> {
  const answer = await dispatchWhole(pool, {
    path: documentPath,
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(JSON.parse(text)),
  });
  const saved = JSON.parse(answer.body.toString("utf8")) as { session: unknown };
  return JSON.stringify(saved.session);
}

const server = createServer({ keepAliveTimeout: 10_000 }, (request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    save(Buffer.concat(chunks).toString("utf8"))
      .then((body) => {
        response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
        response.end(body);
      })
      .catch(() => {
        response.writeHead(502).end();
      });
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
