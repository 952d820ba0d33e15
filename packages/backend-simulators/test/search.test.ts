import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SimulatedPlatform } from "../src/platform.js";
import { call, type Sim } from "./file-info-client.js";

const ALICE = "/iplant/home/alice";
let platform: SimulatedPlatform;
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform?.stop());
beforeEach(() => platform.reset());

const search = () => platform.search as unknown as Sim;
const query = (user: string | undefined, json: unknown) =>
  call(search(), "POST", "/data/search", { ...(user ? { user } : {}), json });
// The search service leaves `hits` out when nothing matched.
const paths = (body: { hits?: Array<{ _source: { path: string } }> }) =>
  (body.hits ?? []).map((hit) => hit._source.path);
const clause = (type: string, args: Record<string, unknown>) => ({ type, args });

describe("the search simulator's data search", () => {
  it("reads the data store as it is now, only what the user may read", async () => {
    const fileInfo = platform.fileInfo.state.dataStore;
    fileInfo.writeFile(`${ALICE}/documents/fresh.txt`, "new\n", { owner: "alice" });
    const found = await query("alice", { query: { all: [clause("label", { label: "fresh" })] } });
    expect(found.status).toBe(200);
    expect(paths(found.body)).toEqual([`${ALICE}/documents/fresh.txt`]);
    expect((await query("bob", { query: { all: [clause("label", { label: "fresh" })] } })).body.total).toEqual({
      value: 0,
      relation: "eq",
    });
  });

  it("takes wildcards, quoted text and OR in labels, any case", async () => {
    const labels = async (label: string, exact = false) =>
      paths(
        (
          await query("alice", {
            query: { all: [clause("label", { label, exact }), clause("path", { prefix: ALICE })] },
            size: 50,
          })
        ).body,
      ).sort();
    expect(await labels("NOTES")).toEqual([`${ALICE}/notes.txt`]);
    expect(await labels("notes OR output")).toEqual([`${ALICE}/analyses/run-1/output.tsv`, `${ALICE}/notes.txt`]);
    expect(await labels("*.ts?", true)).toEqual([`${ALICE}/analyses/run-1/output.tsv`]);
    expect(await labels("notes", true)).toEqual([]);
    expect(await labels('"notes.txt"')).toEqual([`${ALICE}/notes.txt`]);
  });

  it("matches permissions of users and groups, qualified or not", async () => {
    const readable = async (args: Record<string, unknown>) =>
      paths((await query("bob", { query: { all: [clause("permissions", args)] }, size: 100 })).body).filter((path) =>
        path.startsWith(ALICE),
      );
    expect(await readable({ users: ["bob"], permission: "read" })).toEqual([
      ALICE,
      `${ALICE}/for-bob.txt`,
      `${ALICE}/shared-with-bob`,
      `${ALICE}/shared-with-bob/plan.txt`,
    ]);
    expect(await readable({ users: ["bob#iplant"], permission: "own" })).toEqual([]);
    expect(await readable({ users: ["b*"], permission: "read", permission_recurse: true })).toHaveLength(4);
    expect(await readable({ users: ["bob"], permission: "read", exact: true })).toEqual([]);
  });

  it("answers the service's refusals as {error} with 400", async () => {
    const everything = { all: [] };
    expect(await query(undefined, { query: everything })).toMatchObject({
      status: 400,
      body: { error: expect.any(String) },
    });
    expect(await query("nobody", { query: everything })).toMatchObject({ status: 400 });
    expect(await query("alice", { query: { all: [clause("label", { label: ["x"] })] } })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining("label") },
    });
    expect(await query("alice", { query: everything, size: -3 })).toMatchObject({ status: 400 });
    expect(await query("alice", { query: everything, sort: [{ field: "size", order: "ascending" }] })).toMatchObject({
      status: 400,
    });
    const notJson = await call(search(), "POST", "/data/search", {
      user: "alice",
      headers: { "content-type": "text/plain" },
    });
    expect(notJson.status).toBe(415);
  });
});

