import { describe, expect, it } from "vitest";
import { randomHex, randomUuid } from "../src/random-ids.js";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("random ids", () => {
  it("makes version 4 UUIDs, never the same twice, across refills of the pool", () => {
    // 1,000 UUIDs take 16,000 bytes: the 4 KiB pool is refilled at least three times on the way.
    const made = Array.from({ length: 1000 }, () => randomUuid());
    for (const uuid of made) expect(uuid).toMatch(UUID_V4);
    expect(new Set(made).size).toBe(made.length);
  });

  it("draws every random digit of a UUID from the whole range", () => {
    const made = Array.from({ length: 2000 }, () => randomUuid().replaceAll("-", ""));
    // Digit 12 is the version; digit 16 holds the variant's two bits and two random ones.
    for (let digit = 0; digit < 32; digit += 1) {
      const seen = new Set(made.map((uuid) => uuid[digit]));
      expect(seen.size, `digit ${digit}`).toBe(digit === 12 ? 1 : digit === 16 ? 4 : 16);
    }
  });

  it("makes hex ids of the length asked for, never the same twice", () => {
    const made = Array.from({ length: 1000 }, () => randomHex(8));
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(made).size).toBe(made.length);
    expect(() => randomHex(4097)).toThrow(RangeError);
  });
});
