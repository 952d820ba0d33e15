import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ConnectionLimitsConfig,
  connectionLimitsFrom,
  createService,
  DEFAULT_CONNECTION_LIMITS,
  GatewayError,
  loadConfig,
  type Service,
} from "../src/index.js";

const LIMITS = {
  ...DEFAULT_CONNECTION_LIMITS,
  headersTimeoutMs: 600,
  bodyTimeoutMs: 400,
  bodyMinBytes: 100,
  maxConnections: 6,
};

let app: Service;
let port: number;
beforeAll(async () => {
  app = await createService({ name: "slow-clients-fixture", logLevel: "silent", limits: LIMITS });
  app.addContentTypeParser("application/octet-stream", (_request, payload, done) => done(null, payload));
  app.post("/count", { config: { auth: "none" } }, async (request) => {
    let bytes = 0;
    for await (const chunk of request.body as AsyncIterable<Buffer>) bytes += chunk.length;
    return { bytes };
  });
  // Reads its body only after a while, as a passthrough does whose backend takes the body slowly.
  app.post("/count-later", { config: { auth: "none" } }, async (request) => {
    await sleep(LIMITS.bodyTimeoutMs * 3);
    let bytes = 0;
    for await (const chunk of request.body as AsyncIterable<Buffer>) bytes += chunk.length;
    return { bytes };
  });
  app.post("/refuse", { config: { auth: "none" } }, async () => {
    throw new GatewayError(400, "refused before reading the body");
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw connection: what it was answered, and when the service closed it (ms after opening). */
function open(toPort = port) {
  const started = Date.now();
  const socket: Socket = connect(toPort, "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk) => {
    answer += chunk;
  });
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now() - started)));
  return { socket, closed, answer: () => answer };
}

const uploadHead = (length: number) =>
  `POST /count HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: ${length}\r\n\r\n`;

describe("slow clients", () => {
  it("cuts a body that stalls (a byte now and then) within its window, answering 408 in the error model", async () => {
    const client = open();
    client.socket.write(uploadHead(1000));
    const trickle = setInterval(() => client.socket.writable && client.socket.write("x"), 150);
    const closedAfter = await client.closed;
    clearInterval(trickle);
    expect(closedAfter).toBeLessThan(LIMITS.bodyTimeoutMs * 2 + 300);
    expect(client.answer()).toMatch(/^HTTP\/1.1 408 /);
    expect(JSON.parse(client.answer().split("\r\n\r\n")[1] ?? "")).toMatchObject({
      error_code: "ERR_BAD_REQUEST",
      reason: "the request did not arrive in time",
    });
  });

  it("cuts a body that stalls after its request was answered unread, while it is being read to its end", async () => {
    const client = open();
    client.socket.write(uploadHead(1000).replace("/count", "/refuse"));
    const trickle = setInterval(() => client.socket.writable && client.socket.write("x"), 150);
    const closedAfter = await client.closed;
    clearInterval(trickle);
    expect(client.answer()).toMatch(/^HTTP\/1.1 400 /);
    expect(closedAfter).toBeLessThan(LIMITS.bodyTimeoutMs * 2 + 300);
  });

  it("lets a body that keeps moving finish, however long it takes", async () => {
    const client = open();
    const chunks = 12;
    client.socket.write(uploadHead(chunks * 200));
    for (let chunk = 0; chunk < chunks; chunk++) {
      client.socket.write("y".repeat(200));
      await sleep(150);
    }
    await sleep(100);
    client.socket.end();
    await client.closed;
    expect(client.answer()).toMatch(/^HTTP\/1.1 200 /);
    expect(client.answer()).toContain(`{"bytes":${chunks * 200}}`);
  });

  it("does not cut a body the service itself holds back, unread", async () => {
    const client = open();
    const size = 1024 * 1024;
    client.socket.write(uploadHead(size).replace("/count", "/count-later"));
    client.socket.write("z".repeat(size));
    client.socket.end();
    await client.closed;
    expect(client.answer()).toMatch(/^HTTP\/1.1 200 /);
    expect(client.answer()).toContain(`{"bytes":${size}}`);
  });

  it("cuts a client that trickles its headers within the headers timeout", async () => {
    const client = open();
    client.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n");
    const trickle = setInterval(() => client.socket.writable && client.socket.write("X-Slow: y\r\n"), 100);
    const closedAfter = await client.closed;
    clearInterval(trickle);
    expect(closedAfter).toBeLessThan(LIMITS.headersTimeoutMs + 1000);
    expect(client.answer()).toMatch(/^HTTP\/1.1 408 /);
  });

  it("holds at most its connection cap, closing new connections while answering those it holds", async () => {
    const held = Array.from({ length: LIMITS.maxConnections }, () => open());
    await sleep(100);
    const extra = open();
    expect(await extra.closed).toBeLessThan(1000);
    expect(extra.answer()).toBe("");
    const [first] = held;
    first?.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    await first?.closed;
    expect(first?.answer()).toMatch(/^HTTP\/1.1 200 /);
    for (const client of held) client.socket.destroy();
  });

  it("leaves injected requests alone: their bodies are whole, there is no connection", async () => {
    const injected = await app.inject({
      method: "POST",
      url: "/count-later",
      headers: { "content-type": "application/octet-stream" },
      payload: Buffer.alloc(10),
    });
    expect(injected.json()).toEqual({ bytes: 10 });
  });

  it("takes every limit from the configuration, with defaults that let a long upload finish", () => {
    const defaults = connectionLimitsFrom(
      loadConfig({ type: "object", properties: ConnectionLimitsConfig } as never, {}),
    );
    expect(defaults).toEqual(DEFAULT_CONNECTION_LIMITS);
    expect(defaults.requestTimeoutMs).toBeGreaterThanOrEqual(3600_000);
    expect(app.server.headersTimeout).toBe(LIMITS.headersTimeoutMs);
    expect(app.server.keepAliveTimeout).toBe(LIMITS.keepAliveTimeoutMs);
    expect(app.server.requestTimeout).toBe(LIMITS.requestTimeoutMs);
    expect(app.server.timeout).toBe(LIMITS.socketIdleTimeoutMs);
    expect(app.server.maxConnections).toBe(LIMITS.maxConnections);
  });
});

