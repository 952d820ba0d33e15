import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeMismatches } from "../src/framework/answers.js";
import { createMetadataSimulator, type MetadataSimulator } from "../src/metadata/index.js";
import { SEED_HIERARCHY_ROOTS, SEED_ONTOLOGY_VERSION, SEED_ONTOLOGY_XML } from "../src/metadata/ontology.js";
import { SEED_ATTRIBUTE_IDS, SEED_TEMPLATE_IDS } from "../src/metadata/template-seed.js";
import { type Answer, as } from "./metadata-http.js";

/**
 * Every metadata route answers in the metadata service's shapes (src/metadata/answer-schemas.ts), asked the way the
 * gateway asks (services/data, services/apps-proxy, packages/comments): each route at least once, in an order where
 * what one step makes the next one uses.
 */
let sim: MetadataSimulator;
const covered = new Set<string>();

beforeAll(async () => {
  sim = await createMetadataSimulator().start();
});
afterAll(() => sim.stop());

const simulator = () => sim;
const alice = as(simulator, "alice");
const carol = as(simulator, "carol");

/** Asserts the answer's status and that it matched its route's schema, and records the route as asked. */
async function answered(route: string, asked: Promise<Answer>, status = 200) {
  const answer = await asked;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const mismatches = sim.answerMismatches.splice(0);
  expect(mismatches, describeMismatches(mismatches)).toEqual([]);
  covered.add(route);
  return answer.body;
}

const FILE = randomUUID();
const FOLDER = randomUUID();
const APP = randomUUID();
const FILE_TYPE = { "data-type": "file" };

