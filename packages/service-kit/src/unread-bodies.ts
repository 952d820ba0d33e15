import type { IncomingMessage } from "node:http";

/** The most of an unread request body read and dropped to keep its connection; past it, the connection is closed. */
export const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

/** True while the request's body has not all arrived; injected requests (tests) hold theirs whole. */
export const bodyLeftUnread = (raw: IncomingMessage): boolean => raw.complete === false;

/**
 * Reads and drops the rest of a body the service answers without reading it to its end (a streamed body refused
 * before it was passed on), as Node does with a body nobody reads. Left unread, it would sit in front of the
 * connection's next request, which would never be answered; closing the connection instead would cut off a proxy
 * still sending the body, which would report the service unreachable instead of passing its answer on. Whatever
 * was reading the body stops getting it. A rest larger than MAX_DRAINED_BYTES closes the connection.
 */
export function drainUnreadBody(raw: IncomingMessage): void {
  raw.unpipe();
  let drained = 0;
  raw.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > MAX_DRAINED_BYTES) raw.socket.destroy();
  });
  raw.resume();
}
