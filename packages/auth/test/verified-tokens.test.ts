import { describe, expect, it } from "vitest";
import { VerifiedTokens } from "../src/verified-tokens.js";

const EXP = 2_000_000_000;

describe("verified-token memory", () => {
  it("answers until the instant the token expires, and not from then on", () => {
    const tokens = new VerifiedTokens(10);
    tokens.remember("t", { sub: "alice", exp: EXP });
    expect(tokens.get("t", EXP * 1000 - 1)).toEqual({ sub: "alice", exp: EXP });
    expect(tokens.get("t", EXP * 1000)).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it("does not remember a token without an expiry", () => {
    const tokens = new VerifiedTokens(10);
    tokens.remember("t", { sub: "alice" });
    expect(tokens.get("t", 0)).toBeUndefined();
  });

  it("holds at most its capacity, dropping the least recently used", () => {
    const tokens = new VerifiedTokens(2);
    tokens.remember("a", { sub: "a", exp: EXP });
    tokens.remember("b", { sub: "b", exp: EXP });
    expect(tokens.get("a", 0)).toBeDefined();
    tokens.remember("c", { sub: "c", exp: EXP });
    expect(tokens.size).toBe(2);
    expect(tokens.get("b", 0)).toBeUndefined();
    expect(tokens.get("a", 0)).toBeDefined();
    expect(tokens.get("c", 0)).toBeDefined();
  });

  it("forgets everything on clear", () => {
    const tokens = new VerifiedTokens(2);
    tokens.remember("a", { sub: "a", exp: EXP });
    tokens.clear();
    expect(tokens.get("a", 0)).toBeUndefined();
  });
});
