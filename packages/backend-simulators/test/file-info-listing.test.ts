import { describe, expect, it } from "vitest";
import { call, dataPathUrl, listing, upload, useFileInfo } from "./file-info-client.js";

const sim = useFileInfo();

const ALICE = "/iplant/home/alice";

type Item = { path: string; name: string; size: number; dateCreated: number; dateModified: number; badName: boolean };
const FIELDS: Record<string, (item: Item) => string | number> = {
  name: (item) => item.name,
  path: (item) => item.path,
  size: (item) => item.size,
  datecreated: (item) => item.dateCreated,
  datemodified: (item) => item.dateModified,
};

function isSorted(items: Item[], key: (item: Item) => string | number, direction: "ASC" | "DESC") {
  const sign = direction === "ASC" ? 1 : -1;
  return items.every((item, index) => {
    const next = items[index + 1];
    if (!next) return true;
    const a = key(item);
    const b = key(next);
    const order = typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b), "en");
    return sign * order <= 0;
  });
}

describe("paged folder listings", () => {
  it("sorts folders and files by every sort field in both directions, folders first", async () => {
    await upload(sim(), ALICE, "alice", "zebra.txt", "a much longer file than the others, to sort by size last");
    const fileOrders = new Set<string>();
    for (const [field, key] of Object.entries(FIELDS)) {
      for (const direction of ["ASC", "DESC"] as const) {
        const { status, body } = await listing(sim(), ALICE, "alice", { "sort-field": field, "sort-dir": direction });
        expect(status).toBe(200);
        expect(body.files.length).toBeGreaterThan(3);
        expect(body.folders.length).toBeGreaterThan(1);
        expect(isSorted(body.files, key, direction), `${field} ${direction} files`).toBe(true);
        expect(isSorted(body.folders, key, direction), `${field} ${direction} folders`).toBe(true);
        expect(body.total).toBe(body.files.length + body.folders.length);
        if (direction === "ASC") fileOrders.add(body.files.map((item: Item) => item.name).join());
      }
    }
    // The seed is built so that the sort fields order the files differently; otherwise this proves little.
    expect(fileOrders.size).toBeGreaterThanOrEqual(4);
  });

  it("pages over folders then files with offset and limit, counting everything in total", async () => {
    const whole = (await listing(sim(), ALICE, "alice", { "sort-field": "datecreated" })).body;
    const everything = [...whole.folders, ...whole.files].map((item: Item) => item.path);
    const paged: string[] = [];
    for (let offset = 0; offset < everything.length; offset += 2) {
      const page = (
        await listing(sim(), ALICE, "alice", { "sort-field": "datecreated", limit: "2", offset: String(offset) })
      ).body;
      expect(page.total).toBe(everything.length);
      expect(page.folders.length + page.files.length).toBeLessThanOrEqual(2);
      paged.push(...[...page.folders, ...page.files].map((item: Item) => item.path));
    }
    expect(paged).toEqual(everything);
    const pastTheEnd = await listing(sim(), ALICE, "alice", { limit: "2", offset: String(everything.length) });
    expect(pastTheEnd.body).toMatchObject({ files: [], folders: [], total: null });
    expect((await listing(sim(), `${ALICE}/documents`, "alice", { limit: "2" })).body.total).toBeNull();
  });

  it("answers data-info's listing fields and filters by entity type, info type and bad names", async () => {
    const { body } = await listing(sim(), ALICE, "alice", {
      "bad-chars": "~",
      "bad-name": "notes.txt",
      "bad-path": `${ALICE}/documents`,
    });
    expect(body).toMatchObject({ path: ALICE, name: "alice", permission: "own", totalBad: 0, readme: false });
    const byName = Object.fromEntries([...body.files, ...body.folders].map((item: Item) => [item.name, item]));
    expect(byName["measurements.csv"]).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      infoType: "csv",
      badName: false,
      permission: "own",
      dateCreated: expect.any(Number),
      dateModified: expect.any(Number),
      size: expect.any(Number),
    });
    expect(byName["notes.txt"]?.badName).toBe(true);
    expect(byName.documents?.badName).toBe(true);

    const folders = (await listing(sim(), ALICE, "alice", { "entity-type": "folder" })).body;
    expect(folders.files).toEqual([]);
    expect(folders.total).toBe(folders.folders.length);
    const csv = (await listing(sim(), ALICE, "alice", { "entity-type": "file", "info-type": "csv" })).body;
    expect(csv.files.map((item: Item) => item.name)).toEqual(["measurements.csv"]);

    await upload(sim(), ALICE, "alice", "README.md", "# about");
    expect((await listing(sim(), ALICE, "alice")).body.readme).toMatchObject({ path: `${ALICE}/README.md` });
  });

  it("refuses listings without a limit, with unknown sort fields, and with sort directions not in upper case", async () => {
    const noLimit = await call(sim(), "GET", dataPathUrl(ALICE), { user: "alice" });
    // compojure-api's refusal of a query its schema (FolderListingParams) does not accept.
    expect(noLimit).toMatchObject({
      status: 400,
      body: { error_code: "ERR_ILLEGAL_ARGUMENT", reason: { limit: "missing-required-key" } },
    });
    const bads: Record<string, string>[] = [{ "sort-field": "colour" }, { "sort-dir": "desc" }, { "sort-dir": "UP" }];
    for (const bad of bads) {
      const refused = await listing(sim(), ALICE, "alice", bad);
      expect(refused, JSON.stringify(bad)).toMatchObject({
        status: 400,
        body: { error_code: "ERR_BAD_QUERY_PARAMETER" },
      });
    }
  });

  it("lists only what the caller can read, and shows shared items under the owner's home", async () => {
    const home = (await listing(sim(), "/iplant/home", "bob")).body;
    const homes = home.folders.map((item: Item) => item.path);
    expect(homes).toEqual(expect.arrayContaining(["/iplant/home/alice", "/iplant/home/bob", "/iplant/home/shared"]));
    expect(homes).not.toContain("/iplant/home/carol");
    // data-info names listing items and leaves labelling to the gateway.
    expect(home).toMatchObject({ name: "home" });
    expect(home).not.toHaveProperty("label");

    const alicesForBob = (await listing(sim(), ALICE, "bob")).body;
    expect([...alicesForBob.folders, ...alicesForBob.files].map((item: Item) => item.name).sort()).toEqual([
      "for-bob.txt",
      "shared-with-bob",
    ]);
    expect(alicesForBob.files[0].permission).toBe("read");
    const hidden = await listing(sim(), `${ALICE}/analyses`, "bob");
    // entry.clj get-path-attrs looks the entry up as the caller: what he has no access to does not exist.
    expect(hidden).toMatchObject({
      status: 500,
      body: { error_code: "ERR_DOES_NOT_EXIST", path: `${ALICE}/analyses` },
    });
    expect((await listing(sim(), "/iplant/home/shared", "carol")).status).toBe(200);
  });
});

