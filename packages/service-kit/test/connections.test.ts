import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createService, GatewayError, MAX_DRAINED_BYTES, type Service } from "../src/index.js";

/** Sends raw bytes on a connection of its own; resolves with the answer once the server closes the connection. */
const exchange = (port: number, request: string) =>
  new Promise<{ head: string; body: string; rest: string }>((resolve, reject) => {
    let answer = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("close", () => {
      const [head = "", body = "", ...more] = answer.split("\r\n\r\n");
      resolve({ head, body, rest: [body, ...more].join("\r\n\r\n") });
    });
    socket.on("error", (error: Error & { code?: string }) => {
      // A connection the service closes while the request is still being written: what came back counts.
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
  });

let app: Service;
let listening: number;
beforeAll(async () => {
  app = await createService({ name: "connections-fixture", logLevel: "silent" });
  // Like a passthrough's body: handed on as a stream, here refused before anything reads it.
  await app.register(async (streamed) => {
    streamed.addContentTypeParser("application/octet-stream", (_request, payload, done) =>
      done(null, payload.pipe(new PassThrough())),
    );
    streamed.post("/stream-refused", async () => {
      throw new GatewayError(400, "refused before reading the body");
    });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  listening = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

describe("connections", () => {
  it("answers what the HTTP parser refuses, before any route, in the error model and closes the connection", async () => {
    const cases = [
      [`GET /healthz?q=${"w".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
      ["GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n", 400],
    ] as const;
    for (const [request, status] of cases) {
      const { head, body } = await exchange(listening, request);
      expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} .*content-type: application/json`, "is"));
      expect(head).toMatch(/connection: close/i);
      expect(JSON.parse(body)).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    }
  });

  it("reads and drops a streamed body it refused unread, so the connection's next request is answered", async () => {
    const refused = (size: number) =>
      `POST /stream-refused HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\n` +
      `Content-Length: ${size}\r\n\r\n${"x".repeat(size)}`;
    const next = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    const { head, rest } = await exchange(listening, refused(200_000) + next);
    expect(head).toMatch(/^HTTP\/1.1 400 /);
    expect(head).not.toMatch(/connection: close/i);
    expect(rest).toMatch(/HTTP\/1.1 200 .*"status":"ok"/s);

    // A rest larger than the service reads to keep a connection: the answer, then the connection closed.
    const tooLarge = await exchange(listening, refused(MAX_DRAINED_BYTES + 1_048_576) + next);
    expect(tooLarge.head).toMatch(/^HTTP\/1.1 400 /);
    expect(tooLarge.rest).not.toMatch(/HTTP\/1.1 200/);
  });
});
