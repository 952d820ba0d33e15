import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { SHARED_NODE_ARGS } from "../src/index.js";

/**
 * 256 MiB of 64 KiB buffers, each let go at once, as a stream's pieces are, made a MiB at a time between turns of
 * the event loop, with next to no other allocation: prints the most buffer memory held at once and the collections
 * V8 ran meanwhile, by kind.
 */
const STREAMED_PIECES = `
const { PerformanceObserver, constants } = require("node:perf_hooks");
const collections = { young: 0, full: 0 };
new PerformanceObserver((list) => {
  for (const { detail } of list.getEntries()) {
    if (detail.kind === constants.NODE_PERFORMANCE_GC_MINOR) collections.young++;
    if (detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) collections.full++;
  }
}).observe({ entryTypes: ["gc"] });
(async () => {
  let mostHeld = 0;
  for (let piece = 0; piece < 4096; piece++) {
    Buffer.allocUnsafeSlow(65536)[0] = piece;
    if (piece % 16 === 15) {
      mostHeld = Math.max(mostHeld, process.memoryUsage().arrayBuffers);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  setTimeout(() => process.stdout.write(JSON.stringify({ mostHeldMiB: mostHeld / 1048576, ...collections })), 50);
})();
`;

async function streamPieces(nodeArgs: readonly string[]) {
  const { stdout } = await promisify(execFile)(process.execPath, [...nodeArgs, "-e", STREAMED_PIECES]);
  return JSON.parse(stdout) as { mostHeldMiB: number; young: number; full: number };
}

describe("the Node options every service runs with", () => {
  it("have V8 collect a stream's short-lived buffers young, before 32 MiB of them pile up (figure 5)", async () => {
    const withThem = await streamPieces(SHARED_NODE_ARGS);
    expect(withThem.mostHeldMiB).toBeLessThan(32);
    expect(withThem.young).toBeGreaterThanOrEqual(8);
  });

  it("are what it takes: without the young generation's point for buffers, only full collections free them, late", async () => {
    const withoutIt = await streamPieces(SHARED_NODE_ARGS.filter((arg) => !arg.startsWith("--scavenger-max-new")));
    expect(withoutIt.young).toBe(0);
    expect(withoutIt.mostHeldMiB).toBeGreaterThan(60);
  });
});
