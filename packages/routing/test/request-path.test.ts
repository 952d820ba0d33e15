import { describe, expect, it } from "vitest";
import { processRequestPath, RequestPathError } from "../src/index.js";

describe("Traefik's request path processing", () => {
  it("keeps reserved escapes such as %3A and %2F byte for byte", () => {
    expect(processRequestPath("/teams/alice%3Ateam1/members")).toEqual({
      forwardPath: "/teams/alice%3Ateam1/members",
      routingPath: "/teams/alice%3Ateam1/members",
    });
    expect(processRequestPath("/admin/ontologies/v1/http%3A%2F%2Fx.org%2Fo%23T").forwardPath).toBe(
      "/admin/ontologies/v1/http%3A%2F%2Fx.org%2Fo%23T",
    );
  });

  it("upper-cases escapes and decodes unreserved ones", () => {
    expect(processRequestPath("/teams/alice%3ateam1").forwardPath).toBe("/teams/alice%3Ateam1");
    expect(processRequestPath("/te%61ms/%7Ex").forwardPath).toBe("/teams/~x");
  });

  it("removes dot segments and duplicate slashes, encoded dots included (the v3.4.1 migration table)", () => {
    expect(processRequestPath("/foo/../bar").forwardPath).toBe("/bar");
    expect(processRequestPath("/foo/%2E%2E/bar").forwardPath).toBe("/bar");
    expect(processRequestPath("/a//b/./c/").forwardPath).toBe("/a/b/c/");
    expect(processRequestPath("/../..").forwardPath).toBe("/");
    expect(processRequestPath("/foo%2Fbar").routingPath).toBe("/foo%2Fbar");
  });

  it("can leave the path unsanitised when the entrypoint says so", () => {
    expect(processRequestPath("/a//b/../c", { sanitizePath: false }).forwardPath).toBe("/a//b/../c");
  });

  it("encodes characters that may not appear raw and decodes non-reserved escapes for routing only", () => {
    expect(processRequestPath("/a\\b")).toEqual({ forwardPath: "/a%5Cb", routingPath: "/a\\b" });
    expect(processRequestPath("/x%C3%A9y%20z")).toEqual({ forwardPath: "/x%C3%A9y%20z", routingPath: "/xéy z" });
  });

  it("encodes raw bytes as Node hands them over (latin1) and a string's other characters as UTF-8", () => {
    // "é" sent unencoded arrives as its two UTF-8 bytes, one latin1 character each.
    expect(processRequestPath("/caf\u00c3\u00a9")).toEqual({ forwardPath: "/caf%C3%A9", routingPath: "/café" });
    expect(processRequestPath("/\u00ff").forwardPath).toBe("/%FF");
    expect(processRequestPath("/\u20ac")).toEqual({ forwardPath: "/%E2%82%AC", routingPath: "/\u20ac" });
  });

  it.each([
    ["/a%", 'malformed percent-encoding "%" in the request path'],
    ["/a%2", 'malformed percent-encoding "%2" in the request path'],
    ["/a%zzb", 'malformed percent-encoding "%zz" in the request path'],
    ["relative", "the request path must start with /"],
  ])("refuses %s, saying why", (path, reason) => {
    expect(() => processRequestPath(path)).toThrow(RequestPathError);
    expect(() => processRequestPath(path)).toThrow(new RequestPathError(reason));
  });
});
