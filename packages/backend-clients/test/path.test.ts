import { describe, expect, it } from "vitest";
import { encodeSegment, path } from "../src/index.js";

describe("backend paths", () => {
  it("encodes each value as exactly one segment", () => {
    expect(path`/teams/${"alice:team 1"}/members`).toBe("/teams/alice%3Ateam%201/members");
    expect(path`/data/${"a/b?c#d"}`).toBe("/data/a%2Fb%3Fc%23d");
  });

  it("never lets a value climb out of its segment", () => {
    expect(encodeSegment("..")).toBe("%2E%2E");
    expect(encodeSegment(".")).toBe("%2E");
    expect(path`/apps/${".."}/comments`).toBe("/apps/%2E%2E/comments");
    expect(encodeSegment("...")).toBe("...");
  });
});