describe("the search simulator's top-level query", () => {
  it("takes a boolean query with empty lists as everything the user may read", async () => {
    const everything = await query("bob", { query: { all: [] }, size: 1000 });
    expect(everything.status).toBe(200);
    expect(everything.body.total.value).toBeGreaterThan(1);
    expect(paths(everything.body)).toContain(`${ALICE}/for-bob.txt`);
    expect(paths(everything.body)).not.toContain(`${ALICE}/notes.txt`);
  });

  it("drops the connection for a query with none of all, any and none, as the service's handler panics", async () => {
    for (const top of [{}, clause("label", { label: "notes" }), null]) {
      await expect(query("alice", { query: top }), JSON.stringify(top)).rejects.toThrow();
    }
    expect((await query("alice", { query: { any: [clause("label", { label: "notes" })] } })).status).toBe(200);
  });

  it("answers every hit with null _seq_no and _primary_term, as olivere/elastic encodes them", async () => {
    const found = await query("alice", { query: { all: [clause("label", { label: "notes" })] } });
    expect(found.body.hits[0]).toMatchObject({ _seq_no: null, _primary_term: null });
  });
});

describe("the search simulator's scrolls", () => {
  const scrolled = { query: { all: [clause("path", { prefix: `${ALICE}/` })] }, size: 2, from: 5, scroll: "1m" };

  it("pages through a query's hits as they were when the scroll began, then answers EOF", async () => {
    const whole = await query("alice", { query: scrolled.query, size: 1000 });
    const seen: string[] = [];
    let page = await query("alice", scrolled);
    while (page.status === 200) {
      expect(page.body.total.value).toBe(whole.body.total.value);
      expect(page.body.hits.length).toBeLessThanOrEqual(2);
      seen.push(...paths(page.body));
      if (seen.length === 2)
        platform.fileInfo.state.dataStore.writeFile(`${ALICE}/late.txt`, "x\n", { owner: "alice" });
      page = await query("alice", { scroll_id: page.body.scroll_id, scroll: "1m" });
    }
    expect(seen).toEqual(paths(whole.body));
    expect(page).toMatchObject({ status: 400, body: { error: "EOF" } });
  });

  it("refuses what the service refuses", async () => {
    const refusals: Array<[unknown, string]> = [
      [{ size: 2 }, "nor a 'scroll_id'"],
      [{ ...scrolled, scroll_id: "x" }, "both"],
      [{ scroll_id: "x" }, "no 'scroll'"],
      [{ scroll_id: 5, scroll: "1m" }, "scroll ID"],
      [{ scroll_id: "unknown", scroll: "1m" }, "search_context_missing_exception"],
      [{ ...scrolled, scroll: "a while" }, "time value"],
      [{ query: { all: [clause("label", { label: "no-such-name" })] }, scroll: "1m" }, "EOF"],
    ];
    for (const [body, error] of refusals) {
      expect(await query("alice", body), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: expect.stringContaining(error) },
      });
    }
  });
});

describe("the search simulator's name search (GET /search)", () => {
  it("finds what the caller can read by name or path, below the homes' folder", async () => {
    const plan = await call(search(), "GET", "/search", { user: "bob", query: { q: "PLAN" } });
    expect(plan.body).toMatchObject({ total: 1, hits: [{ path: `${ALICE}/shared-with-bob/plan.txt`, type: "file" }] });
    const notes = await call(search(), "GET", "/search", { user: "bob", query: { q: "notes.txt" } });
    expect(notes.body.hits.map((hit: { path: string }) => hit.path)).toEqual(["/iplant/home/bob/notes.txt"]);
    const byPath = await call(search(), "GET", "/search", { user: "bob", query: { q: "Shared-With-Bob/" } });
    expect(byPath.body.hits.map((hit: { path: string }) => hit.path)).toEqual([`${ALICE}/shared-with-bob/plan.txt`]);
    const paged = await call(search(), "GET", "/search", { user: "alice", query: { q: "s", limit: "2", offset: "1" } });
    expect(paged.body.hits).toHaveLength(2);
    expect(paged.body.total).toBeGreaterThan(3);
    expect((await call(search(), "GET", "/search", { user: "alice" })).status).toBe(400);
  });
});
