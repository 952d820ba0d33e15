import { createServer } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Simulator } from "../src/framework/simulator.js";

/** Linux's ephemeral ports (ip_local_port_range), which outgoing connections take their local ports from. */
const EPHEMERAL_FROM = 32_768;

const simulator = () =>
  new Simulator(
    "ports-fixture",
    () => ({}),
    (app) => {
      app.get("/hello", async () => ({ hello: "world" }));
    },
  );

const portOf = (url: string) => Number(new URL(url).port);

/** What each test started, closed after it. */
const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const close of closers.splice(0)) await close();
});

describe("simulator ports", () => {
  it("listens below the ephemeral range, so that a restart finds its port free of outgoing connections", async () => {
    const started = await simulator().start();
    closers.push(() => started.dispose());
    const port = portOf(started.url);
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(EPHEMERAL_FROM);
    await started.stop();
    await started.start();
    expect(portOf(started.url)).toBe(port);
    expect(await (await fetch(`${started.url}/hello`)).json()).toEqual({ hello: "world" });
  });

  it("tries another port when the one it picked is taken", async () => {
    const taken = createServer();
    await new Promise<void>((done) => taken.listen(20_007, "127.0.0.1", done));
    closers.push(() => new Promise((done) => taken.close(done)));
    // The port picker's draws (others, Fastify's among them, draw as they always do): the taken port, then another.
    const picks = [7.5 / 12_768, 0.5];
    const random = Math.random;
    vi.spyOn(Math, "random").mockImplementation(() =>
      new Error().stack?.includes("listenOnFreePort") ? (picks.shift() ?? random()) : random(),
    );
    const started = await simulator().start();
    closers.push(() => started.dispose());
    expect(picks).toEqual([]);
    expect(portOf(started.url)).toBe(20_000 + Math.floor(0.5 * 12_768));
  });
});