describe("metadata answers in the metadata service's shapes", () => {
  it("AVUs", async () => {
    const avus = {
      avus: [{ attr: "colour", value: "blue", unit: "", avus: [{ attr: "shade", value: "navy", unit: "" }] }],
    };
    await answered("POST /avus/:targetType/:targetId", alice.post(`/avus/file/${FILE}`, avus));
    await answered("PUT /avus/:targetType/:targetId", alice.put(`/avus/file/${FILE}`, avus));
    await answered("GET /avus/:targetType/:targetId", alice.get(`/avus/file/${FILE}`));
    await answered(
      "POST /avus/:targetType/:targetId/copy",
      alice.post(`/avus/file/${FILE}/copy`, { targets: [{ id: FOLDER, type: "folder" }] }),
    );
    await answered("POST /avus/search", alice.post("/avus/search", { attribute: ["colour"], "target-type": ["file"] }));
    await answered("GET /avus", alice.get("/avus", { attribute: "colour", value: "blue" }));
  });

  it("comments on data items and apps", async () => {
    for (const [prefix, admin, idName, query] of [
      ["/filesystem/data", "/admin/filesystem/data", "dataId", FILE_TYPE],
      ["/apps", "/admin/apps", "appId", {}],
    ] as const) {
      const target = prefix === "/apps" ? APP : FILE;
      const posted = await answered(
        `POST ${prefix}/:${idName}/comments`,
        alice.post(`${prefix}/${target}/comments`, { comment: "a first look" }, query),
      );
      const comment = `${target}/comments/${posted.comment.id}`;
      await answered(`GET ${prefix}/:${idName}/comments`, alice.get(`${prefix}/${target}/comments`));
      await answered(
        `PATCH ${prefix}/:${idName}/comments/:commentId`,
        alice.patch(`${prefix}/${comment}`, undefined, { retracted: "true" }),
      );
      await answered(
        `PATCH ${admin}/:${idName}/comments/:commentId`,
        carol.patch(`${admin}/${comment}`, undefined, { retracted: "true" }),
      );
      await answered(`DELETE ${admin}/:${idName}/comments/:commentId`, carol.delete(`${admin}/${comment}`));
    }
  });

  it("favorites", async () => {
    await answered(
      "PUT /favorites/filesystem/:dataId",
      alice.put(`/favorites/filesystem/${FILE}`, undefined, FILE_TYPE),
    );
    await answered("GET /favorites/filesystem", alice.get("/favorites/filesystem", { "entity-type": "any" }));
    await answered("POST /favorites/filter", alice.post("/favorites/filter", { filesystem: [FILE, FOLDER] }));
    await answered("DELETE /favorites/filesystem/:dataId", alice.delete(`/favorites/filesystem/${FILE}`));
  });

  it("tags", async () => {
    const tag = await answered(
      "POST /tags/user",
      alice.post("/tags/user", { value: "raw data", description: "as read" }),
    );
    await answered("PATCH /tags/user/:tagId", alice.patch(`/tags/user/${tag.id}`, { description: "as sequenced" }));
    await answered("GET /tags/user", alice.get("/tags/user"));
    await answered("GET /tags/suggestions", alice.get("/tags/suggestions", { contains: "raw", limit: "5" }));
    await answered(
      "PATCH /filesystem/data/:dataId/tags",
      alice.patch(`/filesystem/data/${FILE}/tags`, { tags: [tag.id] }, { type: "attach", ...FILE_TYPE }),
    );
    await answered("GET /filesystem/data/:dataId/tags", alice.get(`/filesystem/data/${FILE}/tags`));
    await answered("DELETE /tags/user/:tagId", alice.delete(`/tags/user/${tag.id}`));
  });

  it("ontologies", async () => {
    await answered("GET /ontologies", carol.get("/ontologies"));
    await answered("GET /ontologies/:version", carol.get(`/ontologies/${encodeURIComponent(SEED_ONTOLOGY_VERSION)}`));
    const form = new FormData();
    form.append("ontology-xml", new Blob([SEED_ONTOLOGY_XML], { type: "application/xml" }), "edam.owl");
    const uploaded = fetch(`${sim.url}/admin/ontologies?user=carol`, { method: "POST", body: form }).then(
      async (response) => ({ status: response.status, headers: response.headers, body: await response.json() }),
    );
    const { version } = await answered("POST /admin/ontologies", uploaded);
    const root = `/admin/ontologies/${encodeURIComponent(version)}/${encodeURIComponent(SEED_HIERARCHY_ROOTS[0] ?? "")}`;
    await answered("PUT /admin/ontologies/:version/:rootIri", carol.put(root));
    await answered("DELETE /admin/ontologies/:version/:rootIri", carol.delete(root));
    await answered(
      "DELETE /admin/ontologies/:version",
      carol.delete(`/admin/ontologies/${encodeURIComponent(version)}`),
    );
  });

  it("permanent-id requests", async () => {
    await answered("GET /permanent-id-requests/types", alice.get("/permanent-id-requests/types"));
    await answered("GET /permanent-id-requests/status-codes", alice.get("/permanent-id-requests/status-codes"));
    const request = await answered(
      "POST /permanent-id-requests",
      alice.post("/permanent-id-requests", {
        type: "DOI",
        target_id: FOLDER,
        target_type: "folder",
        original_path: "/iplant/home/alice/data-set",
      }),
    );
    await answered("GET /permanent-id-requests", alice.get("/permanent-id-requests", { limit: "10", offset: "0" }));
    await answered("GET /permanent-id-requests/:requestId", alice.get(`/permanent-id-requests/${request.id}`));
    await answered(
      "GET /admin/permanent-id-requests",
      carol.get("/admin/permanent-id-requests", { "sort-field": "date_submitted", "sort-dir": "DESC" }),
    );
    await answered(
      "GET /admin/permanent-id-requests/:requestId",
      carol.get(`/admin/permanent-id-requests/${request.id}`),
    );
    await answered(
      "POST /admin/permanent-id-requests/:requestId/status",
      carol.post(`/admin/permanent-id-requests/${request.id}/status`, { status: "Evaluation", comments: "looking" }),
    );
  });

  it("templates", async () => {
    const template = SEED_TEMPLATE_IDS.sequencingRun;
    await answered("GET /templates", alice.get("/templates"));
    await answered("GET /templates/:templateId", alice.get(`/templates/${template}`));
    await answered("GET /templates/attr/:attrId", alice.get(`/templates/attr/${SEED_ATTRIBUTE_IDS.instrument}`));
    for (const download of ["blank-csv", "guide-csv", "zip-csv"]) {
      await answered(`GET /templates/:templateId/${download}`, alice.get(`/templates/${template}/${download}`));
    }
    await answered("GET /admin/templates", carol.get("/admin/templates"));
    const added = await answered(
      "POST /admin/templates",
      carol.post("/admin/templates", {
        name: "Field notes",
        description: "what was seen",
        attributes: [
          { name: "site", description: "where", type: "String", required: true },
          { name: "weather", description: "sky", type: "Enum", values: [{ value: "clear", is_default: true }] },
        ],
      }),
    );
    await answered(
      "PUT /admin/templates/:templateId",
      carol.put(`/admin/templates/${added.id}`, {
        name: "Field notes",
        attributes: [{ name: "site", description: "where exactly", type: "String" }],
      }),
    );
    await answered("DELETE /admin/templates/:templateId", carol.delete(`/admin/templates/${added.id}`));
  });

  it("asks every route that declares its answers", () => {
    const declared = sim.declaredRoutes.filter((route) => route.answers).map((route) => `${route.method} ${route.url}`);
    expect(declared.filter((route) => !covered.has(route))).toEqual([]);
  });
});
