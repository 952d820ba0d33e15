import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { seedId } from "../src/file-info/index.js";
import { call, download, filesUnder, idOf, listing, rawGet, store, upload, useFileInfo } from "./file-info-client.js";

const sim = useFileInfo();

const ALICE = "/iplant/home/alice";
const PRIVATE = `${ALICE}/notes.txt`;

describe("what bob may do with alice's files", () => {
  it("refuses to rename, move or delete her unshared entries", async () => {
    const id = seedId(PRIVATE);
    const refusals = [
      await call(sim(), "PUT", `/data/${id}/name`, { user: "bob", json: { filename: "mine.txt" } }),
      await call(sim(), "POST", "/mover", { user: "bob", json: { sources: [PRIVATE], dest: "/iplant/home/bob" } }),
      await call(sim(), "POST", "/deleter", { user: "bob", json: { paths: [PRIVATE] } }),
      await call(sim(), "DELETE", `/data/${id}`, { user: "bob" }),
      await call(sim(), "GET", `/data/${id}/metadata`, { user: "bob" }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(500);
      expect(refusal.body.error_code).toBe("ERR_NOT_READABLE");
    }
  });

  it("answers what he has no access to as not there where data-info checks existence as the caller", async () => {
    const id = seedId(PRIVATE);
    const folder = `${ALICE}/analyses`;
    const byPaths = [
      [await call(sim(), "GET", "/data/uuid", { user: "bob", query: { path: PRIVATE } }), PRIVATE],
      [await call(sim(), "GET", `/navigation/path${folder}`, { user: "bob" }), folder],
      [await call(sim(), "GET", `/data/${id}/chunks`, { user: "bob", query: { position: "0", size: "10" } }), PRIVATE],
      [await call(sim(), "GET", `/data/${id}/manifest`, { user: "bob" }), PRIVATE],
      [await call(sim(), "GET", `/data/${seedId(folder)}/manifest`, { user: "bob" }), folder],
    ] as const;
    for (const [answer, path] of byPaths) {
      expect(answer).toMatchObject({ status: 500, body: { error_code: "ERR_DOES_NOT_EXIST", paths: [path] } });
    }
    for (const answer of [await download(sim(), PRIVATE, "bob"), await listing(sim(), folder, "bob")]) {
      expect(answer).toMatchObject({ status: 500, body: { error_code: "ERR_DOES_NOT_EXIST" } });
    }
    expect((await download(sim(), PRIVATE, "alice")).status).toBe(200);
    const missing = await call(sim(), "GET", "/data/uuid", { user: "bob", query: { path: `${ALICE}/nothing.txt` } });
    expect(missing).toMatchObject({
      status: 500,
      body: { error_code: "ERR_DOES_NOT_EXIST", paths: [`${ALICE}/nothing.txt`] },
    });
  });

  it("leaves out of stats what he has no access to, and refuses only what does not exist", async () => {
    for (const route of ["/stat-gatherer", "/path-info"]) {
      const stats = await call(sim(), "POST", route, {
        user: "bob",
        json: { paths: [PRIVATE, `${ALICE}/for-bob.txt`], ids: [seedId(PRIVATE)] },
      });
      expect(stats.status).toBe(200);
      expect(Object.keys(stats.body.paths)).toEqual([`${ALICE}/for-bob.txt`]);
      expect(stats.body.ids).toEqual({});
      const missing = await call(sim(), "POST", route, { user: "bob", json: { paths: [`${ALICE}/nothing.txt`] } });
      expect(missing.body).toMatchObject({ error_code: "ERR_DOES_NOT_EXIST", paths: [`${ALICE}/nothing.txt`] });
    }
  });

  it("tells the caller which entries exist and are readable", async () => {
    const existence = await call(sim(), "POST", "/existence-marker", {
      user: "bob",
      json: { paths: [PRIVATE, `${ALICE}/for-bob.txt`, `${ALICE}/nothing.txt`] },
    });
    expect(existence.body.paths).toEqual({
      [PRIVATE]: false,
      [`${ALICE}/for-bob.txt`]: true,
      [`${ALICE}/nothing.txt`]: false,
    });
  });

  it("lets him read what she shared but not change it", async () => {
    const shared = `${ALICE}/for-bob.txt`;
    expect((await download(sim(), shared, "bob")).body).toBe("A note alice shares with bob.\n");
    expect((await download(sim(), `${ALICE}/shared-with-bob/plan.txt`, "bob")).status).toBe(200);
    const id = await idOf(sim(), shared, "bob");
    const rename = await call(sim(), "PUT", `/data/${id}/name`, { user: "bob", json: { filename: "x.txt" } });
    expect(rename).toMatchObject({ status: 403, body: { error_code: "ERR_NOT_OWNER", path: shared } });
    const deletion = await call(sim(), "POST", "/deleter", { user: "bob", json: { paths: [shared] } });
    expect(deletion).toMatchObject({ status: 403, body: { error_code: "ERR_NOT_OWNER", paths: [shared] } });
    const into = await upload(sim(), `${ALICE}/shared-with-bob`, "bob", "mine.txt", "x");
    expect(into).toMatchObject({ status: 500, body: { error_code: "ERR_NOT_WRITEABLE" } });
  });

  it("gives per-path outcomes when sharing and unsharing, and write access lets him add files she can read", async () => {
    const folder = `${ALICE}/shared-with-bob`;
    const shared = await call(sim(), "POST", "/sharer", {
      user: "alice",
      json: {
        sharing: [
          {
            user: "bob",
            paths: [
              { path: folder, permission: "write" },
              { path: `${ALICE}/for-bob.txt`, permission: "read" },
              { path: `${ALICE}/missing.txt`, permission: "read" },
              { path: "/iplant/home/bob/notes.txt", permission: "read" },
              { path: `${ALICE}/notes.txt`, permission: "admin" },
            ],
          },
          { user: "mallory", paths: [{ path: `${ALICE}/notes.txt`, permission: "read" }] },
        ],
      },
    });
    expect(shared.status).toBe(200);
    const [forBob, forMallory] = shared.body.sharing;
    expect(forBob.user).toBe("bob");
    expect(forBob.sharing).toEqual([
      { path: folder, permission: "write", success: true },
      { path: `${ALICE}/for-bob.txt`, permission: "read", success: true, reason: "already-shared" },
      expect.objectContaining({ success: false, error: expect.objectContaining({ error_code: "ERR_DOES_NOT_EXIST" }) }),
      expect.objectContaining({ success: false, error: expect.objectContaining({ error_code: "ERR_NOT_READABLE" }) }),
      expect.objectContaining({
        success: false,
        error: expect.objectContaining({ error_code: "ERR_BAD_OR_MISSING_FIELD" }),
      }),
    ]);
    expect(forMallory.sharing[0]).toMatchObject({ success: false, error: { error_code: "ERR_NOT_A_USER" } });

    expect((await upload(sim(), folder, "bob", "from-bob.txt", "hello alice")).status).toBe(200);
    expect((await download(sim(), `${folder}/from-bob.txt`, "alice")).body).toBe("hello alice");

    const unshared = await call(sim(), "POST", "/unsharer", {
      user: "alice",
      json: { unshare: [{ user: "bob", paths: [folder, `${ALICE}/notes.txt`] }] },
    });
    expect(unshared.body.unshare[0].unshare).toEqual([
      { path: folder, success: true },
      { path: `${ALICE}/notes.txt`, success: true, reason: "not-shared" },
    ]);
    expect((await download(sim(), `${folder}/plan.txt`, "bob")).status).toBe(500);
    const perms = await call(sim(), "POST", "/permissions-gatherer", {
      user: "alice",
      json: { paths: [`${ALICE}/for-bob.txt`] },
    });
    expect(perms.body.paths).toEqual([
      { path: `${ALICE}/for-bob.txt`, "user-permissions": [{ user: "bob", permission: "read" }] },
    ]);
  });

  it("refuses unknown and missing users", async () => {
    expect(await call(sim(), "GET", "/navigation/root", { user: "mallory" })).toMatchObject({
      status: 500,
      body: { error_code: "ERR_NOT_A_USER", user: "mallory" },
    });
    // common-swagger-api's StandardUserQueryParams requires it: compojure-api's refusal, the same on every route.
    for (const path of ["/navigation/root", "/navigation/base-paths"]) {
      expect(await call(sim(), "GET", path)).toEqual(
        expect.objectContaining({
          status: 400,
          body: { error_code: "ERR_ILLEGAL_ARGUMENT", reason: { user: "missing-required-key" } },
        }),
      );
    }
  });
});

describe("the administrative account and the data curators' group", () => {
  const ANALYSES = `${ALICE}/analyses`;
  // The publish folder: the staging folder next to it is in the seed, holding alice's DOI-requested folder.
  const STAGING = "/iplant/home/shared/commons_repo/curated";

  it("lets the administrative account create folders anywhere and move a user's folder, which keeps its access list", async () => {
    const created = await call(sim(), "POST", "/data/directories", { user: "rods", json: { paths: [STAGING] } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const moved = await call(sim(), "PUT", `/data/${seedId(ANALYSES)}/dir`, {
      user: "rods",
      json: { dirname: STAGING },
    });
    expect(moved).toMatchObject({ status: 200, body: { source: ANALYSES, dest: `${STAGING}/analyses` } });
    const stat = await call(sim(), "POST", "/path-info", { user: "alice", json: { ids: [seedId(ANALYSES)] } });
    expect(stat.body.ids[seedId(ANALYSES)]).toMatchObject({ path: `${STAGING}/analyses`, permission: "own" });
  });

  it("gives a group's access to its members only, once the group is shared with", async () => {
    const asCarol = () => call(sim(), "POST", "/path-info", { user: "carol", json: { paths: [ANALYSES] } });
    expect((await asCarol()).body).toEqual({ paths: {}, ids: {} });
    const shared = await call(sim(), "POST", "/sharer", {
      user: "rods",
      json: {
        sharing: [
          { user: "data-curators", paths: [{ path: ANALYSES, permission: "own" }] },
          { user: "alice", paths: [{ path: ANALYSES, permission: "write" }] },
        ],
      },
    });
    expect(
      shared.body.sharing.map((item: { sharing: Array<{ success: boolean }> }) => item.sharing[0]?.success),
    ).toEqual([true, true]);
    expect((await asCarol()).body.paths[ANALYSES]).toMatchObject({ permission: "own" });
    const asAlice = await call(sim(), "POST", "/path-info", { user: "alice", json: { paths: [ANALYSES] } });
    expect(asAlice.body.paths[ANALYSES]).toMatchObject({ permission: "write" });
    const asBob = await call(sim(), "POST", "/path-info", { user: "bob", json: { paths: [ANALYSES] } });
    expect(asBob.body).toEqual({ paths: {}, ids: {} });
  });

  it("lets nobody, not even the administrative account, move or delete a home, a trash folder or the folders above them", async () => {
    for (const path of [ALICE, "/iplant/home/shared", "/iplant/home", "/iplant/trash/home/alice"]) {
      const moved = await call(sim(), "POST", "/mover", {
        user: "rods",
        json: { sources: [path], dest: "/iplant/home/bob" },
      });
      expect(moved.body.error_code, path).toBe("ERR_NOT_AUTHORIZED");
      const deleted = await call(sim(), "POST", "/deleter", { user: "rods", json: { paths: [path] } });
      expect(deleted.body.error_code, path).toBe("ERR_NOT_AUTHORIZED");
    }
  });
});

describe("paths that try to leave the zone", () => {
  it("refuses dot segments, encoded slashes, NUL and empty names in URLs", async () => {
    const targets = [
      "/data/path/iplant/home/alice/../bob/notes.txt",
      "/data/path/iplant/home/alice/%2e%2e/bob/notes.txt",
      "/data/path/iplant/home/alice%2F..%2Fbob/notes.txt",
      "/data/path/iplant/home/alice/notes.txt%00.csv",
      "/data/path/iplant/home//alice/notes.txt",
      "/data/path/iplant/./home/alice/notes.txt",
      "/navigation/path/iplant/home/alice/..",
    ];
    for (const target of targets) {
      const answer = await rawGet(sim(), `${target}?user=alice&limit=10`);
      expect(answer, target).toMatchObject({ status: 500, body: { error_code: "ERR_BAD_PATH" } });
    }
  });

  it("refuses them in bodies and parameters, and nothing appears outside the data store", async () => {
    const outside = `${ALICE}/../../../../../tmp/escaped-${process.pid}`;
    const attempts = [
      await call(sim(), "POST", "/data/directories", { user: "alice", json: { paths: [outside] } }),
      await call(sim(), "GET", "/data/uuid", { user: "alice", query: { path: "/iplant/home/bob/../alice" } }),
      await call(sim(), "POST", "/path-info", { user: "alice", json: { paths: ["/iplant//home"] } }),
      await call(sim(), "POST", "/mover", { user: "alice", json: { sources: [PRIVATE], dest: `${ALICE}/.` } }),
      await call(sim(), "POST", "/deleter", { user: "alice", json: { paths: ["iplant/home/alice/notes.txt"] } }),
      await call(sim(), "POST", "/existence-marker", { user: "alice", json: { paths: ["/etc/passwd"] } }),
    ];
    for (const attempt of attempts) expect(attempt.body.error_code).toBe("ERR_BAD_PATH");
    expect(existsSync(join(tmpdir(), `escaped-${process.pid}`))).toBe(false);
    const name = await call(sim(), "PUT", `/data/${seedId(PRIVATE)}/name`, {
      user: "alice",
      json: { filename: "../x" },
    });
    expect(name.body.error_code).toBe("ERR_BAD_PATH");
    expect(filesUnder(store(sim()).disk.tree)).toContain(join("iplant", "home", "alice", "notes.txt"));
  });

  it("keeps uploaded names inside the destination folder", async () => {
    const form = new FormData();
    form.append("file", new Blob(["x"]), "..");
    const dots = await fetch(`${sim().url}/data?user=alice&dest=${ALICE}`, { method: "POST", body: form });
    expect(dots.status).toBe(500);
    // The multipart parser keeps only the last name of a path-like file name.
    const escaped = await upload(sim(), ALICE, "alice", "../../escaped.txt", "x");
    expect(escaped).toMatchObject({ status: 200, body: { file: { path: `${ALICE}/escaped.txt` } } });
    expect(filesUnder(store(sim()).disk.tree).filter((path) => path.endsWith("escaped.txt"))).toEqual([
      join("iplant", "home", "alice", "escaped.txt"),
    ]);
  });

  it("computes disk paths that never leave the tree", () => {
    const disk = store(sim()).disk;
    expect(disk.pathOf(PRIVATE).startsWith(disk.tree)).toBe(true);
    expect(() => disk.pathOf("/iplant/../../..")).toThrow(/outside/);
    expect(() => disk.pathOf("/")).toThrow(/outside/);
  });
});
