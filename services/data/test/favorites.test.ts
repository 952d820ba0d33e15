import { describe, expect, it } from "vitest";
import { HOME, q, seeded, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const NOTES = seeded("alice", "notes.txt");
const ANALYSES = seeded("alice", "analyses");
/** Seeded files of alice's whose name, path, creation, modification and size orders all differ. */
const FILES = ["notes.txt", "measurements.csv", "sample.bin", "analyses/run-1/output.tsv"].map((name) =>
  seeded("alice", name),
);
const FOLDERS = ["analyses", "analyses/run-1", "documents"].map((name) => seeded("alice", name));
/** alice's file shared read-only with bob. */
const FOR_BOB = seeded("alice", "for-bob.txt");
/** alice's folder shared read-only with bob. */
const SHARED_FOLDER = seeded("alice", "shared-with-bob");

const FAVORITES = "/secured/favorites/filesystem";
const EVERYTHING = "sort-col=NAME&sort-dir=ASC&limit=100&offset=0";

type Listed = { id: string; uuid: string; path: string; [field: string]: unknown };
type Listing = { files: Listed[]; folders: Listed[]; total: number };

const mark = (user: string, id: string) => send(user, "PUT", `${FAVORITES}/${id}`);
const unmark = (user: string, id: string) => send(user, "DELETE", `${FAVORITES}/${id}`);

async function markAll(user: string, ids: readonly string[]) {
  for (const id of ids) expect((await mark(user, id)).statusCode, id).toBe(200);
}

async function listing(user: string, query = EVERYTHING): Promise<Listing> {
  const response = await send(user, "GET", `${FAVORITES}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().filesystem;
}

const uuidsOf = (listed: Listing) => [...listed.folders, ...listed.files].map((entry) => entry.uuid);

/** The file-info backend's stat records, read through the data service as the caller. */
async function stats(user: string, ids: readonly string[]): Promise<Array<Record<string, unknown>>> {
  const response = await send(user, "POST", "/secured/filesystem/stat", { ids });
  expect(response.statusCode).toBe(200);
  return ids.map((id) => response.json().ids[id]);
}

describe("marking and unmarking a favorite", () => {
  it.each([
    ["file", NOTES],
    ["folder", ANALYSES],
  ])("marks a %s (200, telling the metadata backend its data type) and unmarks it (200)", async (kind, id) => {
    const marked = await mark("alice", id);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({});
    const recorded = service.platform.metadata.recorder.to("PUT", `/favorites/filesystem/${id}`);
    expect(recorded.map((request) => request.query)).toEqual([{ "data-type": kind, user: "alice" }]);
    expect(uuidsOf(await listing("alice"))).toEqual([id]);

    const unmarked = await unmark("alice", id);
    expect(unmarked.statusCode).toBe(200);
    expect(unmarked.json()).toEqual({});
    expect(uuidsOf(await listing("alice"))).toEqual([]);
  });

  it("answers 404 to unmarking what is not a favorite", async () => {
    for (const id of [NOTES, ANALYSES]) {
      const response = await unmark("alice", id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.any(String) });
    }
    await markAll("bob", [FOR_BOB]);
    // Another user's favorite is not the caller's.
    expect((await unmark("alice", FOR_BOB)).statusCode).toBe(404);
  });

  it("answers 404 to marking an unknown UUID or one the caller cannot read, without telling the metadata backend", async () => {
    for (const id of [UNKNOWN, NOTES, ANALYSES]) {
      const response = await mark("bob", id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ error_code: "ERR_NOT_FOUND", reason: `file or folder ${id} not found` });
    }
    expect(service.platform.metadata.recorder.to("PUT", /^\/favorites\//)).toEqual([]);
    // What is shared with the caller can be marked.
    await markAll("bob", [FOR_BOB, SHARED_FOLDER]);
    expect(new Set(uuidsOf(await listing("bob")))).toEqual(new Set([FOR_BOB, SHARED_FOLDER]));
  });

  it("accepts a UUID in any case", async () => {
    expect((await mark("alice", NOTES.toUpperCase())).statusCode).toBe(200);
    expect(uuidsOf(await listing("alice"))).toEqual([NOTES]);
    expect((await unmark("alice", NOTES.toUpperCase())).statusCode).toBe(200);
  });

  it("answers 400 to an id that is not a UUID", async () => {
    for (const method of ["PUT", "DELETE"] as const) {
      const response = await send("alice", method, `${FAVORITES}/notes.txt`);
      expect(response.statusCode, method).toBe(400);
      expect(response.json()).toMatchObject({ error_code: expect.any(String), reason: expect.any(String) });
    }
  });

  it("ignores whatever body PUT and DELETE are sent", async () => {
    const headers = { "content-type": "application/json" };
    expect((await send("alice", "PUT", `${FAVORITES}/${NOTES}`, "{not json", headers)).statusCode).toBe(200);
    expect((await send("alice", "DELETE", `${FAVORITES}/${NOTES}`, "{not json", headers)).statusCode).toBe(200);
  });
});

describe("listing favorites", () => {
  it("lists stat data of each favorite as the interface's favorite objects, with the total", async () => {
    await markAll("alice", [NOTES, ANALYSES]);
    const listed = await listing("alice");
    expect(listed.total).toBe(2);
    const [notes, analyses] = await stats("alice", [NOTES, ANALYSES]);
    expect(listed.files).toEqual([
      expect.objectContaining({
        id: `${HOME("alice")}/notes.txt`,
        path: `${HOME("alice")}/notes.txt`,
        uuid: NOTES,
        label: "notes.txt",
        type: "file",
        permission: "own",
        isFavorite: true,
        "file-size": notes?.["file-size"],
        "mime-type": notes?.["content-type"],
        infoType: notes?.infoType,
        "share-count": 0,
        "date-created": notes?.["date-created"],
        "date-modified": notes?.["date-modified"],
      }),
    ]);
    expect(listed.folders).toEqual([
      expect.objectContaining({
        id: `${HOME("alice")}/analyses`,
        path: `${HOME("alice")}/analyses`,
        uuid: ANALYSES,
        label: "analyses",
        type: "dir",
        permission: "own",
        isFavorite: true,
        "file-size": 0,
        "dir-count": analyses?.["dir-count"],
        "file-count": analyses?.["file-count"],
        "share-count": 0,
      }),
    ]);
  });

  it("answers an empty listing when the caller has no favorites", async () => {
    expect(await listing("alice")).toEqual({ files: [], folders: [], total: 0 });
  });

  const SORT_FIELDS = {
    NAME: "label",
    ID: "path",
    LASTMODIFIED: "date-modified",
    DATECREATED: "date-created",
    SIZE: "file-size",
  } as const;

  it("sorts by every sort column, both ways, each giving its own order", async () => {
    await markAll("alice", FILES);
    const fileStats = await stats("alice", FILES);
    const orders = new Set<string>();
    for (const [column, field] of Object.entries(SORT_FIELDS)) {
      const ascending = [...fileStats]
        .sort((a, b) => {
          const [left, right] = [a[field], b[field]];
          return typeof left === "number" && typeof right === "number"
            ? left - right
            : String(left).localeCompare(String(right));
        })
        .map((stat) => stat.id);
      orders.add(ascending.join());
      const asc = await listing("alice", `sort-col=${column}&sort-dir=ASC&limit=10&offset=0`);
      expect(uuidsOf(asc), column).toEqual(ascending);
      const desc = await listing("alice", `sort-col=${column}&sort-dir=DESC&limit=10&offset=0`);
      expect(uuidsOf(desc), column).toEqual([...ascending].reverse());
    }
    // Otherwise the test could not tell a column mapped to the wrong field.
    expect(orders.size).toBe(Object.keys(SORT_FIELDS).length);
  });

  it("takes sort-col, sort-dir and entity-type in any case", async () => {
    await markAll("alice", FILES);
    const upper = await listing("alice", "sort-col=SIZE&sort-dir=DESC&limit=10&offset=0&entity-type=FILE");
    const lower = await listing("alice", "sort-col=size&sort-dir=desc&limit=10&offset=0&entity-type=file");
    const mixed = await listing("alice", "sort-col=Size&sort-dir=Desc&limit=10&offset=0&entity-type=File");
    expect(lower).toEqual(upper);
    expect(mixed).toEqual(upper);
    expect(upper.total).toBe(FILES.length);
  });

  it("pages the sorted favorites (folders, then files) with limit and offset; total counts all pages", async () => {
    await markAll("alice", [...FILES, ...FOLDERS]);
    const all = uuidsOf(await listing("alice", "sort-col=NAME&sort-dir=ASC&limit=100&offset=0"));
    expect(new Set(all)).toEqual(new Set([...FILES, ...FOLDERS]));
    expect(all.slice(0, FOLDERS.length).sort()).toEqual([...FOLDERS].sort());
    const pages = [];
    for (let offset = 0; offset < all.length; offset += 3) {
      const page = await listing("alice", `sort-col=NAME&sort-dir=ASC&limit=3&offset=${offset}`);
      expect(page.total).toBe(all.length);
      expect(page.folders.length + page.files.length).toBe(Math.min(3, all.length - offset));
      pages.push(...uuidsOf(page));
    }
    expect(pages).toEqual(all);
    const beyond = await listing("alice", `sort-col=NAME&sort-dir=ASC&limit=3&offset=${all.length}`);
    expect(beyond).toEqual({ files: [], folders: [], total: all.length });
  });

  it("keeps to one entity type when asked (ANY by default)", async () => {
    await markAll("alice", [...FILES, ...FOLDERS]);
    const files = await listing("alice", `${EVERYTHING}&entity-type=FILE`);
    expect(files.folders).toEqual([]);
    expect(new Set(uuidsOf(files))).toEqual(new Set(FILES));
    expect(files.total).toBe(FILES.length);
    const folders = await listing("alice", `${EVERYTHING}&entity-type=FOLDER`);
    expect(folders.files).toEqual([]);
    expect(new Set(uuidsOf(folders))).toEqual(new Set(FOLDERS));
    expect(folders.total).toBe(FOLDERS.length);
    const any = await listing("alice", `${EVERYTHING}&entity-type=ANY`);
    expect(any).toEqual(await listing("alice"));
    expect(any.total).toBe(FILES.length + FOLDERS.length);
  });

  it("keeps only files of the given info types (the parameter repeated for several); folders stay", async () => {
    await markAll("alice", [...FILES, ...FOLDERS]);
    const fileStats = await stats("alice", FILES);
    const typeOf = (id: string) => fileStats.find((stat) => stat.id === id)?.infoType;
    const [first, second] = [typeOf(FILES[0] as string), typeOf(FILES[1] as string)] as string[];
    expect(first).not.toBe(second);
    const having = (types: string[]) => FILES.filter((id) => types.includes(typeOf(id) as string));

    const one = await listing("alice", `${EVERYTHING}&info-type=${q(first as string)}`);
    expect(new Set(one.files.map((file) => file.uuid))).toEqual(new Set(having([first as string])));
    expect(new Set(one.folders.map((folder) => folder.uuid))).toEqual(new Set(FOLDERS));
    expect(one.total).toBe(having([first as string]).length + FOLDERS.length);

    const two = await listing(
      "alice",
      `${EVERYTHING}&info-type=${q(first as string)}&info-type=${q(second as string)}`,
    );
    expect(new Set(two.files.map((file) => file.uuid))).toEqual(new Set(having([first as string, second as string])));
    expect(two.files.length).toBeGreaterThan(one.files.length);
  });

  it("leaves out favorites unshared from the caller, from the page and from total", async () => {
    const bobsNotes = seeded("bob", "notes.txt");
    await markAll("bob", [FOR_BOB, SHARED_FOLDER, bobsNotes]);
    const before = await listing("bob");
    expect(new Set(uuidsOf(before))).toEqual(new Set([FOR_BOB, SHARED_FOLDER, bobsNotes]));
    expect(before.total).toBe(3);

    const unshared = await send("alice", "POST", "/secured/unshare", {
      unshare: [{ user: "bob", paths: [`${HOME("alice")}/for-bob.txt`, `${HOME("alice")}/shared-with-bob`] }],
    });
    expect(unshared.statusCode).toBe(200);
    const after = await listing("bob");
    expect(uuidsOf(after)).toEqual([bobsNotes]);
    expect(after.total).toBe(1);
  });

  it("ignores unknown parameters and a body", async () => {
    await markAll("alice", [NOTES]);
    const response = await send("alice", "GET", `${FAVORITES}?${EVERYTHING}&colour=blue`, "{not json", {
      "content-type": "application/json",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().filesystem.total).toBe(1);
  });

  it.each([
    ["sort-col missing", "sort-dir=ASC&limit=10&offset=0", "sort-col"],
    ["sort-col not a column", "sort-col=COLOUR&sort-dir=ASC&limit=10&offset=0", "sort-col"],
    ["sort-dir missing", "sort-col=NAME&limit=10&offset=0", "sort-dir"],
    ["sort-dir not a direction", "sort-col=NAME&sort-dir=UP&limit=10&offset=0", "sort-dir"],
    ["limit missing", "sort-col=NAME&sort-dir=ASC&offset=0", "limit"],
    ["limit not a number", "sort-col=NAME&sort-dir=ASC&limit=ten&offset=0", "limit"],
    ["limit zero", "sort-col=NAME&sort-dir=ASC&limit=0&offset=0", "limit"],
    ["offset missing", "sort-col=NAME&sort-dir=ASC&limit=10", "offset"],
    ["offset negative", "sort-col=NAME&sort-dir=ASC&limit=10&offset=-1", "offset"],
    ["entity-type not a type", "sort-col=NAME&sort-dir=ASC&limit=10&offset=0&entity-type=BOTH", "entity-type"],
    [
      "info-type not a file type",
      "sort-col=NAME&sort-dir=ASC&limit=10&offset=0&info-type=csv&info-type=spreadsheet",
      "info-type",
    ],
  ])("answers 400 when %s, naming it", async (_case, query, named) => {
    await markAll("alice", [NOTES]);
    const response = await send("alice", "GET", `${FAVORITES}?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: expect.any(String), reason: expect.stringContaining(named) });
  });
});

