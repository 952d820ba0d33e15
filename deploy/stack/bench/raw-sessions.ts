/**
 * Figure 3's raw floor: the work of identity-session's `POST /secured/sessions` done by hand, with nothing else.
 * `node:http` in; the body read whole and parsed; one undici `dispatch` (`PUT /sessions/<user>` to the preferences
 * backend, the document as JSON); the answer read, parsed, unwrapped and serialized back. No framework, no token
 * check (the user is fixed), no log, no metrics, no limits, no trace context.
 * `raw-sessions <preferences origin> <qualified user>` listens on an ephemeral loopback port and prints it.
 */
import { createServer } from "node:http";
import { Pool } from "undici";
import { dispatchWhole, listenAndPrintPort, sendWhole, type WholeAnswer } from "./raw-answer.js";

const [origin, user] = process.argv.slice(2);
if (!origin || !user) throw new Error("usage: raw-sessions <preferences origin> <qualified user>");
const pool = new Pool(origin, { connections: 128 });
const documentPath = `/sessions/${encodeURIComponent(user)}`;

async function save(text: string): Promise<WholeAnswer> {
  const answer = await dispatchWhole(pool, {
    path: documentPath,
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(JSON.parse(text)),
  });
  const saved = JSON.parse(answer.body.toString("utf8")) as { session: unknown };
  return { status: 200, contentType: "application/json", body: Buffer.from(JSON.stringify(saved.session)) };
}

const server = createServer({ keepAliveTimeout: 10_000 }, (request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => sendWhole(response, save(Buffer.concat(chunks).toString("utf8"))));
});
listenAndPrintPort(server);