describe("idle connections", () => {
  const IDLE = { ...DEFAULT_CONNECTION_LIMITS, socketIdleTimeoutMs: 400 };
  const DRIPS = 10;
  const DRIP_MS = 100;
  let idleApp: Service;
  let idlePort: number;
  beforeAll(async () => {
    idleApp = await createService({ name: "idle-connections-fixture", logLevel: "silent", limits: IDLE });
    // Answers only after the connection has been idle far longer than its timeout.
    idleApp.get("/silent", { config: { auth: "none" } }, async () => {
      await sleep(IDLE.socketIdleTimeoutMs * 4);
      return { answered: true };
    });
    // An answer that keeps moving, a byte at a time, for longer than the idle timeout.
    idleApp.get("/drip", { config: { auth: "none" } }, async (_request, reply) => {
      const drips = async function* () {
        for (let drip = 0; drip < DRIPS; drip++) {
          await sleep(DRIP_MS);
          yield ".";
        }
      };
      return reply.type("text/plain").send(Readable.from(drips()));
    });
    await idleApp.listen({ port: 0, host: "127.0.0.1" });
    idlePort = (idleApp.server.address() as AddressInfo).port;
  });
  afterAll(() => idleApp.close());

  it("closes a connection on which nothing moves either way for the idle timeout", async () => {
    const client = open(idlePort);
    client.socket.write("GET /silent HTTP/1.1\r\nHost: x\r\n\r\n");
    const closedAfter = await client.closed;
    expect(client.answer()).toBe("");
    // Less a few ms: the timer counts on the event loop's clock, which this measure's wall clock can run ahead of.
    expect(closedAfter).toBeGreaterThanOrEqual(IDLE.socketIdleTimeoutMs - 10);
    // Well before /silent would answer: the idle timeout closed it.
    expect(closedAfter).toBeLessThan(IDLE.socketIdleTimeoutMs * 3);
  });

  it("keeps a connection whose answer keeps moving, however long the answer takes", async () => {
    const client = open(idlePort);
    client.socket.write("GET /drip HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const closedAfter = await client.closed;
    expect(closedAfter).toBeGreaterThan(DRIPS * DRIP_MS);
    expect(client.answer()).toMatch(/^HTTP\/1.1 200 /);
    // Chunked: each drip a chunk of one byte.
    expect(client.answer().match(/\r\n1\r\n\./g)).toHaveLength(DRIPS);
  });
});
