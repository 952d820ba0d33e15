import type { IncomingHttpHeaders } from "node:http";
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
