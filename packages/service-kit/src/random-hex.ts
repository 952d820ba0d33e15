import { randomFillSync } from "node:crypto";

// A crypto call per id was 7 % of a proxied request's CPU (two ids per request: trace and span). The ids come
// from a pool of cryptographically random bytes instead, refilled in one call when used up.
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let used = POOL_BYTES;

/** `bytes` random bytes as lower-case hex, never the same bytes twice. */
export function randomHex(bytes: number): string {
  if (bytes > POOL_BYTES) throw new RangeError(`at most ${POOL_BYTES} random bytes at a time`);
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const hex = pool.toString("hex", used, used + bytes);
  used += bytes;
  return hex;
}
