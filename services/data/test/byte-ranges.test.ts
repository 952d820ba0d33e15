import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { partOf } from "../src/byte-ranges.js";

/** A file of `size` bytes (0, 1, 2, …) streamed in chunks of `chunk` bytes. */
const fileStream = (size: number, chunk: number) => {
  const bytes = Buffer.from(Array.from({ length: size }, (_, index) => index % 256));
  const chunks = Array.from({ length: Math.ceil(size / chunk) }, (_, index) =>
    bytes.subarray(index * chunk, (index + 1) * chunk),
  );
  return { bytes, source: Readable.from(chunks, { objectMode: false }) };
};

describe("a part of a streamed file", () => {
  it("is cut across chunk boundaries, and the source is left once the part is read", async () => {
    const { bytes, source } = fileStream(1000, 64);
    const part = Buffer.concat(await partOf(source, { start: 60, end: 200 }).toArray());
    expect(part.equals(bytes.subarray(60, 201))).toBe(true);
    expect(source.destroyed).toBe(true);
  });

  it("fails, rather than ending short, when the file ends before the part does (it shrank since its stat)", async () => {
    const { source } = fileStream(100, 64);
    await expect(partOf(source, { start: 50, end: 199 }).toArray()).rejects.toThrow(/ended after 100 bytes/);
  });
});
