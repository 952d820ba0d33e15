import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SimulatedPlatform } from "../src/platform.js";
import { answersOf } from "./answers-client.js";

/**
 * Every route of the analyses service answers in its own shapes (src/analyses/answer-schemas.ts), asked as the
 * gateway asks (services/apps-proxy: the caller as `?user=<name>@<domain>`), on seed quick launches and on what
 * the earlier steps make.
 */
let platform: SimulatedPlatform;
const ok = answersOf(() => platform.analyses);

const USER = "user=alice@iplantcollaborative.org";
const WORD_COUNT = "c7f05682-23c8-4182-b9a2-e09650a5f49b";
const COUNT_LINES = "e7f6a5b4-0000-4000-8000-000000000001";

beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());

describe("the analyses service answers in its own shapes", () => {
  it("greets at its root", async () => {
    expect(await ok("GET", "/")).toBe("Hello from analyses.\n");
  });

  it("saves, lists, reads, changes, fills and deletes quick launches", async () => {
    const saved = await ok("POST", `/quicklaunches?${USER}`, {
      name: "Count words",
      description: "",
      app_id: WORD_COUNT,
      is_public: false,
      submission: { config: {} },
    });
    expect((await ok("GET", `/quicklaunches?${USER}`)).length).toBeGreaterThanOrEqual(2);
    await ok("GET", `/quicklaunches/apps/${WORD_COUNT}?${USER}`);
    await ok("GET", `/quicklaunches/${COUNT_LINES}?${USER}`);
    expect((await ok("GET", `/quicklaunches/${COUNT_LINES}/app-info?${USER}`)).debug).toBe(false);
    expect((await ok("PATCH", `/quicklaunches/${saved.id}?${USER}`, { name: "Counted" })).name).toBe("Counted");
    expect(await ok("DELETE", `/quicklaunches/${saved.id}?${USER}`)).toEqual({ id: saved.id });
  });

  it("marks, lists, reads and unmarks favorites", async () => {
    const favorite = await ok("POST", `/quicklaunch/favorites?${USER}`, { quick_launch_id: COUNT_LINES });
    expect(await ok("GET", `/quicklaunch/favorites?${USER}`)).toEqual([favorite]);
    await ok("GET", `/quicklaunch/favorites/${favorite.id}?${USER}`);
    await ok("DELETE", `/quicklaunch/favorites/${favorite.id}?${USER}`);
  });

  it("keeps a user's defaults and the global ones", async () => {
    const mine = await ok("POST", `/quicklaunch/defaults/user?${USER}`, {
      quick_launch_id: COUNT_LINES,
      app_id: WORD_COUNT,
    });
    await ok("GET", `/quicklaunch/defaults/user?${USER}`);
    await ok("GET", `/quicklaunch/defaults/user/${mine.id}?${USER}`);
    await ok("PATCH", `/quicklaunch/defaults/user/${mine.id}?${USER}`, {
      quick_launch_id: COUNT_LINES,
      app_id: WORD_COUNT,
    });
    await ok("DELETE", `/quicklaunch/defaults/user/${mine.id}?${USER}`);

    const own = await ok("POST", `/quicklaunches?${USER}`, {
      name: "Mine",
      description: "",
      app_id: WORD_COUNT,
      is_public: true,
      submission: { config: {} },
    });
    const global = await ok("POST", `/quicklaunch/defaults/global?${USER}`, {
      app_id: WORD_COUNT,
      quick_launch_id: own.id,
    });
    await ok("GET", `/quicklaunch/defaults/global?${USER}`);
    await ok("GET", `/quicklaunch/defaults/global/${global.id}?${USER}`);
    await ok("PATCH", `/quicklaunch/defaults/global/${global.id}?${USER}`, {
      app_id: WORD_COUNT,
      quick_launch_id: own.id,
    });
    await ok("DELETE", `/quicklaunch/defaults/global/${global.id}?${USER}`);
  });

  it("lists, reads, sets and removes concurrent job limits", async () => {
    expect((await ok("GET", "/settings/concurrent-job-limits")).limits.at(-1)).toMatchObject({ is_default: true });
    expect(await ok("PUT", "/settings/concurrent-job-limits/bob", { concurrent_jobs: 3 })).toEqual({
      username: "bob",
      concurrent_jobs: 3,
      is_default: false,
    });
    await ok("GET", "/settings/concurrent-job-limits/bob");
    expect((await ok("DELETE", "/settings/concurrent-job-limits/bob")).is_default).toBe(true);
  });
});
