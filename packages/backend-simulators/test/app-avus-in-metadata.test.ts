import { beforeEach, describe, expect, it } from "vitest";
import { SEED_APP_IDS } from "../src/seed-ids.js";
import { platformPerFile } from "./platform-per-file.js";

/**
 * The apps service keeps apps' AVUs in the metadata service (cyverse-de/apps `clients/metadata.clj`), so in the
 * assembled platform what one of them writes on an app the other reads.
 */
const platform = platformPerFile();
beforeEach(() => platform().reset());

async function call(base: string, method: string, path: string, user: string, body?: unknown) {
  const url = new URL(path, base);
  url.searchParams.set("user", user);
  const response = await fetch(url, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}
const apps = (method: string, path: string, user = "carol", body?: unknown) =>
  call(platform().apps.url, method, path, user, body);
const metadata = (method: string, path: string, user = "carol", body?: unknown) =>
  call(platform().metadata.url, method, path, user, body);

type Listed = { id: string; attr: string; value: string; avus: Listed[] };
const named = (avus: Listed[]) => avus.map(({ attr, value }) => `${attr}=${value}`).sort();
const COMMUNITY = "iplant:de:prod:communities:counting";

describe("apps' AVUs in the platform", () => {
  it("are the metadata service's from the start: the demo apps' classes and blessing", async () => {
    const listed: Listed[] = (await metadata("GET", `/avus/app/${SEED_APP_IDS.wordCount}`)).avus;
    expect(named(listed)).toEqual(["cyverse-blessed=true", expect.stringMatching(/^rdf:type=/)]);
    const throughApps: Listed[] = (await apps("GET", `/admin/apps/${SEED_APP_IDS.wordCount}/metadata`)).avus;
    expect(throughApps.map((avu) => avu.id).sort()).toEqual(listed.map((avu) => avu.id).sort());
  });

  it("blessing and publishing through the apps service write to the metadata service", async () => {
    await apps("POST", `/admin/apps/de/${SEED_APP_IDS.fastqc}/blessing`);
    expect(named((await metadata("GET", `/avus/app/${SEED_APP_IDS.fastqc}`)).avus)).toContain("cyverse-blessed=true");
    await apps("DELETE", `/admin/apps/de/${SEED_APP_IDS.wordCount}/blessing`);
    expect(named((await metadata("GET", `/avus/app/${SEED_APP_IDS.wordCount}`)).avus)).not.toContain(
      "cyverse-blessed=true",
    );
    const featured = await apps("GET", "/apps/categories/featured", "alice");
    expect(featured.apps.map((app: { id: string }) => app.id)).toEqual([SEED_APP_IDS.fastqc]);
  });

  it("a community tag the metadata service was given is one the apps service lists the app under, and back", async () => {
    const aligner = SEED_APP_IDS.aliceAligner;
    // As the gateway's community rename writes it (services/groups community-tags.ts).
    await metadata("POST", `/avus/app/${aligner}`, "alice", {
      avus: [{ attr: "cyverse-community", value: COMMUNITY, unit: "" }],
    });
    await apps("GET", "/workspaces", "alice"); // the gateway asks for it before a user's first call
    const listing = await apps("GET", `/apps/communities/${encodeURIComponent(COMMUNITY)}/apps`, "alice");
    expect(listing.apps.map((app: { id: string }) => app.id)).toEqual([aligner]);

    await apps("PUT", `/admin/apps/${SEED_APP_IDS.fastqc}/metadata`, "carol", {
      avus: [{ attr: "cyverse-community", value: COMMUNITY, unit: "" }],
    });
    const found = await metadata("GET", "/avus", "carol");
    const tagged = (found.avus as Array<Listed & { target_id: string }>)
      .filter((avu) => avu.attr === "cyverse-community" && avu.value === COMMUNITY)
      .map((avu) => avu.target_id);
    expect(tagged.sort()).toEqual([aligner, SEED_APP_IDS.fastqc].sort());
  });

  it("a user's replacement of an app's AVUs keeps the protected ones, by the ids the metadata service gave them", async () => {
    const before: Listed[] = (await metadata("GET", `/avus/app/${SEED_APP_IDS.wordCount}`)).avus;
    const blessing = before.find((avu) => avu.attr === "cyverse-blessed");
    // carol integrated Word Count, so she may write to it as a user.
    const shown = await apps("PUT", `/apps/${SEED_APP_IDS.wordCount}/metadata`, "carol", {
      avus: [{ attr: "colour", value: "blue", unit: "" }],
    });
    expect(named(shown.avus)).toEqual(["colour=blue"]);
    const after: Listed[] = (await metadata("GET", `/avus/app/${SEED_APP_IDS.wordCount}`)).avus;
    expect(named(after)).toEqual(["colour=blue", "cyverse-blessed=true"]);
    expect(after.find((avu) => avu.attr === "cyverse-blessed")?.id).toBe(blessing?.id);
  });
});
