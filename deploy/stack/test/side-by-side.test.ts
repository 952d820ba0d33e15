import { describe, expect, it } from "vitest";
import { isWarm, processTimes, workerTicks } from "../bench/side-by-side.js";

describe("the benches' warm-up", () => {
  it("reads a process's V8 worker threads' CPU time and all of its threads'", () => {
    const ticks = workerTicks(process.pid);
    expect(ticks).toBeDefined();
    expect(ticks?.workers).toBeGreaterThanOrEqual(0);
    expect(ticks?.all).toBeGreaterThanOrEqual(ticks?.workers ?? 0);
    expect(workerTicks(2 ** 30)).toBeUndefined();
  });

  it("goes on while V8's workers take a share of the CPU, as while the JIT compiles, and ends once they do not", () => {
    const before = { workers: 100, all: 1000 };
    expect(isWarm(before, { workers: 140, all: 1160 })).toBe(false);
    expect(isWarm(before, { workers: 109, all: 1160 })).toBe(false);
    expect(isWarm(before, { workers: 103, all: 1160 })).toBe(true);
  });

  it("counts a process the target does not load, or one it cannot see, as warm", () => {
    expect(isWarm({ workers: 100, all: 1000 }, { workers: 102, all: 1004 })).toBe(true);
    expect(isWarm(undefined, { workers: 102, all: 1004 })).toBe(true);
  });
});

describe("a process's costs as compare-builds reads them", () => {
  it("counts the page faults of memory the process touches for the first time", () => {
    const pageBytes = 4096;
    const pages = 4096;
    const before = processTimes(process.pid);
    // Fresh memory, touched a page at a time: each first touch is a minor fault.
    const buffer = Buffer.allocUnsafeSlow(pages * pageBytes);
    for (let offset = 0; offset < buffer.length; offset += pageBytes) buffer[offset] = 1;
    const after = processTimes(process.pid);
    expect(after.pageFaults - before.pageFaults).toBeGreaterThanOrEqual(pages / 2);
    expect(after.cpu).toBeGreaterThanOrEqual(before.cpu);
    expect(after.kernel).toBeLessThanOrEqual(after.cpu);
  });
});
