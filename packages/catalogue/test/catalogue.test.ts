import { describe, expect, it } from "vitest";
import {
  type CatalogueRow,
  catalogueFile,
  conformance,
  fastifyPath,
  readCatalogue,
  readCatalogueFile,
  rowKey,
} from "../src/index.js";

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

  it("reads the extra catalogue beside the main one, with no row twice", () => {
    const main = readCatalogueFile(catalogueFile());
    const extra = rows.slice(main.length);
    expect(extra.length).toBeGreaterThan(30);
    expect(extra).toContainEqual(expect.objectContaining({ method: "POST", path: "/secured/filesystem/rename" }));
    expect(extra).toContainEqual(
      expect.objectContaining({ method: "GET", path: "/admin/status", service: "apps-proxy" }),
    );
    expect(new Set(rows.map(rowKey)).size).toBe(rows.length);
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

  it("matches routes by method and path whatever their parameters are named, and checks each one's access", () => {
    const row = (method: string, path: string, auth: CatalogueRow["auth"], service = "svc"): CatalogueRow => ({
      method,
      path,
      auth,
      service,
      handling: "passthrough",
      backend: "apps",
      backendMethod: method,
      backendPath: path,
    });
    const catalogue = [
      row("GET", "/things/{thing-id}", "user"),
      row("POST", "/things", "admin"),
      row("GET", "/admin/things", "admin"),
      row("GET", "/open", "none"),
      row("DELETE", "/things/{thing-id}", "user"),
      row("PUT", "/things/{thing-id}", "user"),
      row("GET", "/elsewhere", "user", "other"),
    ];
    const report = conformance(
      "svc",
      [
        { method: "GET", url: "/things/:id", auth: undefined },
        { method: "POST", url: "/things", auth: undefined },
        { method: "GET", url: "/admin/things", auth: "user" },
        { method: "GET", url: "/open", auth: "optional" },
        { method: "POST", url: "/things/:id", auth: undefined },
        { method: "PUT", url: "/things/:id", auth: "none" },
        { method: "GET", url: "/elsewhere", auth: "user" },
      ],
      ["DELETE /things/{thing-id}", "GET /elsewhere"],
      catalogue,
    );
    expect(report).toEqual({
      missing: [],
      implementedButPending: [],
      unknownPending: ["GET /elsewhere"],
      wrongAccess: [
        "POST /things: catalogue says admin, route says user",
        "PUT /things/{thing-id}: catalogue says user, route says none",
      ],
    });
    expect(conformance("svc", [], [], catalogue).missing).toEqual(catalogue.slice(0, 6).map(rowKey));
  });
});
