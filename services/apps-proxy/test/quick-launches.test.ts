import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ALICES_ALIGNER,
  ALICES_QUICK_LAUNCH,
  FASTQC,
  PUBLIC_QUICK_LAUNCH,
  WORD_COUNT,
  WORD_COUNT_INPUT,
} from "./seed.js";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

const ALICE = "alice@iplantcollaborative.org";
const BOB = "bob@iplantcollaborative.org";
const names = (body: Array<{ name: string }>) => body.map((quickLaunch) => quickLaunch.name).sort();
const recorded = (method: string, path: string | RegExp) => service.platform.analyses.recorder.to(method, path);

/** The body the launch form saves (sonora's AppLaunchForm: the submission it would launch). */
const savedLaunch = (name: string, isPublic = false) => ({
  name,
  description: "chapter one, counted",
  is_public: isPublic,
  app_id: WORD_COUNT,
  submission: {
    app_id: WORD_COUNT,
    system_id: "de",
    name: "word-count-run",
    debug: false,
    notify: true,
    output_dir: "/iplant/home/alice/analyses",
    config: { [WORD_COUNT_INPUT]: "/iplant/home/alice/chapter-1.txt" },
  },
});

async function save(name: string, isPublic = false): Promise<{ id: string; app_version_id: string }> {
  const saved = await send("alice", "POST", "/quicklaunches", savedLaunch(name, isPublic));
  expect(saved.statusCode).toBe(200);
  return saved.json();
}

