import { PassThrough, Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { FRAME_BYTES, FRAME_WAIT_MS, singleFileForm } from "../src/multipart-body.js";

/** The body's pieces as they come, with the time each came at. */
async function piecesOf(body: AsyncIterable<Buffer>) {
  const start = performance.now();
  const pieces: { bytes: Buffer; at: number }[] = [];
  for await (const bytes of body) pieces.push({ bytes, at: performance.now() - start });
  return pieces;
}

const boundaryOf = (contentType: string) => /boundary=(.+)$/.exec(contentType)?.[1];

describe("singleFileForm", () => {
  it("sends a file that arrives in small pieces on in frames of FRAME_BYTES, byte for byte", async () => {
    const arriving = Array.from({ length: 700 }, (_, index) => Buffer.alloc(4099, index % 251));
    const form = singleFileForm("file", "data.bin", "application/octet-stream", Readable.from(arriving));
    const [head, ...rest] = (await piecesOf(form.body)).map((piece) => piece.bytes);
    const tail = rest.pop() as Buffer;

    expect(rest.map((frame) => frame.length)).toEqual([FRAME_BYTES, FRAME_BYTES, 700 * 4099 - 2 * FRAME_BYTES]);
    expect(Buffer.concat(rest).equals(Buffer.concat(arriving))).toBe(true);
    const boundary = boundaryOf(form.contentType);
    expect(String(head)).toBe(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="data.bin"\r\n` +
        "content-type: application/octet-stream\r\n\r\n",
    );
    expect(String(tail)).toBe(`\r\n--${boundary}--\r\n`);
  });

  it("sends a trickling file's bytes on after FRAME_WAIT_MS, without waiting for a whole frame", async () => {
    const file = new PassThrough();
    const pieces = piecesOf(singleFileForm("file", "slow.txt", "text/plain", file).body);
    for (const word of ["one", "two", "three"]) {
      file.write(word);
      await sleep(FRAME_WAIT_MS * 5);
    }
    file.end();
    const [, ...parts] = await pieces;
    parts.pop();
    expect(parts.map((piece) => String(piece.bytes))).toEqual(["one", "two", "three"]);
    expect((parts[0] as { at: number }).at).toBeLessThan(FRAME_WAIT_MS * 4);
  });

  it("fails the body when the file fails, so the backend's request is abandoned", async () => {
    const file = new PassThrough();
    const pieces = piecesOf(singleFileForm("file", "cut.bin", "application/octet-stream", file).body);
    file.write(Buffer.alloc(1000));
    setTimeout(() => file.destroy(new Error("the caller went away")), 5);
    await expect(pieces).rejects.toThrow("the caller went away");
  });

  it("sends the whole file, then fails the body without closing the form when beforeEnd fails", async () => {
    const sent: Buffer[] = [];
    const form = singleFileForm("file", "a.bin", "text/plain", Readable.from([Buffer.from("all of it")]), async () => {
      throw new Error("a second file followed");
    });
    await expect(
      (async () => {
        for await (const piece of form.body) sent.push(piece);
      })(),
    ).rejects.toThrow("a second file followed");
    expect(String(Buffer.concat(sent))).toMatch(/\r\n\r\nall of it$/);
  });

  it("quotes a name's quote and backslash", async () => {
    const form = singleFileForm("file", 'a "b" \\c', "text/plain", Readable.from([Buffer.from("x")]));
    const [head] = await piecesOf(form.body);
    expect(String(head?.bytes)).toContain('filename="a \\"b\\" \\\\c"');
  });
});
