import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { CountedBytes } from "../src/counted-bytes.js";

const chunksOf = (...sizes: number[]) => Readable.from(sizes.map((size) => Buffer.alloc(size)));
const tooMany = () => new Error("too many");
const tooFew = () => new Error("too few");

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
    expect(await through(chunksOf(3, 4, 3), new CountedBytes({ most: 10, tooMany, least: 10, tooFew }))).toEqual({
      passed: 10,
      failure: undefined,
    });
  });

  it("fails at the chunk that goes past the most, before passing it on", async () => {
    expect(await through(chunksOf(3, 4, 3, 5), new CountedBytes({ most: 8, tooMany }))).toEqual({
      passed: 7,
      failure: "too many",
    });
  });

  it("fails at the end when fewer than the least came, and only when the least is asked for", async () => {
    expect(await through(chunksOf(3, 4), new CountedBytes({ most: 10, tooMany, least: 10, tooFew }))).toEqual({
      passed: 7,
      failure: "too few",
    });
    expect((await through(chunksOf(3, 4), new CountedBytes({ most: 10, tooMany }))).failure).toBeUndefined();
  });
});
