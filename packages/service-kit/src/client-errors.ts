import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { errorCodeForStatus } from "./errors.js";

/** What Node's HTTP parser refuses before any route sees the request, in the error model's words. */
function refusalOf(error: Error & { code?: string }): { status: number; reason: string } {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, reason: "the request line and headers are larger than the service accepts" };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, reason: "the request did not arrive in time" };
    default:
      return { status: 400, reason: "the request is not well-formed HTTP" };
  }
}

/**
 * Answers a request the HTTP parser refused (headers too large, malformed, too slow) with the error model's JSON
 * body, as every other refusal is answered, instead of Fastify's own; the connection is closed after it, since
 * what follows on it cannot be read.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, reason } = refusalOf(error);
  const body = JSON.stringify({ error_code: errorCodeForStatus(status), reason });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
