import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { RequestLog } from "../src/request-log.js";
import { RequestLogger } from "../src/request-logger.js";

const fixture = fileURLToPath(new URL("./fixtures/slow-server.ts", import.meta.url));
const packageDir = fileURLToPath(new URL("..", import.meta.url));

/** The fixture service as a process at LOG_LEVEL=info, its stdout (JSON lines, as in containers) collected. */
function runLogging(env: Record<string, string> = {}): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", fixture], {
    cwd: packageDir,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", HOST: "127.0.0.1", PORT: "0", GREETING: "hi", ...env },
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  return Object.assign(child, { output: () => output });
}

async function until<T>(find: () => T | undefined, what: string, output: () => string): Promise<T> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${what} in: ${output()}`);
}

/** The request lines a fixture process wrote so far. */
const requestLines = (child: { output: () => string }) =>
  child
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.reqId !== undefined);

describe("request logging", () => {
  it("writes one JSON line per request, once answered, with method, url, status and time", async () => {
    const child = runLogging();
    try {
      const port = await until(() => /listening (\d+)/.exec(child.output())?.[1], "port", child.output);
      await fetch(`http://127.0.0.1:${port}/slow`);
      await fetch(`http://127.0.0.1:${port}/nowhere`);
      const entries = () => requestLines(child);
      await until(() => (entries().length >= 2 ? true : undefined), "two request lines", child.output);
      const lines = entries();
      expect(lines).toHaveLength(2);
      expect(lines.map((entry) => entry.msg)).toEqual(["request completed", "request completed"]);
      expect(lines[0]).toMatchObject({
        level: 30,
        req: { method: "GET", url: "/slow", remoteAddress: "127.0.0.1" },
        res: { statusCode: 200 },
      });
      expect(lines[0]?.responseTime).toBeGreaterThanOrEqual(500);
      expect(lines[1]).toMatchObject({ req: { method: "GET", url: "/nowhere" }, res: { statusCode: 404 } });
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("writes every line before the process exits, though lines are written in batches", async () => {
    const child = runLogging({ DRAIN_DELAY_MS: "0" });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const port = await until(() => /listening (\d+)/.exec(child.output())?.[1], "port", child.output);
    await fetch(`http://127.0.0.1:${port}/nowhere`);
    // At once: the lines are still waiting for their batch to fill or its time to come.
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const lines = child
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(["request completed", "draining"]));
    expect(lines.find((line) => line.msg === "request completed")?.req?.url).toBe("/nowhere");
  });

  it("writes every line of a burst, more than one batch, before the process exits, in the order they came", async () => {
    const child = runLogging({ DRAIN_DELAY_MS: "0" });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const port = await until(() => /listening (\d+)/.exec(child.output())?.[1], "port", child.output);
    // About 40 KiB of completed lines: batches handed on while the process runs, and the rest at its exit.
    for (let index = 0; index < 80; index++) await fetch(`http://127.0.0.1:${port}/nowhere-${index}`);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const urls = requestLines(child).map((entry) => (entry.req as { url: string }).url);
    expect(urls).toEqual(Array.from({ length: 80 }, (_, index) => `/nowhere-${index}`));
  });

  it("logs only the failures with REQUEST_LOG=failures, for deployments whose entrypoint logs every request", async () => {
    const child = runLogging({ REQUEST_LOG: "failures" });
    try {
      const port = await until(() => /listening (\d+)/.exec(child.output())?.[1], "port", child.output);
      await fetch(`http://127.0.0.1:${port}/slow`);
      await fetch(`http://127.0.0.1:${port}/nowhere`);
      await until(() => (requestLines(child).length >= 1 ? true : undefined), "a request line", child.output);
      await fetch(`http://127.0.0.1:${port}/nowhere-either`);
      await until(() => (requestLines(child).length >= 2 ? true : undefined), "two request lines", child.output);
      expect(requestLines(child).map((entry) => (entry.req as { url: string }).url)).toEqual([
        "/nowhere",
        "/nowhere-either",
      ]);
    } finally {
      child.kill("SIGKILL");
    }
  });
});

describe("the failures-only request log (the edge's)", () => {
  function answered(statusCode: number) {
    const lines: Array<[string, string]> = [];
    // The service's logger: a request's own lines (here: "request errored") go through it.
    const parent = {
      level: "info",
      child: () => ({ error: (_entry: unknown, message: string) => lines.push(["error", message]) }),
    } as unknown as FastifyBaseLogger;
    const log = new RequestLogger(parent, { reqId: "r-1" }, {});
    const reply = { statusCode, elapsedTime: 1.5, log } as unknown as FastifyReply;
    const request = { method: "GET", url: "/x", host: "gateway", ip: "127.0.0.1" } as unknown as FastifyRequest;
    const destination = {
      write: (line: string) => lines.push(["info", (JSON.parse(line) as { msg: string }).msg]),
    };
    const requestLog = new RequestLog("failures", {
      destination,
      base: { pid: 1, hostname: "host", name: "edge" },
    });
    return { lines, reply, request, requestLog };
  }

  it("leaves out answered requests that succeeded", () => {
    const { lines, reply, request, requestLog } = answered(200);
    requestLog.requestCompleted(null, request, reply);
    expect(lines).toEqual([]);
  });

  it("logs 4xx and 5xx answers and errored requests", () => {
    for (const status of [404, 502]) {
      const { lines, reply, request, requestLog } = answered(status);
      requestLog.requestCompleted(null, request, reply);
      expect(lines).toEqual([["info", "request completed"]]);
    }
    const { lines, reply, request, requestLog } = answered(200);
    requestLog.requestCompleted(new Error("socket hang up"), request, reply);
    expect(lines).toEqual([["error", "request errored"]]);
  });
});
