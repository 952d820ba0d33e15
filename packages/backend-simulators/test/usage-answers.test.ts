import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { REFRESH_INTERVAL_MS } from "../src/data-usage/index.js";
import { userHomePath, userTrashPath } from "../src/file-info/navigation.js";
import { SimulatedPlatform } from "../src/platform.js";
import { answersOf } from "./answers-client.js";

/**
 * resource-usage-api (src/resource-usage/answer-schemas.ts) and data-usage-api (src/data-usage/answer-schemas.ts)
 * answer in their own shapes, asked as services/subscriptions asks them: by the qualified username.
 */
let platform: SimulatedPlatform;
const resourceUsage = answersOf(() => platform.resourceUsage);
const dataUsage = answersOf(() => platform.dataUsage);
const ALICE = "alice%40iplantcollaborative.org";
const dataStore = () => platform.fileInfo.state.dataStore;
/** The sizes of the files under a folder, read from the catalogue one entry at a time. */
const bytesUnder = (folder: string) =>
  dataStore()
    .catalogue.subtree(folder)
    .reduce((sum, entry) => sum + (entry.type === "file" ? entry.size : 0), 0);

beforeAll(async () => {
  platform = await SimulatedPlatform.start();
  const store = platform.qms.state.store;
  for (const [name, value] of [
    ["cpu.hours", 12.5],
    ["data.size", 2 ** 30],
  ] as const) {
    const resourceType = store.resourceTypeNamed(name);
    if (!resourceType) throw new Error(`no resource type ${name}`);
    store.applyUsage("alice", resourceType, "SET", value);
  }
});
afterAll(() => platform.stop());

describe("the usage APIs answer in their own shapes", () => {
  it("summarizes a user's CPU hours, data usage and subscription", async () => {
    const summary = await resourceUsage("GET", `/summary/${ALICE}`);
    expect(summary.cpu_usage.total).toBe("12.5");
    expect(summary.subscription.users.username).toBe("alice");
    await resourceUsage("GET", `/summary/${ALICE}/`);
  });

  it("answers a user's current data usage", async () => {
    expect((await dataUsage("GET", `/${ALICE}/data/current`)).total).toBe(2 ** 30);
  });
});

describe("data-usage-api counts what a user stores in the data store", () => {
  const BOB = "bob%40iplantcollaborative.org";
  afterEach(() => vi.useRealTimers());

  it("answers 404 while QMS has no reading, then the sum of the user's home and trash, recounted once stale", async () => {
    const seeded = bytesUnder(userHomePath("bob")) + bytesUnder(userTrashPath("bob"));
    dataStore().writeFile(`${userHomePath("bob")}/counted.bin`, "h".repeat(1000), { owner: "bob" });
    dataStore().writeFile(`${userTrashPath("bob")}/trashed.bin`, "t".repeat(24), { owner: "bob" });
    // bob's file in alice's home is hers to count, and carol's file in bob's home is his.
    dataStore().writeFile(`${userHomePath("alice")}/from-bob.bin`, "a".repeat(7), { owner: "bob" });
    dataStore().writeFile(`${userHomePath("bob")}/from-carol.bin`, "c".repeat(5), { owner: "carol" });

    const none = await dataUsage("GET", `/${BOB}/data/current`, undefined, 404);
    expect(none).toEqual({ message: "No data usage information found for user", error_code: "404" });
    const first = await dataUsage("GET", `/${BOB}/data/current`);
    expect(first.total).toBe(seeded + 1029);

    // Within the refresh interval the reading stands, whatever changed since.
    dataStore().writeFile(`${userHomePath("bob")}/later.bin`, "l".repeat(2000), { owner: "bob" });
    expect((await dataUsage("GET", `/${BOB}/data/current`)).total).toBe(seeded + 1029);

    // Past it, the old reading is answered and the usage counted again for the next request.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + REFRESH_INTERVAL_MS + 60_000 });
    expect((await dataUsage("GET", `/${BOB}/data/current`)).total).toBe(seeded + 1029);
    const recounted = await dataUsage("GET", `/${BOB}/data/current`);
    expect(recounted).toMatchObject({ id: first.id, time: first.time, total: seeded + 3029 });
    expect(Date.parse(recounted.last_modified)).toBeGreaterThan(Date.parse(first.last_modified));
  });
});

describe("data-usage-api's scheduled batch", () => {
  it("counts every user's stored bytes into QMS, so that none of them is answered 404 after it", async () => {
    platform.reset();
    const stored = (user: string) => bytesUnder(userHomePath(user)) + bytesUnder(userTrashPath(user));
    for (const user of ["alice", "bob", "carol"]) {
      await dataUsage("GET", `/${user}%40iplantcollaborative.org/data/current`, undefined, 404);
    }
    platform.reset();
    platform.dataUsage.countEveryone();
    for (const user of ["alice", "bob", "carol"]) {
      const current = await dataUsage("GET", `/${user}%40iplantcollaborative.org/data/current`);
      expect(current.total).toBe(stored(user));
      expect(stored(user)).toBeGreaterThan(0);
    }
  });
});
