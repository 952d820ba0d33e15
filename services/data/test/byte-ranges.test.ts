import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { exactly, partOf } from "../src/byte-ranges.js";

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

describe("a whole file held to its stat's size", () => {
  it("passes the file on as it is when it has the size", async () => {
    const { bytes, source } = fileStream(1000, 64);
    expect(Buffer.concat(await exactly(source, 1000).toArray()).equals(bytes)).toBe(true);
  });

  it("fails when the file has grown or shrunk since its stat, rather than sending other bytes than declared", async () => {
    await expect(exactly(fileStream(1000, 64).source, 999).toArray()).rejects.toThrow(/more bytes than the 999/);
    await expect(exactly(fileStream(1000, 64).source, 1001).toArray()).rejects.toThrow(/fewer bytes than the 1001/);
  });

  it("fails with the source, and ends the source's read when its reader goes away", async () => {
    const failing = new Readable({ read() {} });
    const failed = exactly(failing, 10).toArray();
    failing.destroy(new Error("the backend went away"));
    await expect(failed).rejects.toThrow(/the backend went away/);

    const { source } = fileStream(1000, 64);
    exactly(source, 1000).destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });
});
