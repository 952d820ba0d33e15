import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { CountedBytes } from "../src/counted-bytes.js";

const chunksOf = (...sizes: number[]) => Readable.from(sizes.map((size) => Buffer.alloc(size)));
const most = (bytes: number) => ({ bytes, error: () => new Error("too many") });
const least = (bytes: number) => ({ bytes, error: () => new Error("too few") });

/** The bytes that came through before the stream ended or failed, and how it failed. */
async function through(source: Readable, counted: CountedBytes) {
  let passed = 0;
  counted.on("data", (chunk: Buffer) => {
    passed += chunk.length;
  });
  const failure = await pipeline(source, counted).then(
    () => undefined,
    (error: Error) => error.message,
  );
  return { passed, failure };
}

describe("counted bytes", () => {
  it("passes bytes within their bounds on as they come", async () => {
    expect(await through(chunksOf(3, 4, 3), new CountedBytes({ most: most(10), least: least(10) }))).toEqual({
      passed: 10,
      failure: undefined,
    });
  });

  it("fails at the chunk that goes past the most, before passing it on", async () => {
    expect(await through(chunksOf(3, 4, 3, 5), new CountedBytes({ most: most(8) }))).toEqual({
      passed: 7,
      failure: "too many",
    });
  });

  it("fails at the end when fewer than the least came, and only when the least is asked for", async () => {
    expect(await through(chunksOf(3, 4), new CountedBytes({ most: most(10), least: least(10) }))).toEqual({
      passed: 7,
      failure: "too few",
    });
    expect((await through(chunksOf(3, 4), new CountedBytes({ most: most(10) }))).failure).toBeUndefined();
  });
});
