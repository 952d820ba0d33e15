import { deUserId, type ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JUPYTER_INSTANT_LAUNCH, JUPYTER_QUICK_LAUNCH } from "./seed.js";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

/** carol's public quick launch of the seed ("Count lines", Word Count counting lines only). */
const COUNT_LINES = "e7f6a5b4-0000-4000-8000-000000000001";
/** alice's private one. */
const ALIGN_AGAINST_HG38 = "e7f6a5b4-0000-4000-8000-000000000002";

/**
 * carol's instant launch of the seed's public JupyterLab quick launch, on the dashboard and in the listing. app-exposer
 * keeps and answers the adder as their users table id; only the full listings name them.
 */
const SEEDED = {
  id: JUPYTER_INSTANT_LAUNCH,
  quick_launch_id: JUPYTER_QUICK_LAUNCH,
  added_by: deUserId("carol"),
  added_on: "2026-02-01T09:00:00Z",
};

const makeInstantLaunch = async (username = "carol", url = "/admin/instant-launches") => {
  const made = await send(username, "PUT", url, { quick_launch_id: COUNT_LINES });
  expect(made.statusCode).toBe(200);
  return made.json() as { id: string; added_by: string; quick_launch_id: string };
};

describe("instant launches", () => {
  it("carol makes one from a public quick launch; alice lists it wrapped, reads the full form and the metadata", async () => {
    const candidates = (await send("carol", "GET", "/instantlaunches/quicklaunches/public")).json();
    expect(candidates.map((quickLaunch: { id: string }) => quickLaunch.id).sort()).toEqual(
      [COUNT_LINES, JUPYTER_QUICK_LAUNCH].sort(),
    );
    // Her own private quick launch is a candidate for alice alone.
    const alices = (await send("alice", "GET", "/instantlaunches/quicklaunches/public")).json();
    expect(alices.map((quickLaunch: { id: string }) => quickLaunch.id).sort()).toEqual(
      [COUNT_LINES, ALIGN_AGAINST_HG38, JUPYTER_QUICK_LAUNCH].sort(),
    );
    const made = await makeInstantLaunch();
    expect(made).toMatchObject({ quick_launch_id: COUNT_LINES, added_by: deUserId("carol") });

    const listed = await send("alice", "GET", "/instantlaunches");
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ instant_launches: [SEEDED, made] });
    const full = (await send("alice", "GET", "/instantlaunches/full")).json();
    expect(full).toMatchObject({
      instant_launches: [
        { id: SEEDED.id, quick_launch_name: "JupyterLab", app_name: "JupyterLab Data Science", is_public: true },
        {
          id: made.id,
          // What the web client's administration list shows (InstantLaunchList.js shortenUsername(added_by)).
          added_by: "carol@iplantcollaborative.org",
          quick_launch_name: "Count lines",
          app_name: "Word Count",
          app_version: "1.0",
          is_public: true,
          quick_launch_creator: "carol@iplantcollaborative.org",
        },
      ],
    });
    const one = await send("alice", "GET", `/instantlaunches/${made.id}/full`);
    expect(one.json()).toMatchObject({ id: made.id, submission: { config: expect.any(Object) } });
    expect((await send("alice", "GET", `/instantlaunches/${made.id}`)).json()).toEqual(made);

    const avus = { avus: [{ attr: "ui_location", value: "listing", unit: "" }] };
    expect((await send("carol", "POST", `/admin/instant-launches/${made.id}/metadata`, avus)).statusCode).toBe(200);
    const metadata = (await send("carol", "GET", `/admin/instant-launches/${made.id}/metadata`)).json();
    expect(metadata.avus).toMatchObject([{ attr: "ui_location", value: "listing", target_id: made.id }]);
    const shown = await send("alice", "GET", "/instantlaunches/metadata/full?attribute=ui_location&value=listing");
    expect(shown.json()).toMatchObject({
      instant_launches: [
        { id: SEEDED.id, app_name: "JupyterLab Data Science" },
        { id: made.id, app_name: "Word Count" },
      ],
    });
    expect(service.platform.appExposer.recorder.to("GET", "/instantlaunches/metadata/full").at(-1)?.query).toEqual({
      attribute: "ui_location",
      value: "listing",
      user: "alice@iplantcollaborative.org",
    });
    // Anonymous visitors see the instant launches offered on the pages they can browse.
    const anonymous = await send(undefined, "GET", "/instantlaunches/metadata/full?attribute=ui_location");
    expect(anonymous.json().instant_launches.map((found: { id: string }) => found.id)).toEqual([SEEDED.id, made.id]);
    expect((await send(undefined, "GET", "/instantlaunches")).statusCode).toBe(401);
    const adminView = (
      await send("carol", "GET", "/admin/instant-launches/metadata/full?attribute=ui_location")
    ).json();
    expect(adminView.instant_launches.map((found: { id: string }) => found.id)).toEqual([SEEDED.id, made.id]);
    const avuListing = (await send("carol", "GET", "/admin/instant-launches/metadata?attribute=ui_location")).json();
    // The seeded one's two places (dashboard, listing) and this one's.
    expect(avuListing.avus.map((avu: { target_id: string }) => avu.target_id)).toEqual([SEEDED.id, SEEDED.id, made.id]);
    const replaced = await send("carol", "PUT", `/admin/instant-launches/${made.id}/metadata`, { avus: [] });
    expect(replaced.json()).toEqual({ avus: [] });

    expect((await send("carol", "DELETE", `/admin/instant-launches/${made.id}`)).statusCode).toBe(200);
    expect((await send("alice", "GET", "/instantlaunches")).json()).toEqual({ instant_launches: [SEEDED] });
    expect((await send("alice", "GET", `/instantlaunches/${made.id}`)).statusCode).toBe(404);
  });

  it("adds a user's instant launch as the caller, whoever the body names, and lets only them change it", async () => {
    // As the web client adds one (serviceFacades/instantlaunches.js addInstantLaunch: the quick launch alone).
    const made = await send("alice", "PUT", "/instantlaunches", {
      quick_launch_id: ALIGN_AGAINST_HG38,
      added_by: "bob",
    });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ added_by: deUserId("alice") });
    const id = made.json().id;
    const change = { quick_launch_id: COUNT_LINES };
    // app-exposer refuses every user's change as another user's (it compares the stored id with the name): the
    // gateway checks the adder and makes the adder's change through the administrators' endpoint.
    const notHis = await send("bob", "POST", `/instantlaunches/${id}`, change);
    expect(notHis.statusCode).toBe(403);
    expect(notHis.json()).toMatchObject({ error_code: "ERR_FORBIDDEN", reason: expect.stringContaining(id) });
    expect((await send("bob", "DELETE", `/instantlaunches/${id}`)).statusCode).toBe(403);
    const changed = await send("alice", "POST", `/instantlaunches/${id}`, change);
    expect(changed.statusCode).toBe(200);
    // app-exposer's update does not return added_on.
    expect(changed.json()).toEqual({ id, quick_launch_id: COUNT_LINES, added_by: deUserId("alice"), added_on: "" });
    expect((await send("alice", "DELETE", `/instantlaunches/${id}`)).statusCode).toBe(200);
    expect((await send("alice", "GET", `/instantlaunches/${id}`)).statusCode).toBe(404);
    const adminMade = await makeInstantLaunch();
    const adminChanged = await send("carol", "POST", `/admin/instant-launches/${adminMade.id}`, {
      quick_launch_id: ALIGN_AGAINST_HG38,
    });
    expect(adminChanged.statusCode).toBe(404);
    const adminChange = { quick_launch_id: JUPYTER_QUICK_LAUNCH };
    const adminChangedOk = await send("carol", "POST", `/admin/instant-launches/${adminMade.id}`, adminChange);
    expect(adminChangedOk.json()).toMatchObject(adminChange);
  });

  it("refuses, before app-exposer fails with 500 on them, quick launches that are no UUID or that the caller may not see", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const [username, method, url, body] of [
      ["carol", "PUT", "/admin/instant-launches", { quick_launch_id: "nothing" }],
      ["alice", "PUT", "/instantlaunches", { quick_launch_id: "nothing" }],
      ["carol", "POST", `/admin/instant-launches/${JUPYTER_INSTANT_LAUNCH}`, { quick_launch_id: "nothing" }],
    ] as const) {
      const refused = await send(username, method, url, body);
      expect([url, refused.statusCode]).toEqual([url, 400]);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
    for (const [username, url] of [
      ["carol", "/admin/instant-launches"],
      ["bob", "/instantlaunches"],
    ] as const) {
      for (const quickLaunchId of [unknown, ALIGN_AGAINST_HG38]) {
        const missing = await send(username, "PUT", url, { quick_launch_id: quickLaunchId });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({
          error_code: "ERR_NOT_FOUND",
          reason: `quick launch not found: ${quickLaunchId}`,
        });
      }
    }
    expect(service.platform.appExposer.recorder.to("PUT", /^\/instantlaunches/)).toEqual([]);
    for (const url of ["/instantlaunches/not-a-uuid", "/instantlaunches/not-a-uuid/full"]) {
      expect((await send("alice", "GET", url)).statusCode).toBe(400);
    }
    const notObject = await send("alice", "PUT", "/instantlaunches", ["x"]);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    expect((await send("alice", "PUT", "/admin/instant-launches", { quick_launch_id: COUNT_LINES })).statusCode).toBe(
      403,
    );
  });

  it("keeps the default mappings in versions: added by the caller, changed, rolled back", async () => {
    const first = (await send("alice", "GET", "/instantlaunches/mappings/defaults/latest")).json();
    expect(first).toMatchObject({ version: "1", mapping: {} });
    const made = await makeInstantLaunch();
    const mapping = {
      "*.txt": { pattern: "*.txt", kind: "glob", default: made, compatible: [] },
    };
    const added = await send("carol", "PUT", "/admin/instant-launches/mappings/defaults/latest?username=bob", mapping);
    expect(added.statusCode).toBe(200);
    expect(
      service.platform.appExposer.recorder.to("PUT", "/instantlaunches/mappings/defaults/latest")[0]?.query,
    ).toEqual({
      username: "carol@iplantcollaborative.org",
    });
    expect((await send("alice", "GET", "/instantlaunches/mappings/defaults/latest")).json()).toMatchObject({
      version: "2",
      mapping,
    });
    const changed = await send("carol", "POST", "/admin/instant-launches/mappings/defaults/latest", {});
    expect(changed.json()).toEqual({});
    expect((await send("carol", "DELETE", "/admin/instant-launches/mappings/defaults/latest")).statusCode).toBe(200);
    expect((await send("alice", "GET", "/instantlaunches/mappings/defaults/latest")).json()).toMatchObject({
      version: "1",
    });
    const notMapping = await send("carol", "PUT", "/admin/instant-launches/mappings/defaults/latest", [1]);
    expect(notMapping.statusCode).toBe(400);
  });
});
