import { describe, expect, it } from "vitest";
import { JUPYTER_INSTANT_LAUNCH, JUPYTER_QUICK_LAUNCH } from "../src/demo-world.js";
import { deUserId } from "../src/vice-addresses.js";
import { jsonClient } from "./json-client.js";
import { platformPerFile } from "./platform-per-file.js";

/**
 * app-exposer's instant launches as the real service keeps them (cyverse-de/app-exposer instantlaunches/db.go,
 * mgmt.go, metadata.go; the `instant_launches` table of cyverse-de/de-database).
 */
const platform = platformPerFile();
const call = jsonClient(() => platform().appExposer.url);

const COUNT_LINES = "e7f6a5b4-0000-4000-8000-000000000001";
const UNKNOWN = "0e0e0e0e-0000-4000-8000-000000000000";
const add = async (quickLaunchId = COUNT_LINES) =>
  call("PUT", "/instantlaunches?user=alice", { quick_launch_id: quickLaunchId, added_by: "alice" });

describe("instant launches", () => {
  it("keep the adder as their users table id, shown as a name only in the full listings", async () => {
    const added = await add();
    expect(added.status).toBe(200);
    expect(added.body.added_by).toBe(deUserId("alice"));
    expect((await call("GET", `/instantlaunches/${added.body.id}`)).body).toEqual(added.body);
    expect((await call("GET", "/instantlaunches")).body).toContainEqual(added.body);
    const full = await call("GET", `/instantlaunches/${added.body.id}/full`);
    expect(full.body).toMatchObject({ added_by: "alice@iplantcollaborative.org", added_on: added.body.added_on });
  });

  it("refuse the adder's own change and removal, as they refuse anyone's", async () => {
    const { body: added } = await add();
    const change = { quick_launch_id: JUPYTER_QUICK_LAUNCH.id, added_by: "alice" };
    expect(await call("POST", `/instantlaunches/${added.id}?user=alice`, change)).toEqual({
      status: 400,
      body: { message: "code=400, message=not authorized to edit other users' instant launches" },
    });
    expect((await call("DELETE", `/instantlaunches/${added.id}?user=alice`)).status).toBe(400);
    // An administrator's change answers the row its update returns: `added_on` is not among its columns.
    const changed = await call("POST", `/instantlaunches/admin/${added.id}`, change);
    expect(changed.body).toEqual({ ...added, quick_launch_id: JUPYTER_QUICK_LAUNCH.id, added_on: "" });
  });

  it("fail with the database's error for a quick launch id that is no UUID or names no quick launch", async () => {
    expect(await add("nothing")).toEqual({
      status: 500,
      body: { message: 'pq: invalid input syntax for type uuid: "nothing"' },
    });
    const foreignKey = {
      status: 500,
      body: {
        message:
          'pq: insert or update on table "instant_launches" violates foreign key constraint "instant_launches_quick_launch_id_fkey"',
      },
    };
    expect(await add(UNKNOWN)).toEqual(foreignKey);
    const change = { quick_launch_id: UNKNOWN };
    expect(await call("POST", `/instantlaunches/admin/${JUPYTER_INSTANT_LAUNCH.id}`, change)).toEqual(foreignKey);
    expect(await call("GET", `/instantlaunches/${UNKNOWN}`)).toEqual({
      status: 404,
      body: { message: "code=404, message=sql: no rows in result set" },
    });
    expect((await call("GET", "/instantlaunches/x")).status).toBe(500);
  });

  it("show the version of the app the quick launch was saved from", async () => {
    const full = (await call("GET", `/instantlaunches/${JUPYTER_INSTANT_LAUNCH.id}/full`)).body;
    expect(full.app_version).toBe("1.0");
    expect(full.app_disabled).toBe(false);
  });
});

describe("instant launch metadata filters", () => {
  it("take the first value of each, and no filter for an empty one", async () => {
    const placed = `/instantlaunches/admin/${JUPYTER_INSTANT_LAUNCH.id}/metadata?user=carol`;
    await call("POST", placed, { avus: [{ attr: "ui_location", value: "sidebar", unit: "px" }] });
    const values = async (query: string) =>
      (await call("GET", `/instantlaunches/metadata?user=carol&${query}`)).body.avus
        .map((avu: { value: string }) => avu.value)
        .sort();
    expect(await values("attribute=ui_location&unit=")).toEqual(["dashboard", "listing", "sidebar"]);
    expect(await values("attribute=ui_location&value=listing&value=dashboard")).toEqual(["listing"]);
  });
});
