import { describe, expect, it } from "vitest";
import { conformance, fastifyPath, readCatalogue } from "../src/index.js";

describe("endpoint catalogue", () => {
  const rows = readCatalogue();

  it("reads every row of the shared catalogue with a known owner", () => {
    expect(rows.length).toBeGreaterThan(200);
    const services = new Set(rows.map((row) => row.service));
    expect([...services].sort()).toEqual([
      "apps-proxy",
      "data",
      "groups",
      "identity-session",
      "notifications",
      "oauth",
    ]);
  });

  it("converts catalogue paths to Fastify paths", () => {
    expect(fastifyPath("/teams/{name}/join-request/{requester}/deny")).toBe(
      "/teams/:name/join-request/:requester/deny",
    );
  });

  it("reports missing rows, stale pending entries, unknown pending entries and wrong access", () => {
    const sample = rows.filter((row) => row.service === "oauth");
    const none = conformance("oauth", [], [], rows);
    expect(none.missing).toEqual(sample.map((row) => `${row.method} ${row.path}`));

    const registered = [{ method: "GET", url: "/secured/oauth/access-code/:api", auth: "none" }];
    const report = conformance("oauth", registered, ["GET /secured/oauth/access-code/{api-name}", "GET /nope"], rows);
    expect(report.missing).toEqual([]);
    expect(report.implementedButPending).toEqual(["GET /secured/oauth/access-code/{api-name}"]);
    expect(report.unknownPending).toEqual(["GET /nope"]);
    expect(report.wrongAccess).toHaveLength(1);
  });
});
