import { GatewayError } from "@de-gateway/service-kit";
import { describe, expect, it } from "vitest";
import { checkBackendPath, encodeSegment, path } from "../src/index.js";
import { checkForwardedPath } from "../src/path.js";

describe("backend paths", () => {
  it("encodes each value as exactly one segment", () => {
    expect(path`/teams/${"alice:team 1"}/members`).toBe("/teams/alice%3Ateam%201/members");
    expect(path`/data/${"a/b?c#d"}`).toBe("/data/a%2Fb%3Fc%23d");
  });

  it("refuses a value that is a dot segment, raw or encoded, in any case: encoded, URL parsers resolve it", () => {
    for (const value of [".", "..", "%2E", "%2e%2E", ".%2e", "%2E."]) {
      expect(() => encodeSegment(value)).toThrow(GatewayError);
      expect(() => path`/apps/${value}/comments`).toThrow(/another path of the backend/);
    }
    try {
      encodeSegment("..");
    } catch (error) {
      expect((error as GatewayError).statusCode).toBe(400);
      expect((error as GatewayError).errorCode).toBe("ERR_BAD_PATH");
    }
    expect(encodeSegment("...")).toBe("...");
    expect(encodeSegment(".hidden")).toBe(".hidden");
    expect(encodeSegment("%zz")).toBe("%25zz");
  });

  it("checks whole backend paths, however they were built", () => {
    for (const built of ["/users/%2E%2E", "/users/%2e%2e/x", "/users/./x", "/users/..?user=alice", "/a/%2E"]) {
      expect(() => checkBackendPath(built)).toThrow(GatewayError);
    }
    expect(checkBackendPath("/users/%252E%252E/x?q=..")).toBe("/users/%252E%252E/x?q=..");
    expect(checkBackendPath("/users/...")).toBe("/users/...");
  });

  it("refuses, in a forwarded path, a segment holding a dot segment behind an encoded slash", () => {
    for (const built of ["/apps/..%2Ftools/details", "/apps/a%2F..%2Fb", "/apps/a%2f%2e%2e", "/apps/x%2F.", "/a/%2E"]) {
      expect(() => checkForwardedPath(built), built).toThrow(/another path of the backend/);
      // A handler's own call sends such a value as the one segment it is (a team name with slashes, say).
      if (built !== "/a/%2E") expect(checkBackendPath(built)).toBe(built);
    }
    for (const kept of ["/apps/a%2Fb/details", "/apps/x%2F.hidden", "/apps/a..b%2Fc"]) {
      expect(checkForwardedPath(kept)).toBe(kept);
    }
  });
});
