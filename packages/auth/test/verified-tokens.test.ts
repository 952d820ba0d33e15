import { describe, expect, it } from "vitest";
import { VerifiedTokens } from "../src/verified-tokens.js";

const EXP = 2_000_000_000;

describe("verified-token memory", () => {
  it("answers until the instant the token expires, and not from then on", () => {
    const tokens = new VerifiedTokens({ maxEntries: 10, maxBytes: 1_000_000 });
    tokens.remember("t", { sub: "alice", exp: EXP });
    expect(tokens.get("t", EXP * 1000 - 1)).toEqual({ sub: "alice", exp: EXP });
    expect(tokens.get("t", EXP * 1000)).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it("does not remember a token without an expiry", () => {
    const tokens = new VerifiedTokens({ maxEntries: 10, maxBytes: 1_000_000 });
    tokens.remember("t", { sub: "alice" });
    expect(tokens.get("t", 0)).toBeUndefined();
  });

  it("holds at most its capacity, dropping the least recently used", () => {
    const tokens = new VerifiedTokens({ maxEntries: 2, maxBytes: 1_000_000 });
    tokens.remember("a", { sub: "a", exp: EXP });
    tokens.remember("b", { sub: "b", exp: EXP });
    expect(tokens.get("a", 0)).toBeDefined();
    tokens.remember("c", { sub: "c", exp: EXP });
    expect(tokens.size).toBe(2);
    expect(tokens.get("b", 0)).toBeUndefined();
    expect(tokens.get("a", 0)).toBeDefined();
    expect(tokens.get("c", 0)).toBeDefined();
  });

  it("holds at most its size in bytes, however few the entries, dropping the least recently used", () => {
    const claims = { sub: "alice", exp: EXP, groups: ["x".repeat(1000)] };
    const entryBytes = 1 + JSON.stringify(claims).length;
    const tokens = new VerifiedTokens({ maxEntries: 10_000, maxBytes: 3 * entryBytes });
    for (const token of ["a", "b", "c", "d", "e"]) tokens.remember(token, claims);
    expect(tokens.size).toBe(3);
    expect(tokens.bytes).toBeLessThanOrEqual(3 * entryBytes);
    expect(tokens.get("a", 0)).toBeUndefined();
    expect(tokens.get("e", 0)).toEqual(claims);
  });

  it("answers only for the very token it remembered, though another ends in the same characters", () => {
    const tokens = new VerifiedTokens({ maxEntries: 10, maxBytes: 1_000_000 });
    const signature = "s".repeat(64);
    tokens.remember(`header.alice.${signature}`, { sub: "alice", exp: EXP });
    expect(tokens.get(`header.mallory.${signature}`, 0)).toBeUndefined();
    expect(tokens.get(`header.alice.${signature}`, 0)).toEqual({ sub: "alice", exp: EXP });
    tokens.remember(`header.bob.${signature}`, { sub: "bob", exp: EXP });
    expect(tokens.get(`header.bob.${signature}`, 0)).toEqual({ sub: "bob", exp: EXP });
    expect(tokens.get(`header.alice.${signature}`, 0)).toBeUndefined();
  });

  it("forgets everything on clear", () => {
    const tokens = new VerifiedTokens({ maxEntries: 2, maxBytes: 1_000_000 });
    tokens.remember("a", { sub: "a", exp: EXP });
    tokens.clear();
    expect(tokens.get("a", 0)).toBeUndefined();
  });
});
