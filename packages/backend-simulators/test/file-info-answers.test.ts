import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedId } from "../src/file-info/index.js";
import { describeMismatches } from "../src/framework/answers.js";
import { createMetadataSimulator, type MetadataSimulator } from "../src/metadata/index.js";
import { type Answer, call, dataPathUrl, type Sim, startFileInfo, upload } from "./file-info-client.js";

/**
 * Every file-info route answers in data-info's shapes (src/file-info/answer-schemas.ts), asked the way the
 * gateway asks (services/data): each route once, in an order where what one step makes the next one uses.
 */
let sim: Sim;
let metadata: MetadataSimulator;
const covered = new Set<string>();

beforeAll(async () => {
  metadata = await createMetadataSimulator().start();
  sim = await startFileInfo(metadata);
});
afterAll(() => Promise.all([sim.dispose(), metadata.dispose()]));

const HOME = "/iplant/home/alice";
const NOTES = `${HOME}/notes.txt`;
const CSV = `${HOME}/measurements.csv`;
const DOCUMENTS = `${HOME}/documents`;

/** Asserts the answer's status and that it matched its route's schema, and records the route as asked. */
async function answered(route: string, asked: Promise<Answer | Pick<Answer, "status" | "body">>, status = 200) {
  const answer = await asked;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const mismatches = sim.answerMismatches.splice(0);
  expect(mismatches, describeMismatches(mismatches)).toEqual([]);
  covered.add(route);
  return answer.body;
}

const alice = (method: string, path: string, options: Parameters<typeof call>[3] = {}) =>
  call(sim, method, path, { user: "alice", ...options });

