/** The bytes a `Range` header asks for, inclusive at both ends. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a single-range `Range: bytes=a-b | a- | -n` header against a file size. Anything else
 * (several ranges, other units, nonsense) is ignored, as RFC 9110 allows, and the whole file is sent;
 * a well-formed range that starts past the end is unsatisfiable.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    const suffix = Number(last);
    return suffix === 0 || size === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return undefined;
  if (start >= size) return "unsatisfiable";
  return { start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}
