import type { IncomingHttpHeaders, Server, ServerResponse } from "node:http";
import type { Dispatcher } from "undici";

/** An answer read whole. */
export interface WholeAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * The least undici does for one call: `dispatch` with a handler that gathers the answer's chunks, with none of the
 * request API's promise, async resource and body stream (which apps-proxy's forward path avoids too, so a floor
 * that used them would flatter the gateway).
 */
export function dispatchWhole(pool: Dispatcher, options: Dispatcher.DispatchOptions): Promise<WholeAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = 0;
    let contentType = "application/octet-stream";
    pool.dispatch(options, {
      onRequestStart() {},
      onResponseStart(_controller, statusCode: number, headers: IncomingHttpHeaders) {
        status = statusCode;
        contentType = String(headers["content-type"] ?? contentType);
      },
      onResponseData(_controller, chunk: Buffer) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        resolve({ status, contentType, body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks) });
      },
      onResponseError(_controller, error: Error) {
        reject(error);
      },
    });
  });
}

/** Writes an answer whole in one call, or 502 when it could not be had. */
export function sendWhole(response: ServerResponse, answer: Promise<WholeAnswer>): void {
  answer
    .then(({ status, contentType, body }) => {
      response.writeHead(status, { "content-type": contentType, "content-length": body.length });
      response.end(body);
    })
    .catch(() => {
      response.writeHead(502).end();
    });
}

/** Listens on an ephemeral loopback port and prints it, as the bench's floor programs report where they are. */
export function listenAndPrintPort(server: Server): void {
  // Ended by the bench with SIGTERM: exiting rather than dying lets a `--cpu-prof` of the floor be written.
  process.once("SIGTERM", () => process.exit(0));
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
  });
}
