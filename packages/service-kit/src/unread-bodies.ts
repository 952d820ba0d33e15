import type { IncomingMessage } from "node:http";

/** The most of an unread request body read and dropped to keep its connection; past it, the connection is closed. */
export const MAX_DRAINED_BYTES = 64 * 1024 * 1024;
/** How long an answer that closes its connection waits for the rest of the body. */
const MAX_WAIT_BEFORE_ANSWER_MS = 10_000;

/** True while the request's body has not all arrived; injected requests (tests) hold theirs whole. */
export const bodyLeftUnread = (raw: IncomingMessage): boolean => raw.complete === false;

/**
 * Reads and drops what arrives of the body, taking it from whatever was reading it; `tooMuch` is called once more
 * than MAX_DRAINED_BYTES have arrived. Returns a function that stops the counting.
 */
function dropBody(raw: IncomingMessage, tooMuch: () => void): () => void {
  let dropped = 0;
  const count = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > MAX_DRAINED_BYTES) tooMuch();
  };
  raw.unpipe();
  raw.on("data", count);
  raw.resume();
  return () => raw.off("data", count);
}

/**
 * Reads and drops the rest of a body the service answers without reading it to its end: an upload refused before
 * its file was passed on, a streamed body refused before it was passed on. Left unread, it would sit in front of
 * the connection's next request, which would never be answered; closing the connection at once would cut off a
 * proxy still sending the body, which would report the service unreachable (502) instead of passing its answer on.
 * The answer goes at once and the rest is read after it. A rest larger than MAX_DRAINED_BYTES closes the connection.
 */
export function drainUnreadBody(raw: IncomingMessage): void {
  dropBody(raw, () => raw.socket.destroy());
}

/**
 * For an answer that closes its connection (Fastify closes it after a 413 for a declared length over the limit):
 * reads and drops the rest of the body first, so that a proxy still sending it gets the answer rather than a
 * broken connection. A body declared larger than MAX_DRAINED_BYTES, or arriving slower, is not waited for.
 */
export function readRestBeforeAnswer(raw: IncomingMessage): Promise<void> {
  const declared = Number(raw.headers["content-length"] ?? 0);
  if (raw.complete || raw.readableEnded || raw.destroyed || declared > MAX_DRAINED_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      stopDropping();
      resolve();
    };
    const timer = setTimeout(finish, MAX_WAIT_BEFORE_ANSWER_MS);
    const stopDropping = dropBody(raw, finish);
    raw.once("end", finish);
    raw.once("close", finish);
    raw.once("error", finish);
  });
}