describe("navigation", () => {
  it("gives the caller's roots with their base paths", async () => {
    const { status, body } = await call(sim(), "GET", "/navigation/root", { user: "carol" });
    expect(status).toBe(200);
    expect(body.roots.map((root: { path: string; label: string }) => [root.path, root.label])).toEqual([
      ["/iplant/home/carol", "carol"],
      ["/iplant/home/shared", "Community Data"],
      ["/iplant/home", "Shared With Me"],
      ["/iplant/trash/home/carol", "Trash"],
    ]);
    expect(body.roots[0]).toMatchObject({ permission: "own", "date-created": expect.any(Number) });
    expect(body["base-paths"]).toEqual({
      user_home_path: "/iplant/home/carol",
      user_trash_path: "/iplant/trash/home/carol",
      base_trash_path: "/iplant/trash/home",
    });
  });

  it("makes the caller's trash when it is missing, as data-info's root listing does", async () => {
    const trash = "/iplant/trash/home/carol";
    const data = sim().state.dataStore;
    data.remove(data.catalogue.at(trash) ?? expect.fail("carol has a trash folder"));
    expect((await listing(sim(), trash, "carol")).status).toBe(500);
    const { body } = await call(sim(), "GET", "/navigation/root", { user: "carol" });
    expect(body.roots[3]).toMatchObject({ path: trash, permission: "own" });
    expect((await listing(sim(), trash, "carol")).body.total).toBeNull();
  });

  it("lists a folder's readable subfolders", async () => {
    const { body } = await call(sim(), "GET", "/navigation/path/iplant/home/alice", { user: "bob" });
    expect(body.folder).toMatchObject({ path: ALICE, permission: "read" });
    expect(body.folder.folders.map((folder: { path: string }) => folder.path)).toEqual([`${ALICE}/shared-with-bob`]);
    const own = (await call(sim(), "GET", "/navigation/path/iplant/home/alice", { user: "alice" })).body;
    expect(own.folder.folders.map((folder: { label: string }) => folder.label)).toEqual([
      "analyses",
      "documents",
      "shared-with-bob",
    ]);
    const file = await call(sim(), "GET", "/navigation/path/iplant/home/alice/notes.txt", { user: "alice" });
    expect(file).toMatchObject({ status: 500, body: { error_code: "ERR_NOT_A_FOLDER" } });
  });

  it("serves a zone only with the slash after it that data-info's routes (/path/:zone/*) want", async () => {
    for (const prefix of ["/navigation/path", "/data/path"]) {
      const bare = await call(sim(), "GET", `${prefix}/iplant`, { user: "alice", query: { limit: "10" } });
      expect(bare.status, prefix).toBe(404);
      expect(bare.headers.get("content-type"), prefix).toBe("text/html; charset=utf-8");
      expect(JSON.parse(bare.body), prefix).toEqual({ success: false, reason: "unrecognized service path" });
      expect((await call(sim(), "GET", `${prefix}/`, { user: "alice", query: { limit: "10" } })).status).toBe(404);
    }
    const zone = await call(sim(), "GET", "/navigation/path/iplant/", { user: "alice" });
    expect(zone.body.folder).toMatchObject({ path: "/iplant" });
    const listed = await call(sim(), "GET", "/data/path/iplant/", { user: "alice", query: { limit: "10" } });
    expect(listed.body).toMatchObject({ path: "/iplant" });
  });

  it("keeps answering the base paths bootstrap asks for", async () => {
    const { status, body } = await call(sim(), "GET", "/navigation/base-paths", { user: "alice" });
    expect(status).toBe(200);
    expect(body.user_home_path).toBe(ALICE);
    expect((await call(sim(), "GET", "/navigation/base-paths", { user: "mallory" })).body.error_code).toBe(
      "ERR_NOT_A_USER",
    );
  });
});
