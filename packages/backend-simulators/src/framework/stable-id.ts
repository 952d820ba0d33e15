import { createHash } from "node:crypto";

/**
 * A UUID-shaped id that is always the same for the same parts: the id of a row the simulated service made once and
 * kept (a seeded entry, a permission, a user), so that every answer, and every test, names it alike.
 */
export function stableId(...parts: string[]): string {
  const hex = createHash("sha1").update(parts.join("\u0000")).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
