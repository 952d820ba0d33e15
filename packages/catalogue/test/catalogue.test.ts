import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  builtRows,
  type CatalogueRow,
  catalogueFile,
  companionFile,
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
      "subscriptions",
    ]);
  });

  it("reads the client catalogue's rows with their optional and service access, its extra columns ignored", () => {
    const main = readCatalogueFile(catalogueFile());
    const client = readCatalogueFile(companionFile(catalogueFile(), "endpoints-client.tsv") as string);
    expect(client.length).toBe(261);
    expect(rows.slice(-client.length)).toEqual(client);
    expect(rows.length).toBeGreaterThan(main.length + client.length);
    expect(client).toContainEqual({
      method: "GET",
      path: "/apps/{system-id}/{app-id}/details",
      auth: "optional",
      service: "apps-proxy",
      handling: "passthrough",
      backend: "apps",
      backendMethod: "GET",
      backendPath: "/apps/{system-id}/{app-id}/details",
    });
    expect(client).toContainEqual(
      expect.objectContaining({ method: "GET", path: "/service/qms/addons", auth: "service" }),
    );
    expect(client).toContainEqual(
      expect.objectContaining({ method: "HEAD", path: "/bags", backend: "bags", backendPath: "/{username}" }),
    );
  });

  it("reads the extra catalogue beside the main one, with no row twice", () => {
    const main = readCatalogueFile(catalogueFile());
    const extra = readCatalogueFile(companionFile(catalogueFile(), "endpoints-extra.tsv") as string);
    expect(rows.slice(main.length, main.length + extra.length)).toEqual(extra);
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
    // The seed's oauth rows alone: the client catalogue adds more.
    const seed = readCatalogueFile(catalogueFile());
    const sample = seed.filter((row) => row.service === "oauth");
    const none = conformance("oauth", [], [], seed);
    expect(none.missing).toEqual(sample.map((row) => `${row.method} ${row.path}`));

    const registered = [{ method: "GET", url: "/secured/oauth/access-code/:api", auth: "none" }];
    const report = conformance("oauth", registered, ["GET /secured/oauth/access-code/{api-name}", "GET /nope"], seed);
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
      row("GET", "/browse", "optional"),
      row("GET", "/browse/{thing-id}", "optional"),
      row("GET", "/service/things", "service"),
      row("PUT", "/service/things", "service"),
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
        { method: "GET", url: "/browse", auth: "optional" },
        { method: "GET", url: "/browse/:id", auth: "none" },
        { method: "GET", url: "/service/things", auth: "service" },
        { method: "PUT", url: "/service/things", auth: "user" },
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
        "GET /browse/{thing-id}: catalogue says optional, route says none",
        "PUT /service/things: catalogue says service, route says user",
      ],
    });
    expect(conformance("svc", [], [], catalogue).missing).toEqual(
      catalogue.filter((entry) => entry.service === "svc").map(rowKey),
    );
  });
});

describe("built rows", () => {
  it("are a service's rows less those its pending list names", () => {
    const dir = mkdtempSync(join(tmpdir(), "pending-"));
    const file = join(dir, "pending.txt");
    writeFileSync(file, "# not yet\nGET /secured/oauth/access-code/{api-name}\n");
    const rows = readCatalogue();
    const oauth = rows.filter((row) => row.service === "oauth");
    expect(builtRows("oauth", file, rows)).toEqual(oauth.slice(1));
    expect(oauth[0]).toMatchObject({ method: "GET", path: "/secured/oauth/access-code/{api-name}" });
    rmSync(dir, { recursive: true });
  });
});
