import { pipeline, Readable } from "node:stream";
import { CountedBytes } from "@de-gateway/service-kit";
import { parse as parseRange, type Range } from "range-parser";

/** What a download answers to the caller's `Range`: the whole file (200), one part of it (206), or nothing (416). */
export type RangeAnswer = { kind: "whole" } | { kind: "part"; range: Range } | { kind: "unsatisfiable" };

const WHOLE: RangeAnswer = { kind: "whole" };

/**
 * The answer to `Range` and `If-Range` for a file of `size` bytes whose `Last-Modified` is `lastModified`, as RFC 9110
 * lets a server answer: one satisfiable byte range → that part; byte ranges none of which the file has → 416. Anything
 * else is answered with the whole file: no range, another unit, a header that does not parse, several ranges (no
 * multipart answers are made), or an `If-Range` that is not the file's last modification (an entity tag, or another
 * date: the file has changed since the part before was fetched, so resuming would mix two versions).
 */
export function rangeAnswer(
  range: string | undefined,
  ifRange: string | undefined,
  size: number,
  lastModified: string,
): RangeAnswer {
  if (!range) return WHOLE;
  if (ifRange !== undefined && Date.parse(ifRange) !== Date.parse(lastModified)) return WHOLE;
  const parsed = parseRange(size, range);
  // Bit 1: a range that does not parse; the header is then ignored as a whole.
  if (parsed.type !== "bytes" || parsed.code & 1) return WHOLE;
  const [only, ...more] = parsed.ranges;
  if (!only) return { kind: "unsatisfiable" };
  return more.length ? WHOLE : { kind: "part", range: only };
}

/**
 * The bytes of `range` out of a stream of the whole file. The source is left as soon as the range is read; one that
 * ends before the range does is an error, so that the answer is cut off rather than short of its declared length.
 */
export function partOf(source: Readable, { start, end }: Range): Readable {
  async function* part(): AsyncGenerator<Buffer> {
    let offset = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const next = offset + chunk.length;
      if (next > start) yield chunk.subarray(Math.max(start - offset, 0), Math.min(end + 1 - offset, chunk.length));
      offset = next;
      if (offset > end) return;
    }
    throw new Error(`the file ended after ${offset} bytes, before the end of the range asked for (${end + 1})`);
  }
  return Readable.from(part(), { objectMode: false });
}

/**
 * A stream of the whole file that holds to the `size` of its stat, so that the answer can declare it as its
 * `Content-Length` (browsers show a download's progress only then): a file that has grown or shrunk since its stat
 * fails the answer, which is then cut off, rather than sending other bytes than it declared. A caller who goes away
 * ends the read of the source.
 */
export function exactly(source: Readable, size: number): Readable {
  const changed = (than: string) => () => new Error(`the file sent ${than} bytes than the ${size} of its stat`);
  const held = new CountedBytes({
    most: { bytes: size, error: changed("more") },
    least: { bytes: size, error: changed("fewer") },
  });
  return pipeline(source, held, () => {
    // The answer carries the failure: Fastify ends the response when the returned stream fails.
  });
}
