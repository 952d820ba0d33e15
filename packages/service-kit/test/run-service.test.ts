import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TRACE_FLUSH_MS } from "../src/index.js";

const fixture = fileURLToPath(new URL("./fixtures/slow-server.ts", import.meta.url));
const packageDir = fileURLToPath(new URL("..", import.meta.url));

function run(env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", fixture], {
    cwd: packageDir,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "silent", HOST: "127.0.0.1", ...env },
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return Object.assign(child, { output: () => output });
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

async function listeningPort(child: ReturnType<typeof run>): Promise<number> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const match = /listening (\d+)/.exec(child.output());
    if (match) return Number(match[1]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fixture did not start: ${child.output()}`);
}

describe("runService", () => {
  it("refuses to start on bad configuration, naming each variable, with exit code 1", async () => {
    const child = run({ PORT: "not-a-port" });
    expect(await exitOf(child)).toBe(1);
    expect(child.output()).toMatch(/slow-fixture: invalid configuration/);
    expect(child.output()).toMatch(/PORT: .*\(got "not-a-port"\)/);
    expect(child.output()).toMatch(/GREETING: .*\(not set\)/);
    expect(child.output()).not.toMatch(/\n\s+at /);
  });

  it("says plainly that the port is taken instead of printing a stack trace", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const child = run({ PORT: String(port), GREETING: "hi" });
      expect(await exitOf(child)).toBe(1);
      expect(child.output()).toContain(`slow-fixture: port ${port} on 127.0.0.1 is already in use`);
      expect(child.output()).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it("lets in-flight requests finish on SIGTERM, then exits 0", async () => {
    const child = run({ PORT: "0", GREETING: "still here" });
    const port = await listeningPort(child);
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    child.kill("SIGTERM");
    expect(await inFlight).toEqual({ status: 200, body: { greeting: "still here" } });
    expect(await exitOf(child)).toBe(0);
  });
});

describe("runService's drain on SIGTERM", () => {
  it("answers /readyz 503 at once and serves new connections for DRAIN_DELAY_MS before closing the port", async () => {
    const child = run({ PORT: "0", GREETING: "draining", DRAIN_DELAY_MS: "1500" });
    const exited = exitOf(child);
    const port = await listeningPort(child);
    const signalled = Date.now();
    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const readiness = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ error_code: "ERR_UNAVAILABLE" });
    const served = await fetch(`http://127.0.0.1:${port}/slow`);
    expect(served.status).toBe(200);
    expect(served.headers.get("connection")).toBe("close");
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1500);
  });

  it("still serves a request that reaches it while it closes, instead of a 503 without the error model", async () => {
    // A proxy's request can arrive after closing has begun and before the port closes (here: while a plugin's
    // preClose work runs). It was accepted, so it gets its answer, and that answer closes its connection.
    const child = run({ PORT: "0", GREETING: "closing", PRE_CLOSE_MS: "1000" });
    const exited = exitOf(child);
    const port = await listeningPort(child);
    child.kill("SIGINT");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const late = await fetch(`http://127.0.0.1:${port}/slow`);
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ greeting: "closing" });
    expect(late.headers.get("connection")).toBe("close");
    expect(await exited).toBe(0);
  });
});

describe("runService with tracing on", () => {
  it("refuses a grpc collector plainly, with exit code 1", async () => {
    const child = run({
      PORT: "0",
      GREETING: "hi",
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4317",
      OTEL_EXPORTER_OTLP_PROTOCOL: "grpc",
    });
    expect(await exitOf(child)).toBe(1);
    expect(child.output()).toMatch(/slow-fixture: invalid configuration:\n\s+OTEL_EXPORTER_OTLP_PROTOCOL: grpc is not/);
    expect(child.output()).not.toMatch(/\n\s+at /);
  });

  it("exits on SIGTERM within the flush's bound when its collector takes the connection and never answers", async () => {
    const sockets: Socket[] = [];
    const collector = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
    const collectorPort = (collector.address() as { port: number }).port;
    try {
      const child = run({
        PORT: "0",
        GREETING: "traced",
        DRAIN_DELAY_MS: "0",
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        // Nothing is exported before the end, and an export would wait a minute for its answer.
        OTEL_BSP_SCHEDULE_DELAY: "60000",
        OTEL_EXPORTER_OTLP_TIMEOUT: "60000",
      });
      const exited = exitOf(child);
      const port = await listeningPort(child);
      expect((await fetch(`http://127.0.0.1:${port}/slow`)).status).toBe(200);
      const signalled = Date.now();
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(TRACE_FLUSH_MS + 3_000);
      // The last spans were offered to the collector on the way out.
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      collector.close();
    }
  });
});
