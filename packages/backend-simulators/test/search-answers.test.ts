import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SimulatedPlatform } from "../src/platform.js";
import { answersOf } from "./answers-client.js";

/**
 * Every route of the search simulator answers in the search service's shapes (src/search/answer-schemas.ts), asked
 * as services/data asks it (`user` is the short name).
 */
let platform: SimulatedPlatform;
const ok = answersOf(() => platform.search);

beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());

const search = (body: unknown) => ok("POST", "/data/search?user=alice", body);
const label = (text: string) => ({ query: { all: [{ type: "label", args: { label: text } }] } });

describe("the search service answers in its own shapes", () => {
  it("documents its clauses and sort fields", async () => {
    expect((await ok("GET", "/data/documentation")).sortFields).toContain("label");
  });

  it("answers the hits of a data search, sorted or not, and leaves hits out when nothing matches", async () => {
    expect((await search({ ...label("notes"), size: 5 })).hits.length).toBeGreaterThan(0);
    await search({ query: { all: [] }, size: 3, from: 0, sort: [{ field: "label", order: "ascending" }] });
    expect(await search(label("no-such-name-anywhere"))).toEqual({ total: { value: 0, relation: "eq" } });
  });

  it("answers the pages of a scroll with its id", async () => {
    const first = await search({ query: { all: [] }, size: 1, scroll: "1m" });
    expect(first.scroll_id).toEqual(expect.any(String));
    await search({ scroll_id: first.scroll_id, scroll: "1m" });
  });

  it("answers a name search with stats", async () => {
    expect((await ok("GET", "/search?user=alice&q=notes&limit=5")).total).toBeGreaterThan(0);
  });
});
