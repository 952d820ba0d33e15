import { describe, expect, it } from "vitest";
import { HOME, seeded, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;

const ALICE = HOME("alice");
const BOB = HOME("bob");
const HOUR = 3_600_000;
/** The seed's clock: entries are created an hour apart from here (community data first, then alice's home). */
const SEED_EPOCH = Date.UTC(2024, 0, 1);

interface Hit {
  _id: string;
  _source: { path: string; label: string; doc_type: string; fileSize: number; creator: string };
  fields: { permission: Array<string | null> };
  sort?: unknown[];
}

/** A search as the web client sends it: `POST /filesystem/search` with its query builder's body. */
async function search(user: string | undefined, body: Record<string, unknown>) {
  const response = await send(user, "POST", "/filesystem/search", body);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json() as { total: { value: number }; hits?: Hit[] };
  // The search service leaves `hits` out when nothing matched.
  const hits = answer.hits ?? [];
  return { total: answer.total.value, hits, paths: hits.map((hit) => hit._source.path) };
}

/** sonora's `getDataAdvancedSearchQuery`: the form's clauses under `all`, with its page and sort. */
const advanced = (query: Record<string, unknown>, size = 100, from = 0, field = "label", order = "ascending") => ({
  query,
  size,
  from,
  sort: [{ field, order }],
});

const clause = (type: string, args: Record<string, unknown>) => ({ type, args });
/** Everything the caller may read: the search service adds its permission clause to an empty `all`. */
const everything = { all: [] };
const underAlice = clause("path", { prefix: `${ALICE}/` });

describe("data search in the platform's query language", () => {
  it("finds by name within the home, as the client's simple search asks", async () => {
    // sonora's getDataSimpleSearchQuery for a signed-in user's global search: label plus the home as path prefix.
    const found = await search("alice", {
      query: { all: [clause("label", { exact: false, label: "notes" }), clause("path", { prefix: ALICE })] },
      size: 10,
      from: 0,
      sort: [{ field: "label", order: "ascending" }],
    });
    expect(found.paths).toEqual([`${ALICE}/notes.txt`]);
    expect(found.total).toBe(1);
    expect(found.hits[0]).toMatchObject({
      _id: seeded("alice", "notes.txt"),
      _source: { label: "notes.txt", doc_type: "file", creator: "alice#iplant" },
      fields: { permission: ["own"] },
      sort: ["notes.txt"],
    });
  });

  it("finds by path prefix, by owner, by date and by size range", async () => {
    // run-1 (the rest of her analyses folder holds the demo world's analyses).
    const analyses = await search("alice", advanced({ all: [clause("path", { prefix: `${ALICE}/analyses/run-1` })] }));
    expect(analyses.paths.sort()).toEqual([`${ALICE}/analyses/run-1`, `${ALICE}/analyses/run-1/output.tsv`]);

    // alice's home was made at the epoch, notes.txt three hours later, measurements.csv four, sample.bin five.
    const created = await search(
      "alice",
      advanced({
        all: [underAlice, clause("created", { from: String(SEED_EPOCH + 3 * HOUR), to: "2024-01-01T05:00:00.000Z" })],
      }),
    );
    expect(created.paths.sort()).toEqual([`${ALICE}/measurements.csv`, `${ALICE}/notes.txt`, `${ALICE}/sample.bin`]);
    const modifiedLate = await search(
      "alice",
      // Up to the end of 2024: the demo world's analyses wrote into her home in 2026.
      advanced({
        all: [underAlice, clause("modified", { from: "2024-01-02T05:00:00.000Z", to: "2024-12-31T00:00:00.000Z" })],
      }),
    );
    expect(modifiedLate.paths).toEqual([`${ALICE}/notes.txt`]);

    const sized = await search("alice", advanced({ all: [underAlice, clause("size", { from: "700", to: "1KB" })] }));
    expect(sized.hits.map((hit) => [hit._source.path, hit._source.fileSize])).toEqual([[`${ALICE}/sample.bin`, 768]]);

    const owned = await search("bob", advanced({ all: [clause("owner", { owner: "alice" })] }, 100, 0, "path"));
    expect(owned.paths).toEqual([
      ALICE,
      `${ALICE}/for-bob.txt`,
      `${ALICE}/shared-with-bob`,
      `${ALICE}/shared-with-bob/plan.txt`,
    ]);
    expect(owned.hits.every((hit) => hit.fields.permission[0] === "read")).toBe(true);
  });

  it("combines clauses with all, any and none, nested", async () => {
    const found = await search(
      "alice",
      advanced({
        all: [underAlice],
        any: [clause("label", { label: "notes" }), clause("label", { label: "*.csv", exact: true })],
        none: [{ any: [clause("size", { from: "1", to: "50" }), clause("label", { label: "measure" })] }],
      }),
    );
    // notes.txt is 37 bytes: only measurements.csv is left... unless it is named by the none's label, which it is.
    expect(found.paths).toEqual([]);
    const either = await search(
      "alice",
      advanced({
        all: [underAlice],
        any: [clause("label", { label: "notes" }), clause("label", { label: "*.csv", exact: true })],
        none: [clause("label", { label: "measure" })],
      }),
    );
    expect(either.paths).toEqual([`${ALICE}/notes.txt`]);
  });

  it("sorts both ways and pages with the total of all the matches", async () => {
    const all = await search("alice", advanced({ all: [underAlice] }, 100, 0, "dateModified", "ascending"));
    expect(all.total).toBe(all.hits.length);
    const stamps = all.hits.map((hit) => (hit._source as unknown as { dateModified: number }).dateModified);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));

    const byLabel = await search("alice", advanced({ all: [underAlice] }, 100, 0, "label", "ascending"));
    const labels = byLabel.hits.map((hit) => hit._source.label);
    expect(labels).toEqual([...labels].sort());
    const descending = await search("alice", advanced({ all: [underAlice] }, 100, 0, "label", "descending"));
    expect(descending.hits.map((hit) => hit._source.label)).toEqual([...labels].reverse());

    const pages = [];
    for (let from = 0; from < byLabel.total; from += 4) {
      const page = await search("alice", advanced({ all: [underAlice] }, 4, from, "label", "ascending"));
      expect(page.total).toBe(byLabel.total);
      expect(page.hits.length).toBe(Math.min(4, byLabel.total - from));
      pages.push(...page.hits.map((hit) => hit._source.label));
    }
    expect(pages).toEqual(labels);
  });

  it("never shows a file to a user it is not shared with, whatever the query", async () => {
    const queries = [
      everything,
      { all: [clause("path", { prefix: BOB })] },
      { all: [clause("owner", { owner: "bob" })] },
      { all: [clause("permissions", { users: ["bob"], permission: "own", permission_recurse: true })] },
      { any: [clause("label", { label: "*", exact: true }), clause("label", { label: "notes" })] },
      { none: [clause("path", { prefix: ALICE })] },
    ];
    for (const query of queries) {
      const found = await search("alice", { query, size: 1000 });
      expect(
        found.paths.filter((path) => path.startsWith(BOB)),
        JSON.stringify(query),
      ).toEqual([]);
      expect(found.total).toBe(found.hits.length);
    }
  });

  it("shows a file shared with the user, with permission read", async () => {
    const shared = await send("bob", "POST", "/secured/share", {
      sharing: [{ user: "alice", paths: [{ path: `${BOB}/notes.txt`, permission: "read" }] }],
    });
    expect(shared.statusCode).toBe(200);
    const found = await search("alice", advanced({ all: [clause("label", { label: "notes.txt", exact: true })] }));
    const bobs = found.hits.find((hit) => hit._source.path === `${BOB}/notes.txt`);
    expect(bobs?.fields.permission).toEqual(["read"]);
    expect(found.paths.sort()).toEqual([`${ALICE}/notes.txt`, `${BOB}/notes.txt`]);
  });

  it("finds by tag, the caller's own tags only", async () => {
    const tag = (await send("alice", "POST", "/secured/tags/user", { value: "field-work" })).json();
    const attached = await send(
      "alice",
      "PATCH",
      `/secured/filesystem/entry/${seeded("alice", "measurements.csv")}/tags?type=attach`,
      { tags: [tag.id] },
    );
    expect(attached.statusCode).toBe(200);
    const found = await search("alice", advanced({ all: [clause("tag", { tags: [tag.id] })] }));
    expect(found.paths).toEqual([`${ALICE}/measurements.csv`]);

    const notBobs = await send(
      "bob",
      "POST",
      "/filesystem/search",
      advanced({ all: [clause("tag", { tags: [tag.id] })] }),
    );
    expect(notBobs.statusCode).toBe(400);
    expect(notBobs.json().error_code).toBe("ERR_BAD_QUERY");
  });

  it("finds by metadata attribute and value, iRODS and template AVUs", async () => {
    const id = seeded("alice", "measurements.csv");
    const set = await send("alice", "POST", `/secured/filesystem/${id}/metadata`, {
      "irods-avus": [{ attr: "instrument", value: "thermometer T-100", unit: "" }],
      avus: [{ attr: "sampling_depth", value: "20", unit: "m" }],
    });
    expect(set.statusCode).toBe(200);
    const byAttribute = await search("alice", advanced({ all: [clause("metadata", { attribute: "depth" })] }));
    expect(byAttribute.paths).toEqual([`${ALICE}/measurements.csv`]);
    const byValue = await search(
      "alice",
      advanced({ all: [clause("metadata", { value: "thermometer", metadata_types: ["irods"] })] }),
    );
    expect(byValue.paths).toEqual([`${ALICE}/measurements.csv`]);
    const exact = await search(
      "alice",
      advanced({ all: [clause("metadata", { attribute: "depth", attribute_exact: true })] }),
    );
    expect(exact.paths).toEqual([]);
    const wrongKind = await search(
      "alice",
      advanced({ all: [clause("metadata", { value: "thermometer", metadata_types: ["cyverse"] })] }),
    );
    expect(wrongKind.paths).toEqual([]);
    // bob cannot read the file: its metadata does not find it for him.
    expect((await search("bob", advanced({ all: [clause("metadata", { attribute: "depth" })] }))).paths).toEqual([]);
  });

  it("finds renamed and moved files by their new names and paths at once, and deleted ones in the trash", async () => {
    const renamed = await send("alice", "POST", "/secured/filesystem/rename", {
      source: `${ALICE}/notes.txt`,
      dest: `${ALICE}/journal.txt`,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await search("alice", advanced({ all: [clause("label", { label: "journal" })] }))).paths).toEqual([
      `${ALICE}/journal.txt`,
    ]);
    expect((await search("alice", advanced({ all: [underAlice, clause("label", { label: "notes" })] }))).total).toBe(0);

    const moved = await send("alice", "POST", "/secured/filesystem/move", {
      sources: [`${ALICE}/measurements.csv`],
      dest: `${ALICE}/documents`,
    });
    expect(moved.statusCode).toBe(200);
    expect(
      (await search("alice", advanced({ all: [clause("path", { prefix: `${ALICE}/documents/` })] }))).paths,
    ).toEqual([`${ALICE}/documents/measurements.csv`]);

    const deleted = await send("alice", "POST", "/secured/filesystem/delete", { paths: [`${ALICE}/sample.bin`] });
    expect(deleted.statusCode).toBe(200);
    // The index holds the whole zone, the trash too (infosquito2): sonora's detailed search, which names no path
    // prefix, finds it there, and a search of the home folder no more.
    const everywhere = await search("alice", advanced({ all: [clause("label", { label: "sample" })] }));
    expect(everywhere.paths).toEqual([expect.stringMatching(/^\/iplant\/trash\/home\/alice\/sample\.bin/)]);
    expect((await search("alice", advanced({ all: [underAlice, clause("label", { label: "sample" })] }))).total).toBe(
      0,
    );
  });

  it("refuses malformed queries with 400 and an error code, never 500", async () => {
    const refusals: Array<[string, object]> = [
      ["unknown clause type", { query: { all: [clause("colour", { colour: "red" })] } }],
      ["argument of the wrong type", { query: { all: [clause("label", { label: 5 })] } }],
      ["missing argument", { query: { all: [clause("path", {})] } }],
      ["bad date", { query: { all: [clause("created", { from: "last tuesday" })] } }],
      ["bad size", { query: { all: [clause("size", { to: "12 parsecs" })] } }],
      ["bad permission", { query: { all: [clause("permissions", { users: ["bob"], permission: "admin" })] } }],
      ["clause list not a list", { query: { all: clause("label", { label: "x" }) } }],
      ["empty nested clause", { query: { all: [{}] } }],
      ["negative size", { query: everything, size: -1 }],
      ["fractional from", { query: everything, from: 1.5 }],
      ["window too large", { query: everything, from: 9995, size: 10 }],
      ["unknown sort field", { query: everything, sort: [{ field: "colour", order: "ascending" }] }],
      ["unknown sort order", { query: everything, sort: [{ field: "label", order: "up" }] }],
      ["no query", { size: 10 }],
      ["a query and a scroll_id", { query: everything, scroll_id: "x", scroll: "1m" }],
      ["a scroll_id without its scroll", { scroll_id: "x" }],
      ["an unknown scroll_id", { scroll_id: "x", scroll: "1m" }],
      ["a scroll time Elasticsearch cannot read", { query: everything, scroll: "a while" }],
      ["body not an object", [1, 2]],
    ];
    for (const [what, body] of refusals) {
      const response = await send("alice", "POST", "/secured/filesystem/search", body);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(response.json(), what).toMatchObject({ error_code: expect.any(String), reason: expect.any(String) });
    }
    const unknownType = await send("alice", "POST", "/secured/filesystem/search", refusals[0]?.[1]);
    expect(unknownType.json()).toMatchObject({
      error_code: "ERR_BAD_QUERY",
      reason: expect.stringContaining("colour"),
    });
  });

  it("refuses a query with none of all, any and none with 400, without asking the search service", async () => {
    // The search service's handler panics on such a query and drops the connection (its data/data.go).
    const recorder = service.platform.search.recorder;
    recorder.clear();
    for (const query of [{}, clause("label", { label: "notes" })]) {
      const response = await send("alice", "POST", "/filesystem/search", { query, size: 10, from: 0 });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_QUERY", reason: expect.stringContaining("all") });
    }
    expect(recorder.to("POST", "/data/search")).toEqual([]);
    expect((await search("alice", { query: everything, size: 1 })).total).toBeGreaterThan(1);
  });

  it("scrolls through the hits of a query page by page, and ends with no hits", async () => {
    const query = { all: [underAlice] };
    const whole = await search("alice", { query, size: 1000, sort: [{ field: "path", order: "ascending" }] });
    const first = await send("alice", "POST", "/filesystem/search", { query, size: 3, scroll: "1m" });
    expect(first.statusCode, first.body).toBe(200);
    let page = first.json() as { total: { value: number }; hits?: Hit[]; scroll_id?: string };
    expect(page.total.value).toBe(whole.total);
    const seen: string[] = [];
    while (page.hits) {
      seen.push(...page.hits.map((hit) => hit._source.path));
      const next = await send("alice", "POST", "/filesystem/search", { scroll_id: page.scroll_id, scroll: "1m" });
      expect(next.statusCode, next.body).toBe(200);
      page = next.json();
    }
    expect(seen).toEqual(whole.paths);
    const nothing = await send("alice", "POST", "/filesystem/search", {
      query: { all: [clause("label", { label: "no-such-name" })] },
      scroll: "1m",
    });
    expect(nothing.statusCode, nothing.body).toBe(200);
    expect(nothing.json()).toEqual({ total: { value: 0, relation: "eq" } });
  });

  it("documents the clause types and sort fields", async () => {
    const response = await send("alice", "GET", "/filesystem/search-documentation");
    expect(response.statusCode).toBe(200);
    const documentation = response.json();
    expect(Object.keys(documentation.clauses).sort()).toEqual([
      "created",
      "label",
      "metadata",
      "modified",
      "owner",
      "path",
      "permissions",
      "size",
      "tag",
    ]);
    expect(documentation.clauses.label.args.exact.type).toBe("bool");
    expect(documentation.sortFields).toContain("dateModified");
  });

  it("lets visitors search the community data only, and not under /secured", async () => {
    // sonora's simple search for a visitor: the community data folder as the path prefix.
    const found = await search(undefined, {
      query: { all: [clause("label", { exact: false, label: "a" })] },
      size: 100,
      from: 0,
      sort: [{ field: "path", order: "ascending" }],
    });
    expect(found.paths.length).toBeGreaterThan(0);
    expect(found.paths.every((path) => path.startsWith("/iplant/home/shared"))).toBe(true);
    expect(found.hits.every((hit) => hit.fields.permission[0] === "read")).toBe(true);
    expect((await send(undefined, "POST", "/secured/filesystem/search", { query: everything })).statusCode).toBe(401);
  });
});

describe("a deployment without data search", () => {
  const disabled = useDataService({ DATA_SEARCH_ENABLED: "false" });

  it("answers search and its documentation 403, as the reference does, and keeps the name index", async () => {
    for (const [method, url, body] of [
      ["POST", "/secured/filesystem/search", { query: everything }],
      ["POST", "/filesystem/search", { query: everything }],
      ["GET", "/secured/filesystem/search-documentation", undefined],
    ] as const) {
      const refused = await disabled.send("alice", method, url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({
        error_code: "ERR_SEARCH_DISABLED",
        reason: expect.stringContaining("not enabled"),
      });
    }
    expect(
      (await disabled.send(undefined, "POST", "/secured/filesystem/search", { query: everything })).statusCode,
    ).toBe(401);
    expect((await disabled.send("alice", "GET", "/secured/filesystem/index?search-term=notes")).statusCode).toBe(200);
  });
});
