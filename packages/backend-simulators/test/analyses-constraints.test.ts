import { describe, expect, it } from "vitest";
import { SEED_APP_IDS } from "../src/seed-ids.js";
import { jsonClient } from "./json-client.js";
import { platformPerFile } from "./platform-per-file.js";

/**
 * What the analyses service answers the DE database's refusals of its writes with: 500, with lib/pq's words
 * (cyverse-de/analyses httphandlers/, db/; the tables of cyverse-de/de-database migrations/000010).
 */
const platform = platformPerFile();
const request = jsonClient(() => platform().analyses.url);
const as = (user: string) => (method: string, path: string, body?: unknown) =>
  request(method, `${path}?user=${user}@iplantcollaborative.org`, body);
const alice = as("alice");
const bob = as("bob");

const COUNT_LINES = "e7f6a5b4-0000-4000-8000-000000000001";
const ALIGN = "e7f6a5b4-0000-4000-8000-000000000002";
const UNKNOWN = "0e0e0e0e-0000-4000-8000-000000000000";
const WORD_COUNT = SEED_APP_IDS.wordCount;
const refused = (message: string) => ({ status: 500, body: { message: `code=500, message=pq: ${message}` } });
const duplicate = (constraint: string) => refused(`duplicate key value violates unique constraint "${constraint}"`);
const missing = (table: string, column: string) =>
  refused(`insert or update on table "${table}" violates foreign key constraint "${table}_${column}_fkey"`);

describe("favorites", () => {
  it("refuse a second mark, an unknown quick launch and an id that is no UUID", async () => {
    expect((await alice("POST", "/quicklaunch/favorites", { quick_launch_id: COUNT_LINES })).status).toBe(200);
    expect(await alice("POST", "/quicklaunch/favorites", { quick_launch_id: COUNT_LINES })).toEqual(
      duplicate("quick_launch_favorites_user_id_quick_launch_id_key"),
    );
    expect(await alice("POST", "/quicklaunch/favorites", { quick_launch_id: UNKNOWN })).toEqual(
      missing("quick_launch_favorites", "quick_launch_id"),
    );
    expect(await alice("POST", "/quicklaunch/favorites", { quick_launch_id: "x" })).toEqual(
      refused('invalid input syntax for type uuid: "x"'),
    );
  });
});

describe("user defaults", () => {
  it("allow one per app and per quick launch, of ones that exist", async () => {
    const first = await alice("POST", "/quicklaunch/defaults/user", {
      quick_launch_id: COUNT_LINES,
      app_id: WORD_COUNT,
    });
    expect(first.status).toBe(200);
    const table = "quick_launch_user_defaults";
    expect(await alice("POST", "/quicklaunch/defaults/user", { quick_launch_id: ALIGN, app_id: WORD_COUNT })).toEqual(
      duplicate(`${table}_user_id_app_id_key`),
    );
    const other = { quick_launch_id: ALIGN, app_id: SEED_APP_IDS.aliceAligner };
    const second = await alice("POST", "/quicklaunch/defaults/user", other);
    expect(second.status).toBe(200);
    expect(
      await alice("PATCH", `/quicklaunch/defaults/user/${second.body.id}`, { ...other, app_id: WORD_COUNT }),
    ).toEqual(duplicate(`${table}_user_id_app_id_key`));
    expect(
      await alice("POST", "/quicklaunch/defaults/user", { quick_launch_id: UNKNOWN, app_id: SEED_APP_IDS.jupyterLab }),
    ).toEqual(missing(table, "quick_launch_id"));
    // bob's defaults are his own: the same pair is his to choose.
    expect(
      (await bob("POST", "/quicklaunch/defaults/user", { quick_launch_id: COUNT_LINES, app_id: WORD_COUNT })).status,
    ).toBe(200);
    expect((await alice("PATCH", `/quicklaunch/defaults/user/${UNKNOWN}`, other)).status).toBe(404);
  });
});

describe("global defaults", () => {
  it("allow one per app and per quick launch, and fail for another user's quick launch, keeping nothing", async () => {
    const own = (
      await alice("POST", "/quicklaunches", {
        name: "Mine",
        app_id: WORD_COUNT,
        is_public: true,
        submission: { config: {} },
      })
    ).body;
    expect(
      (await alice("POST", "/quicklaunch/defaults/global", { app_id: WORD_COUNT, quick_launch_id: own.id })).status,
    ).toBe(200);
    expect(await alice("POST", "/quicklaunch/defaults/global", { app_id: WORD_COUNT, quick_launch_id: ALIGN })).toEqual(
      duplicate("quick_launch_global_defaults_app_id_key"),
    );
    const others = await bob("POST", "/quicklaunch/defaults/global", {
      app_id: SEED_APP_IDS.aliceAligner,
      quick_launch_id: ALIGN,
    });
    expect(others.status).toBe(500);
    expect(others.body.message).toMatch(/^code=500, message=global default not found: /);
    expect(platform().analyses.state.globalDefaults.globalDefaults.size).toBe(1);
  });
});

describe("changing a quick launch", () => {
  it("fails for another user's public quick launch and for a creator who is no user", async () => {
    expect(await bob("PATCH", `/quicklaunches/${COUNT_LINES}`, { name: "Mine now" })).toEqual({
      status: 500,
      body: { message: `code=500, message=quick launch not found: ${COUNT_LINES}` },
    });
    expect(await alice("PATCH", `/quicklaunches/${ALIGN}`, { creator: "nobody" })).toEqual({
      status: 500,
      body: { message: "code=500, message=user not found: nobody" },
    });
  });
});

describe("quick launches", () => {
  it("are not deleted while a favorite names one, and a private one given to another creator is rolled back", async () => {
    expect((await alice("POST", "/quicklaunch/favorites", { quick_launch_id: ALIGN })).status).toBe(200);
    expect(await alice("DELETE", `/quicklaunches/${ALIGN}`)).toEqual(
      refused(
        'update or delete on table "quick_launches" violates foreign key constraint ' +
          '"quick_launch_favorites_quick_launch_id_fkey" on table "quick_launch_favorites"',
      ),
    );
    expect((await alice("GET", `/quicklaunches/${ALIGN}`)).status).toBe(200);
    // UpdateQuickLaunch reads the row back as alice: hers no more and private, it is not found.
    expect(await alice("PATCH", `/quicklaunches/${ALIGN}`, { creator: "bob@iplantcollaborative.org" })).toEqual({
      status: 500,
      body: { message: `code=500, message=quick launch not found: ${ALIGN}` },
    });
    expect((await alice("GET", `/quicklaunches/${ALIGN}`)).body).toMatchObject({
      creator: "alice@iplantcollaborative.org",
    });
  });
});