describe("quick launches, at the analyses service", () => {
  it("lists the caller's own and the public ones, asking for the caller by full username", async () => {
    expect(names((await send("alice", "GET", "/quicklaunches?user=bob")).json())).toEqual([
      "Align against hg38",
      "Count lines",
      "JupyterLab",
    ]);
    expect(names((await send("bob", "GET", "/quicklaunches")).json())).toEqual(["Count lines", "JupyterLab"]);
    expect(recorded("GET", "/quicklaunches").map((request) => request.query.user)).toEqual([ALICE, BOB]);
    // The apps backend no longer answers quick launches.
    expect(service.platform.apps.recorder.to("GET", /quicklaunch/)).toEqual([]);
  });

  it("creates, reads, updates and deletes a quick launch as the web client does, as alice", async () => {
    const created = await send("alice", "POST", "/quicklaunches?user=carol", savedLaunch("Chapter one"));
    expect(created.statusCode).toBe(200);
    const saved = created.json();
    expect(saved).toMatchObject({ name: "Chapter one", creator: ALICE, app_id: WORD_COUNT, is_public: false });
    expect(recorded("POST", "/quicklaunches")[0]?.query).toEqual({ user: ALICE });

    const read = await send("alice", "GET", `/quicklaunches/${saved.id}`);
    expect(read.json()).toEqual(saved);

    const changed = await send("alice", "PATCH", `/quicklaunches/${saved.id}`, {
      name: "Chapter one, debugged",
      submission: { debug: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: "Chapter one, debugged", submission: { debug: true, notify: true } });
    expect(recorded("PATCH", `/quicklaunches/${saved.id}`)[0]?.query).toEqual({ user: ALICE });

    const deleted = await send("alice", "DELETE", `/quicklaunches/${saved.id}`);
    expect(deleted.json()).toEqual({ id: saved.id });
    expect(recorded("DELETE", `/quicklaunches/${saved.id}`)[0]?.query).toEqual({ user: ALICE });
    const gone = await send("alice", "GET", `/quicklaunches/${saved.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringContaining(saved.id) });
    // Deleting again succeeds, as the service's delete does.
    expect((await send("alice", "DELETE", `/quicklaunches/${saved.id}`)).statusCode).toBe(200);
  });

  it("shows a public quick launch to everyone, but only its creator may change or delete it", async () => {
    const saved = await save("Shared count", true);
    expect(names((await send("bob", "GET", `/quicklaunches/apps/${WORD_COUNT}`)).json())).toEqual([
      "Count lines",
      "Shared count",
    ]);
    expect((await send("bob", "GET", `/quicklaunches/${saved.id}`)).statusCode).toBe(200);
    // The service fails on another user's quick launch with 500: the gateway refuses it first.
    const changed = await send("bob", "PATCH", `/quicklaunches/${saved.id}`, { name: "mine now" });
    expect(changed.statusCode).toBe(403);
    expect(changed.json()).toMatchObject({ error_code: "ERR_FORBIDDEN", reason: expect.stringContaining(saved.id) });
    expect(recorded("PATCH", `/quicklaunches/${saved.id}`)).toEqual([]);
    await send("bob", "DELETE", `/quicklaunches/${saved.id}`);
    expect((await send("alice", "GET", `/quicklaunches/${saved.id}`)).json()).toMatchObject({ name: "Shared count" });
  });

  it("fills the launch form from a quick launch the caller may see", async () => {
    const info = (await send("bob", "GET", `/quicklaunches/${PUBLIC_QUICK_LAUNCH}/app-info`)).json();
    expect(info).toMatchObject({ id: WORD_COUNT, name: "Word Count", debug: false });
    const flag = info.groups[0].parameters.find((p: { label: string }) => p.label === "Count lines only");
    expect(flag).toMatchObject({ value: true, defaultValue: true });
    const hidden = await send("bob", "GET", `/quicklaunches/${ALICES_QUICK_LAUNCH}/app-info`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
  });

  it("fills input paths as the launch form expects them", async () => {
    const saved = await save("Chapter one");
    const info = (await send("alice", "GET", `/quicklaunches/${saved.id}/app-info`)).json();
    const input = info.groups[0].parameters.find((p: { id: string }) => p.id === WORD_COUNT_INPUT);
    expect(input.value).toEqual({ path: "/iplant/home/alice/chapter-1.txt" });
  });

  it("refuses a quick launch for an app the caller cannot get, or without a submission", async () => {
    const hidden = await send("bob", "POST", "/quicklaunches", { ...savedLaunch("x"), app_id: ALICES_ALIGNER });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringMatching(/get app/) });
    const noSubmission = await send("bob", "POST", "/quicklaunches", { name: "x", app_id: FASTQC });
    expect(noSubmission.statusCode).toBe(400);
    expect(noSubmission.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    expect(names((await send("bob", "GET", "/quicklaunches")).json())).toEqual(["Count lines", "JupyterLab"]);
  });

  it("saves the app's latest version unless the client names one, and refuses a version of another app", async () => {
    const latest = (await send("alice", "GET", `/apps/de/${WORD_COUNT}`)).json().version_id;
    expect(latest).toEqual(expect.any(String));
    expect((await save("Latest")).app_version_id).toBe(latest);
    const fastqcVersion = (await send("alice", "GET", `/apps/de/${FASTQC}`)).json().version_id;
    const mixed = await send("alice", "POST", "/quicklaunches", { ...savedLaunch("x"), app_version_id: fastqcVersion });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringContaining("version") });
  });

  it("answers malformed JSON and wrong types with 400 in the error model", async () => {
    const malformed = await send("alice", "POST", "/quicklaunches", '{"name": "x",', {
      "content-type": "application/json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    const wrongType = await send("alice", "POST", "/quicklaunches", { ...savedLaunch("x"), is_public: "yes" });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({
      error_code: "ERR_BAD_REQUEST",
      reason: expect.stringMatching(/is_public/),
    });
    const notAnObject = await send("alice", "PATCH", `/quicklaunches/${ALICES_QUICK_LAUNCH}`, [1, 2]);
    expect(notAnObject.statusCode).toBe(400);
  });

  it("keeps a quick launch someone made a favorite or a default, as the database's foreign keys do", async () => {
    const saved = await save("Shared count", true);
    const favorite = (await send("bob", "POST", "/quicklaunches/favorites", { quick_launch_id: saved.id })).json();
    // sonora's saved-launch listing (deleteSavedLaunch): the service fails the delete, and the gateway says so.
    const refused = await send("alice", "DELETE", `/quicklaunches/${saved.id}`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    expect((await send("alice", "GET", `/quicklaunches/${saved.id}`)).statusCode).toBe(200);
    await send("bob", "DELETE", `/quicklaunches/favorites/${favorite.id}`);
    const pair = { app_id: WORD_COUNT, quick_launch_id: saved.id };
    const userDefault = (await send("alice", "POST", "/quicklaunches/defaults/user", pair)).json();
    expect((await send("alice", "DELETE", `/quicklaunches/${saved.id}`)).statusCode).toBe(502);
    await send("alice", "DELETE", `/quicklaunches/defaults/user/${userDefault.id}`);
    expect((await send("alice", "DELETE", `/quicklaunches/${saved.id}`)).statusCode).toBe(200);
    expect((await send("alice", "GET", `/quicklaunches/${saved.id}`)).statusCode).toBe(404);
  });

  it("takes an instant launch away with its quick launch, as the database's cascade does", async () => {
    const saved = await save("Instant count", true);
    const made = (await send("carol", "PUT", "/admin/instant-launches", { quick_launch_id: saved.id })).json();
    const listed = async () =>
      (await send("alice", "GET", "/instantlaunches")).json().instant_launches.map((row: { id: string }) => row.id);
    expect(await listed()).toContain(made.id);
    expect((await send("alice", "DELETE", `/quicklaunches/${saved.id}`)).statusCode).toBe(200);
    expect(await listed()).not.toContain(made.id);
  });

  it("sends every row the caller's full username from the token, whatever user or email the caller sent", async () => {
    const saved = await save("Chapter one", true);
    const spare = await save("Spare");
    const favorite = (await send("alice", "POST", "/quicklaunches/favorites", { quick_launch_id: saved.id })).json();
    const pair = { app_id: WORD_COUNT, quick_launch_id: saved.id };
    const userDefault = (await send("alice", "POST", "/quicklaunches/defaults/user", pair)).json();
    const globalDefault = (await send("alice", "POST", "/quicklaunches/defaults/global", pair)).json();
    service.platform.analyses.recorder.clear();
    const rows: Array<["GET" | "POST" | "PATCH" | "DELETE", string, object?]> = [
      ["GET", "/quicklaunches"],
      ["POST", "/quicklaunches", savedLaunch("again")],
      ["GET", `/quicklaunches/apps/${WORD_COUNT}`],
      ["GET", `/quicklaunches/${saved.id}`],
      ["PATCH", `/quicklaunches/${saved.id}`, { name: "renamed" }],
      ["GET", `/quicklaunches/${saved.id}/app-info`],
      // Each mark and default is removed before it is made again: the service keeps one of each.
      ["GET", "/quicklaunches/favorites"],
      ["GET", `/quicklaunches/favorites/${favorite.id}`],
      ["DELETE", `/quicklaunches/favorites/${favorite.id}`],
      ["POST", "/quicklaunches/favorites", { quick_launch_id: saved.id }],
      ["GET", "/quicklaunches/defaults/user"],
      ["GET", `/quicklaunches/defaults/user/${userDefault.id}`],
      ["PATCH", `/quicklaunches/defaults/user/${userDefault.id}`, pair],
      ["DELETE", `/quicklaunches/defaults/user/${userDefault.id}`],
      ["POST", "/quicklaunches/defaults/user", pair],
      ["GET", "/quicklaunches/defaults/global"],
      ["GET", `/quicklaunches/defaults/global/${globalDefault.id}`],
      ["PATCH", `/quicklaunches/defaults/global/${globalDefault.id}`, pair],
      ["DELETE", `/quicklaunches/defaults/global/${globalDefault.id}`],
      ["POST", "/quicklaunches/defaults/global", pair],
      // One no favorite or default names: the database refuses to delete the other.
      ["DELETE", `/quicklaunches/${spare.id}`],
    ];
    for (const [method, url, body] of rows) {
      const response = await send("alice", method, `${url}?user=bob&email=bob@example.org`, body, {
        "x-user": "bob",
      });
      expect(response.statusCode, `${method} ${url}`).toBe(200);
    }
    // Every row reached the service, some after the gateway's own reads (quick-launch-checks.ts).
    const sent = service.platform.analyses.recorder.requests;
    expect(sent.length).toBeGreaterThanOrEqual(rows.length);
    for (const request of sent) expect(request.query, `${request.method} ${request.path}`).toEqual({ user: ALICE });
  });

  it("refuses identifiers that are not UUIDs, as the reference does, without asking the service", async () => {
    for (const url of [
      "/quicklaunches/not-a-uuid",
      "/quicklaunches/apps/not-a-uuid",
      "/quicklaunches/not-a-uuid/app-info",
      "/quicklaunches/favorites/7",
      "/quicklaunches/defaults/user/x",
      "/quicklaunches/defaults/global/x",
    ]) {
      const refused = await send("alice", "GET", url);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
    expect(service.platform.analyses.recorder.requests).toEqual([]);
  });

  it("is for signed-in users only", async () => {
    expect((await send(undefined, "GET", "/quicklaunches")).statusCode).toBe(401);
    expect((await send(undefined, "GET", "/quicklaunches/defaults/global")).statusCode).toBe(401);
    expect(recorded("GET", /quicklaunch/)).toEqual([]);
  });

  it("answers 502 when the analyses service is down and 504 when it does not answer", async () => {
    await service.platform.analyses.stop();
    try {
      const down = await send("alice", "GET", "/quicklaunches");
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service.platform.analyses.start();
    }
    service.platform.analyses.faults.set({ mode: "hang" });
    const hung = await send("alice", "POST", "/quicklaunches", savedLaunch("x"));
    expect(hung.statusCode).toBe(504);
    expect(hung.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });
});

describe("route conflicts: the static segment wins over {ql-id}", () => {
  it("/quicklaunches/favorites is the favorites, not a quick launch named favorites", async () => {
    const response = await send("alice", "GET", "/quicklaunches/favorites");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(recorded("GET", "/quicklaunch/favorites")).toHaveLength(1);
    expect(recorded("GET", "/quicklaunches/favorites")).toEqual([]);
  });

  it("/quicklaunches/defaults/... are the defaults, not a quick launch named defaults", async () => {
    expect((await send("alice", "GET", "/quicklaunches/defaults/global")).json()).toEqual([]);
    expect((await send("alice", "GET", "/quicklaunches/defaults/user")).json()).toEqual([]);
    expect(recorded("GET", /^\/quicklaunch\/defaults\/(global|user)$/)).toHaveLength(2);
    expect(recorded("GET", /^\/quicklaunches\//)).toEqual([]);
    // A quick launch by id still reaches the quick launches.
    expect((await send("alice", "GET", `/quicklaunches/${ALICES_QUICK_LAUNCH}`)).json()).toMatchObject({
      name: "Align against hg38",
    });
  });
});

describe("favorite quick launches", () => {
  it("marks, lists, reads and unmarks a favorite of the caller's", async () => {
    const marked = await send("bob", "POST", "/quicklaunches/favorites", { quick_launch_id: PUBLIC_QUICK_LAUNCH });
    expect(marked.statusCode).toBe(200);
    const favorite = marked.json();
    expect(favorite).toEqual({ id: expect.any(String), quick_launch_id: PUBLIC_QUICK_LAUNCH, user: BOB });
    expect(recorded("POST", "/quicklaunch/favorites")[0]?.query).toEqual({ user: BOB });
    expect((await send("bob", "GET", "/quicklaunches/favorites")).json()).toEqual([favorite]);
    expect((await send("bob", "GET", `/quicklaunches/favorites/${favorite.id}`)).json()).toEqual(favorite);
    // Another user's favorite is not found.
    const others = await send("alice", "GET", `/quicklaunches/favorites/${favorite.id}`);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    expect((await send("bob", "DELETE", `/quicklaunches/favorites/${favorite.id}`)).json()).toEqual({
      id: favorite.id,
    });
    expect((await send("bob", "GET", "/quicklaunches/favorites")).json()).toEqual([]);
  });

  it("refuses to mark a quick launch that does not exist, or a body that is not one", async () => {
    const unknown = await send("bob", "POST", "/quicklaunches/favorites", {
      quick_launch_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    const wrongType = await send("bob", "POST", "/quicklaunches/favorites", { quick_launch_id: 7 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
  });
});

describe("the caller's default quick launches", () => {
  it("chooses, changes and removes the caller's default for an app", async () => {
    const saved = await save("Chapter one");
    const chosen = await send("alice", "POST", "/quicklaunches/defaults/user", {
      app_id: WORD_COUNT,
      quick_launch_id: PUBLIC_QUICK_LAUNCH,
    });
    expect(chosen.statusCode).toBe(200);
    const userDefault = chosen.json();
    expect(userDefault).toEqual({
      id: expect.any(String),
      user: ALICE,
      app_id: WORD_COUNT,
      quick_launch_id: PUBLIC_QUICK_LAUNCH,
    });
    const changed = await send("alice", "PATCH", `/quicklaunches/defaults/user/${userDefault.id}`, {
      app_id: WORD_COUNT,
      quick_launch_id: saved.id,
    });
    expect(changed.json()).toMatchObject({ quick_launch_id: saved.id });
    expect((await send("alice", "GET", "/quicklaunches/defaults/user")).json()).toEqual([changed.json()]);
    expect((await send("bob", "GET", `/quicklaunches/defaults/user/${userDefault.id}`)).statusCode).toBe(404);
    await send("alice", "DELETE", `/quicklaunches/defaults/user/${userDefault.id}`);
    expect((await send("alice", "GET", "/quicklaunches/defaults/user")).json()).toEqual([]);
  });

  it("refuses a change that leaves out the app or the quick launch, and unknown ones", async () => {
    const chosen = (
      await send("alice", "POST", "/quicklaunches/defaults/user", {
        app_id: WORD_COUNT,
        quick_launch_id: PUBLIC_QUICK_LAUNCH,
      })
    ).json();
    const partial = await send("alice", "PATCH", `/quicklaunches/defaults/user/${chosen.id}`, { app_id: WORD_COUNT });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringMatching(/required/) });
    const unknown = await send("alice", "POST", "/quicklaunches/defaults/user", {
      app_id: WORD_COUNT,
      quick_launch_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("global default quick launches (any signed-in user, for quick launches of their own)", () => {
  it("lets a user who is no administrator make one of their quick launches the default, as the web client asks", async () => {
    const saved = await save("Chapter one", true);
    // sonora's addGlobalSavedLaunch
    const made = await send("alice", "POST", "/quicklaunches/defaults/global", {
      app_id: WORD_COUNT,
      quick_launch_id: saved.id,
    });
    expect(made.statusCode).toBe(200);
    const globalDefault = made.json();
    expect(globalDefault).toEqual({ id: expect.any(String), app_id: WORD_COUNT, quick_launch_id: saved.id });
    expect(recorded("POST", "/quicklaunch/defaults/global")[0]?.query).toEqual({ user: ALICE });
    expect((await send("alice", "GET", "/quicklaunches/defaults/global")).json()).toEqual([globalDefault]);
    expect((await send("alice", "GET", `/quicklaunches/defaults/global/${globalDefault.id}`)).json()).toEqual(
      globalDefault,
    );
    const changed = await send("alice", "PATCH", `/quicklaunches/defaults/global/${globalDefault.id}`, {
      app_id: WORD_COUNT,
      quick_launch_id: saved.id,
    });
    expect(changed.statusCode).toBe(200);
    expect((await send("alice", "DELETE", `/quicklaunches/defaults/global/${globalDefault.id}`)).json()).toEqual({
      id: globalDefault.id,
    });
    expect((await send("alice", "GET", "/quicklaunches/defaults/global")).json()).toEqual([]);
  });

  it("does not let a user make another user's quick launch the default, or reach its global default", async () => {
    // The service stores it, fails to read it back through its creator and answers 500: refused here first.
    const taken = await send("bob", "POST", "/quicklaunches/defaults/global", {
      app_id: WORD_COUNT,
      quick_launch_id: PUBLIC_QUICK_LAUNCH,
    });
    expect(taken.statusCode).toBe(403);
    expect(taken.json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
    expect(recorded("POST", "/quicklaunch/defaults/global")).toEqual([]);
    const carols = (
      await send("carol", "POST", "/quicklaunches/defaults/global", {
        app_id: WORD_COUNT,
        quick_launch_id: PUBLIC_QUICK_LAUNCH,
      })
    ).json();
    expect((await send("bob", "GET", "/quicklaunches/defaults/global")).json()).toEqual([]);
    expect((await send("bob", "GET", `/quicklaunches/defaults/global/${carols.id}`)).statusCode).toBe(404);
    await send("bob", "DELETE", `/quicklaunches/defaults/global/${carols.id}`);
    expect((await send("carol", "GET", "/quicklaunches/defaults/global")).json()).toEqual([carols]);
  });
});

describe("writes the analyses service's database refuses (with 500): checked first", () => {
  it("refuses a second favorite mark, and one of a quick launch the caller may not see", async () => {
    expect(
      (await send("bob", "POST", "/quicklaunches/favorites", { quick_launch_id: PUBLIC_QUICK_LAUNCH })).statusCode,
    ).toBe(200);
    const again = await send("bob", "POST", "/quicklaunches/favorites", { quick_launch_id: PUBLIC_QUICK_LAUNCH });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error_code: "ERR_CONFLICT",
      reason: expect.stringContaining(PUBLIC_QUICK_LAUNCH),
    });
    const hidden = await send("bob", "POST", "/quicklaunches/favorites", { quick_launch_id: ALICES_QUICK_LAUNCH });
    expect(hidden.statusCode).toBe(404);
    expect(recorded("POST", "/quicklaunch/favorites")).toHaveLength(1);
  });

  it("refuses a default of another app's quick launch, and a second default for an app or a quick launch", async () => {
    const otherApp = await send("alice", "POST", "/quicklaunches/defaults/user", {
      app_id: FASTQC,
      quick_launch_id: PUBLIC_QUICK_LAUNCH,
    });
    expect(otherApp.statusCode).toBe(400);
    expect(otherApp.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    const pair = { app_id: WORD_COUNT, quick_launch_id: PUBLIC_QUICK_LAUNCH };
    const chosen = (await send("alice", "POST", "/quicklaunches/defaults/user", pair)).json();
    expect((await send("alice", "POST", "/quicklaunches/defaults/user", pair)).statusCode).toBe(409);
    const saved = await save("Chapter one");
    const sameApp = { app_id: WORD_COUNT, quick_launch_id: saved.id };
    expect((await send("alice", "POST", "/quicklaunches/defaults/user", sameApp)).statusCode).toBe(409);
    // Changing a default to what it is already is no second one.
    expect((await send("alice", "PATCH", `/quicklaunches/defaults/user/${chosen.id}`, pair)).statusCode).toBe(200);
    expect((await send("alice", "PATCH", `/quicklaunches/defaults/user/${chosen.id}`, sameApp)).statusCode).toBe(200);
  });

  it("refuses a second global default of the caller's for an app; another user's it cannot see (502)", async () => {
    const first = await save("First", true);
    const second = await save("Second", true);
    const made = await send("alice", "POST", "/quicklaunches/defaults/global", {
      app_id: WORD_COUNT,
      quick_launch_id: first.id,
    });
    expect(made.statusCode).toBe(200);
    const again = await send("alice", "POST", "/quicklaunches/defaults/global", {
      app_id: WORD_COUNT,
      quick_launch_id: second.id,
    });
    expect(again.statusCode).toBe(409);
    // carol's own quick launch of the same app: alice's global default is not among carol's to check.
    const carols = await send("carol", "POST", "/quicklaunches/defaults/global", {
      app_id: WORD_COUNT,
      quick_launch_id: PUBLIC_QUICK_LAUNCH,
    });
    expect(carols.statusCode).toBe(502);
    expect(carols.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", backend_status: 500 });
  });
});
