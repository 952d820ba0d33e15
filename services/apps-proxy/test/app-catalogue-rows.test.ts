import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALICES_ALIGNER, COUNT_THEN_CHECK, WORD_COUNT } from "./seed.js";
import { sender, startAppsProxy } from "./support.js";

// Categories, elements, pipeline versions, administrators' documentation and tool-request deletions by the client's
// paths.
let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

const ELEMENT_KINDS = [
  "data-sources",
  "file-formats",
  "info-types",
  "parameter-types",
  "rule-types",
  "tool-types",
  "value-types",
];

describe("app categories by system", () => {
  it("lists a category's apps by system id, and administrators create, rename and delete categories there", async () => {
    const tree = (await send("carol", "GET", "/admin/apps/categories")).json();
    const root = tree.categories[0];
    const created = await send("carol", "POST", "/admin/apps/categories/de", { name: "Counting", parent_id: root.id });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    // The backend's categorization request names each category by system and id (AppCategorizationRequest).
    const placed = await send("carol", "POST", "/admin/apps", {
      categories: [{ system_id: "de", app_id: WORD_COUNT, category_ids: [{ system_id: "de", id }] }],
    });
    expect(placed.statusCode).toBe(200);
    const listed = await send("bob", "GET", `/apps/categories/de/${id}?limit=10&offset=0&sort-field=name&sort-dir=ASC`);
    expect(listed.json()).toMatchObject({ id, name: "Counting", apps: [{ id: WORD_COUNT }] });
    const renamed = await send("carol", "PATCH", `/admin/apps/categories/de/${id}`, { name: "Tallies" });
    expect(renamed.json()).toMatchObject({
      system_id: "de",
      id,
      name: "Tallies",
      total: 1,
      apps: [{ id: WORD_COUNT }],
    });
    // The apps service deletes only a category that holds no apps.
    expect((await send("carol", "DELETE", `/admin/apps/categories/de/${id}`)).statusCode).toBe(400);
    await send("carol", "POST", "/admin/apps", {
      categories: [{ system_id: "de", app_id: WORD_COUNT, category_ids: [] }],
    });
    const deleted = await send("carol", "DELETE", `/admin/apps/categories/de/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body).toBe("");
    expect((await send("bob", "GET", `/apps/categories/de/${id}`)).statusCode).toBe(404);
  });

  it("refuses HPC categorization and unknown systems, and non-administrators", async () => {
    const refused = await send("carol", "POST", "/admin/apps/categories/tapis", { name: "HPC", parent_id: "x" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ reason: "HPC apps cannot be placed in DE app categories." });
    expect((await send("carol", "DELETE", "/admin/apps/categories/nope/some-id")).statusCode).toBe(400);
    expect((await send("alice", "POST", "/admin/apps/categories/de", { name: "X", parent_id: "y" })).statusCode).toBe(
      403,
    );
  });
});

describe("app elements by kind", () => {
  it("answers each of the seven kinds the reference names", async () => {
    for (const kind of ELEMENT_KINDS) {
      const answer = await send("bob", "GET", `/apps/elements/${kind}`);
      expect(answer.statusCode, kind).toBe(200);
      // Each listing under its own key; file formats under `formats` (common-swagger-api FileFormatListing).
      const key = kind === "file-formats" ? "formats" : kind.replace(/-/g, "_");
      expect(answer.json()[key], kind).toEqual(expect.any(Array));
    }
  });
});

describe("pipeline versions", () => {
  it("adds a version to a pipeline, replaces it, reads its ui and copies it", async () => {
    const created = (await send("bob", "POST", "/apps/pipelines", { name: "Counting", ...COUNT_THEN_CHECK })).json();
    const added = await send("bob", "POST", `/apps/pipelines/${created.id}/versions`, {
      name: "Counting",
      version: "2.0",
      ...COUNT_THEN_CHECK,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ version: "2.0", steps: [{}, {}] });
    const first = created.version_id as string;
    const replaced = await send("bob", "PUT", `/apps/pipelines/${created.id}/versions/${first}`, {
      name: "Counting",
      description: "once",
      ...COUNT_THEN_CHECK,
    });
    expect(replaced.json()).toMatchObject({ version_id: first, description: "once", steps: [{}, {}] });
    const ui = await send("bob", "GET", `/apps/pipelines/${created.id}/versions/${first}/ui`);
    expect(ui.json().steps).toHaveLength(2);
    const copy = await send("alice", "POST", `/apps/pipelines/${created.id}/versions/${first}/copy`);
    expect(copy.statusCode).toBe(403);
    const own = await send("bob", "POST", `/apps/pipelines/${created.id}/versions/${first}/copy`);
    expect(own.json()).toMatchObject({ name: "Copy of Counting", steps: [{}, {}] });
    const noVersion = await send("bob", "POST", `/apps/pipelines/${created.id}/versions`, {
      name: "x",
      ...COUNT_THEN_CHECK,
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
  });
});

describe("administrators' documentation and details by system id", () => {
  it("adds and changes any app's documentation, also of one version", async () => {
    const added = await send("carol", "POST", `/admin/apps/de/${ALICES_ALIGNER}/documentation`, {
      documentation: "# Aligner",
    });
    expect(added.json()).toMatchObject({ app_id: ALICES_ALIGNER, documentation: "# Aligner", created_by: "carol" });
    const { version_id } = (await send("carol", "GET", `/admin/apps/de/${ALICES_ALIGNER}/details`)).json();
    const changed = await send(
      "carol",
      "PATCH",
      `/admin/apps/de/${ALICES_ALIGNER}/versions/${version_id}/documentation`,
      { documentation: "# Aligner, revised" },
    );
    expect(changed.json()).toMatchObject({ documentation: "# Aligner, revised", modified_by: "carol" });
    expect((await send("alice", "GET", `/apps/de/${ALICES_ALIGNER}/documentation`)).json()).toMatchObject({
      documentation: "# Aligner, revised",
    });
    expect(
      (await send("carol", "GET", `/admin/apps/de/${ALICES_ALIGNER}/versions/${version_id}/details`)).json(),
    ).toMatchObject({ id: ALICES_ALIGNER, version_id });
    expect((await send("carol", "DELETE", `/admin/apps/de/${ALICES_ALIGNER}`)).statusCode).toBe(200);
    expect(service.platform.apps.state.catalog.apps.get(ALICES_ALIGNER)?.deleted).toBe(true);
  });
});

describe("deleting tool requests", () => {
  it("deletes a tool request, and a status code only when no request uses it", async () => {
    const request = {
      name: "samtools",
      description: "SAM tools",
      source_url: "https://example.org/samtools.tgz",
      documentation_url: "https://example.org/samtools",
      version: "1.19",
      test_data_path: "/iplant/home/bob/test.sam",
      cmd_line: "samtools view",
    };
    const submitted = (await send("bob", "POST", "/tool-requests", request)).json();
    const codes = (await send("carol", "GET", "/tool-requests/status-codes")).json().status_codes;
    const submittedCode = codes.find((code: { name: string }) => code.name === "Submitted");
    const failedCode = codes.find((code: { name: string }) => code.name === "Failed");
    const inUse = await send("carol", "DELETE", `/admin/tool-requests/status-codes/${submittedCode.id}`);
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json()).toMatchObject({ error_code: "ERR_NOT_WRITEABLE" });
    expect((await send("carol", "DELETE", `/admin/tool-requests/status-codes/${failedCode.id}`)).statusCode).toBe(200);
    expect((await send("alice", "DELETE", `/admin/tool-requests/${submitted.id}`)).statusCode).toBe(403);
    expect((await send("carol", "DELETE", `/admin/tool-requests/${submitted.id}`)).statusCode).toBe(200);
    expect((await send("carol", "GET", `/admin/tool-requests/${submitted.id}`)).statusCode).toBe(404);
    expect((await send("carol", "DELETE", `/admin/tool-requests/${submitted.id}`)).statusCode).toBe(404);
  });
});
