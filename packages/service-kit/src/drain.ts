import type { IncomingMessage } from "node:http";

const MAX_DRAINED_BYTES = 64 * 1024 * 1024;
const MAX_DRAIN_MS = 10_000;

/**
 * Reads and discards what is left of a request body. Answering before the body is read closes the
 * connection under a proxy that is still streaming the upload, and the proxy then reports a broken
 * upstream (502) instead of our answer (413). Bodies beyond a bound are not waited for.
 */
export function drainRequestBody(raw: IncomingMessage): Promise<void> {
  const declared = Number(raw.headers["content-length"] ?? 0);
  if (raw.complete || raw.destroyed || declared > MAX_DRAINED_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off("data", count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > MAX_DRAINED_BYTES) finish();
    };
    const timer = setTimeout(finish, MAX_DRAIN_MS);
    raw.on("data", count);
    raw.once("end", finish);
    raw.once("close", finish);
    raw.once("error", finish);
    raw.resume();
  });
}
