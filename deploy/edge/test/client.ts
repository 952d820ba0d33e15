import http from "node:http";

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

/** Sends a request with the target exactly as given (no URL normalisation on the client side). */
export function send(
  port: number,
  method: string,
  target: string,
  options: { headers?: http.OutgoingHttpHeaders; body?: Iterable<Buffer> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path: target, headers: options.headers });
    request.on("error", reject);
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          json: () => JSON.parse(body.toString("utf8")),
        });
      });
    });
    for (const chunk of options.body ?? []) request.write(chunk);
    request.end();
  });
}