describe("filtering ids down to favorites", () => {
  const filter = (user: string, body: unknown, headers?: Record<string, string>) =>
    send(user, "POST", "/secured/favorites/filter", body as string, headers);

  it("keeps the given ids that are the caller's favorites", async () => {
    await markAll("alice", [NOTES, ANALYSES]);
    const response = await filter("alice", {
      filesystem: [seeded("alice", "sample.bin"), ANALYSES, UNKNOWN, NOTES.toUpperCase()],
    });
    expect(response.statusCode).toBe(200);
    expect(new Set(response.json().filesystem.map((id: string) => id.toLowerCase()))).toEqual(
      new Set([ANALYSES, NOTES]),
    );
    expect((await filter("bob", { filesystem: [NOTES, ANALYSES] })).json()).toEqual({ filesystem: [] });
  });

  it("leaves out a favorite the caller can no longer read", async () => {
    await markAll("bob", [FOR_BOB]);
    expect((await filter("bob", { filesystem: [FOR_BOB] })).json()).toEqual({ filesystem: [FOR_BOB] });
    await send("alice", "POST", "/secured/unshare", {
      unshare: [{ user: "bob", paths: [`${HOME("alice")}/for-bob.txt`] }],
    });
    expect((await filter("bob", { filesystem: [FOR_BOB] })).json()).toEqual({ filesystem: [] });
  });

  it.each([
    ["an empty object", {}],
    ["filesystem not a list", { filesystem: NOTES }],
    ["an id that is not a UUID", { filesystem: [NOTES, "notes.txt"] }],
    ["a list instead of an object", [NOTES]],
  ])("answers 400 to a body that is not a data id collection: %s", async (_case, body) => {
    const response = await filter("alice", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: expect.any(String), reason: expect.any(String) });
  });

  it("answers 400 to a body that is not JSON, or none", async () => {
    expect((await filter("alice", "{nope", { "content-type": "application/json" })).statusCode).toBe(400);
    expect((await send("alice", "POST", "/secured/favorites/filter")).statusCode).toBe(400);
  });
});

it.each([
  ["PUT", `${FAVORITES}/${NOTES}`],
  ["DELETE", `${FAVORITES}/${NOTES}`],
  ["GET", `${FAVORITES}?${EVERYTHING}`],
  ["POST", "/secured/favorites/filter"],
] as const)("answers 401 to %s %s without a token", async (method, url) => {
  const response = await send(undefined, method, url, method === "POST" ? { filesystem: [NOTES] } : undefined);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
});