describe("file-info answers in data-info's shapes", () => {
  it("navigation", async () => {
    await answered("GET /navigation/base-paths", alice("GET", "/navigation/base-paths"));
    await answered("GET /navigation/root", alice("GET", "/navigation/root"));
    await answered("GET /navigation/path/:zone/*", alice("GET", "/navigation/path/iplant/home/alice"));
  });

  it("listings, stats and lookups", async () => {
    const page = await answered(
      "GET /data/path/:zone/*",
      alice("GET", dataPathUrl(HOME), { query: { limit: "10", "sort-field": "name", "sort-dir": "ASC" } }),
    );
    expect(page.files.length).toBeGreaterThan(0);
    await answered("GET /data/uuid", alice("GET", "/data/uuid", { query: { path: NOTES } }));
    const stats = { paths: [NOTES, DOCUMENTS], ids: [seedId(CSV)] };
    await answered("POST /stat-gatherer", alice("POST", "/stat-gatherer", { json: stats }));
    await answered("POST /path-info", alice("POST", "/path-info", { json: stats }));
    await answered(
      "POST /path-info",
      alice("POST", "/path-info", { json: { paths: [NOTES] }, query: { "filter-include": "id,path" } }),
    );
    await answered(
      "POST /existence-marker",
      alice("POST", "/existence-marker", { json: { paths: [NOTES, `${HOME}/x`] } }),
    );
    await answered(
      "POST /stat-lister",
      alice("POST", "/stat-lister", {
        json: { ids: [seedId(NOTES), seedId(DOCUMENTS)] },
        query: { "sort-field": "name", "sort-dir": "ASC", limit: "10", offset: "0" },
      }),
    );
    await answered("GET /file-types", call(sim, "GET", "/file-types"));
  });

  it("reading contents", async () => {
    const id = seedId(CSV);
    await answered(
      "GET /data/:id/chunks",
      alice("GET", `/data/${id}/chunks`, { query: { position: "0", size: "64" } }),
    );
    await answered(
      "GET /data/:id/chunks-tabular",
      alice("GET", `/data/${id}/chunks-tabular`, { query: { separator: ",", page: "1", size: "1024" } }),
    );
    await answered("GET /data/:id/manifest", alice("GET", `/data/${id}/manifest`));
  });

  it("tickets, permissions and anonymous access", async () => {
    const created = await answered(
      "POST /tickets",
      alice("POST", "/tickets", { query: { public: "false", mode: "read" }, json: { paths: [NOTES] } }),
    );
    await answered("POST /ticket-lister", alice("POST", "/ticket-lister", { json: { paths: [NOTES] } }));
    await answered(
      "POST /ticket-deleter",
      alice("POST", "/ticket-deleter", { json: { tickets: [created.tickets[0]["ticket-id"]] } }),
    );
    await answered("POST /permissions-gatherer", alice("POST", "/permissions-gatherer", { json: { paths: [NOTES] } }));
    await answered("POST /anonymizer", alice("POST", "/anonymizer", { json: { paths: [NOTES] } }));
    const shared = await answered(
      "POST /sharer",
      alice("POST", "/sharer", { json: { sharing: [{ user: "bob", paths: [{ path: CSV, permission: "read" }] }] } }),
    );
    expect(shared.sharing[0].sharing[0].success).toBe(true);
    await answered(
      "POST /unsharer",
      alice("POST", "/unsharer", { json: { unshare: [{ user: "bob", paths: [CSV] }] } }),
    );
  });

  it("metadata", async () => {
    const id = seedId(NOTES);
    const avus = { "irods-avus": [{ attr: "colour", value: "blue", unit: "" }], avus: [] };
    await answered("PUT /data/:id/metadata", alice("PUT", `/data/${id}/metadata`, { json: avus }));
    await answered("PATCH /data/:id/metadata", alice("PATCH", `/data/${id}/metadata`, { json: avus }));
    await answered("GET /data/:id/metadata", alice("GET", `/data/${id}/metadata`));
    await answered(
      "POST /data/:id/metadata/copy",
      alice("POST", `/data/${id}/metadata/copy`, { json: { destination_ids: [seedId(CSV)] } }),
    );
    await answered(
      "POST /data/:id/metadata/save",
      alice("POST", `/data/${id}/metadata/save`, { json: { dest: `${HOME}/notes-metadata.json`, recursive: false } }),
    );
    await upload(sim, HOME, "alice", "metadata.csv", "path,colour\nnotes.txt,green\n");
    await answered(
      "POST /data/:id/metadata/csv-parser",
      alice("POST", `/data/${seedId(HOME)}/metadata/csv-parser`, { query: { src: `${HOME}/metadata.csv` } }),
    );
    await answered("PUT /data/:id/type", alice("PUT", `/data/${seedId(CSV)}/type`, { json: { type: "csv" } }));
    await answered("POST /data/:id/ore/save", alice("POST", `/data/${seedId(`${HOME}/analyses/run-1`)}/ore/save`));
  });

  it("uploads, folders and path lists", async () => {
    const uploaded = await answered("POST /data", upload(sim, DOCUMENTS, "alice", "draft.txt", "first words"));
    const form = new FormData();
    form.append("file", new Blob(["second words"]), "draft.txt");
    const replaced = fetch(`${sim.url}/data/${uploaded.file.id}?user=alice`, { method: "PUT", body: form }).then(
      async (response) => ({ status: response.status, body: await response.json() }),
    );
    await answered("PUT /data/:id", replaced);
    await answered("POST /data/directories", alice("POST", "/data/directories", { json: { paths: [`${HOME}/a/b`] } }));
    await answered(
      "POST /path-list-creator",
      alice("POST", "/path-list-creator", { query: { dest: `${HOME}/list.txt` }, json: { paths: [DOCUMENTS] } }),
    );
  });

  it("moves and renames", async () => {
    const drafts = `${HOME}/drafts`;
    await alice("POST", "/data/directories", { json: { paths: [drafts] } });
    await answered(
      "POST /mover",
      alice("POST", "/mover", { json: { sources: [`${DOCUMENTS}/draft.txt`], dest: drafts } }),
    );
    const draft = (await alice("GET", "/data/uuid", { query: { path: `${drafts}/draft.txt` } })).body.id;
    await answered("PUT /data/:id/name", alice("PUT", `/data/${draft}/name`, { json: { filename: "final.txt" } }));
    await answered("PUT /data/:id/dir", alice("PUT", `/data/${draft}/dir`, { json: { dirname: DOCUMENTS } }));
    await answered(
      "PUT /data/:id/children/dir",
      alice("PUT", `/data/${seedId(DOCUMENTS)}/children/dir`, { json: { dirname: drafts } }),
    );
  });

  it("trash", async () => {
    await answered("POST /deleter", alice("POST", "/deleter", { json: { paths: [`${HOME}/list.txt`] } }));
    await answered("POST /restorer", alice("POST", "/restorer", { json: {} }));
    const drafts = (await alice("GET", "/data/uuid", { query: { path: `${HOME}/drafts` } })).body.id;
    await answered("DELETE /data/:id/children", alice("DELETE", `/data/${drafts}/children`));
    await answered("DELETE /data/:id", alice("DELETE", `/data/${drafts}`));
    await answered("DELETE /trash", alice("DELETE", "/trash"));
  });

  it("asks every route that declares its answers", () => {
    const declared = sim.declaredRoutes.filter((route) => route.answers).map((route) => `${route.method} ${route.url}`);
    expect(declared.filter((route) => !covered.has(route))).toEqual([]);
  });
});
