import { describe, expect, it } from "vitest";
import { HOME, q, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;

type Item = {
  id: string;
  path: string;
  label: string;
  "date-created": number;
  "date-modified": number;
  "file-size": number;
  isFavorite: boolean;
};
type Page = Item & { files: Item[]; folders: Item[]; total: number; totalBad: number };

const page = async (user: string, path: string, query: string) => {
  const response = await send(user, "GET", `/secured/filesystem/paged-directory?path=${q(path)}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
};

/** Items sorted as the listing must sort them: by the field, ties by path. */
const FIELDS: Record<string, (item: Item) => string | number> = {
  NAME: (item) => item.label.toLowerCase(),
  ID: (item) => item.path,
  PATH: (item) => item.path,
  LASTMODIFIED: (item) => item["date-modified"],
  DATEMODIFIED: (item) => item["date-modified"],
  DATECREATED: (item) => item["date-created"],
  SIZE: (item) => item["file-size"],
};

describe("paged directory listing", () => {
  it("sorts files by every sort column in both directions", async () => {
    const all = await page("alice", HOME("alice"), "limit=100&entity-type=FILE");
    expect(all.files.length).toBeGreaterThanOrEqual(3);
    for (const [column, key] of Object.entries(FIELDS)) {
      for (const direction of ["ASC", "desc"]) {
        const listed = await page(
          "alice",
          HOME("alice"),
          `limit=100&sort-col=${column.toLowerCase()}&sort-dir=${direction}`,
        );
        const values = listed.files.map(key);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        if (direction === "desc") sorted.reverse();
        expect(values, `${column} ${direction}`).toEqual(sorted);
      }
    }
    // The sort fields really differ on this data: name order is not the modification order.
    const byName = (await page("alice", HOME("alice"), "limit=100&sort-col=NAME")).files.map((item) => item.path);
    const byModified = (await page("alice", HOME("alice"), "limit=100&sort-col=LASTMODIFIED")).files.map(
      (item) => item.path,
    );
    expect(byName).not.toEqual(byModified);
    // sort-field is the same parameter under the name the file-info backend gives it.
    const bySizeField = await page("alice", HOME("alice"), "limit=100&sort-field=SIZE&sort-dir=DESC");
    const bySizeColumn = await page("alice", HOME("alice"), "limit=100&sort-col=SIZE&sort-dir=DESC");
    expect(bySizeField.files.map((item) => item.path)).toEqual(bySizeColumn.files.map((item) => item.path));
    expect(bySizeField.files.map((item) => item.path)).not.toEqual(byName);
  });

  it("keeps only files of the given info types", async () => {
    const csvOnly = await page("alice", HOME("alice"), "limit=100&entity-type=file&info-type=csv");
    expect(csvOnly.files.map((item) => item.label)).toEqual(["measurements.csv"]);
    expect(csvOnly.files[0]).toMatchObject({ infoType: "csv" });
    expect(csvOnly).toMatchObject({ hasSubDirs: true, infoType: null });
  });

  it("pages with limit and offset and counts everything in total", async () => {
    const all = await page("alice", HOME("alice"), "limit=100&sort-col=NAME");
    const count = all.files.length + all.folders.length;
    expect(all.total).toBe(count);
    const seen: string[] = [];
    for (let offset = 0; offset < count; offset += 2) {
      const part = await page("alice", HOME("alice"), `limit=2&offset=${offset}&sort-col=NAME`);
      expect(part.total).toBe(count);
      seen.push(...part.folders.map((item) => item.path), ...part.files.map((item) => item.path));
    }
    expect(seen).toEqual([...all.folders.map((item) => item.path), ...all.files.map((item) => item.path)]);
  });

  it("refuses unknown sort columns, directions and entity types, naming the parameter, and a missing limit", async () => {
    const refusal = async (query: string) => {
      const response = await send(
        "alice",
        "GET",
        `/secured/filesystem/paged-directory?path=${q(HOME("alice"))}&${query}`,
      );
      expect(response.statusCode, query).toBe(400);
      return response.json();
    };
    expect(await refusal("limit=5&sort-dir=UP")).toEqual({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: "sort-dir must be one of ASC, DESC (any case)",
      "sort-dir": "UP",
    });
    for (const [query, name, value] of [
      ["sort-col=COLOR", "sort-col", "COLOR"],
      ["sort-field=COLOR", "sort-field", "COLOR"],
      ["sort-dir=UP", "sort-dir", "UP"],
      ["entity-type=LINK", "entity-type", "LINK"],
    ] as const) {
      expect(await refusal(`limit=5&${query}`)).toMatchObject({
        error_code: "ERR_BAD_OR_MISSING_FIELD",
        reason: expect.stringMatching(new RegExp(`^${name} must be one of `)),
        [name]: value,
      });
    }
    for (const query of ["sort-col=NAME", "limit=0"]) {
      expect(await refusal(query)).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
    }
  });

  it("sets favorite flags from one metadata call, and lists them all false when that backend fails or is slow", async () => {
    const listing = await page("alice", HOME("alice"), "limit=100");
    const favorite = listing.files[0] as Item;
    const marked = await send("alice", "PUT", `/secured/favorites/filesystem/${favorite.id}`);
    expect(marked.statusCode).toBe(200);
    service.platform.metadata.recorder.clear();

    const flagged = await page("alice", HOME("alice"), "limit=100");
    expect(flagged.files.filter((item) => item.isFavorite).map((item) => item.id)).toEqual([favorite.id]);
    expect(flagged.folders.some((item) => item.isFavorite)).toBe(false);
    expect(service.platform.metadata.recorder.to("POST", "/favorites/filter")).toHaveLength(1);

    const folder = listing.folders[0] as Item;
    expect((await send("alice", "PUT", `/secured/favorites/filesystem/${folder.id}`)).statusCode).toBe(200);
    const withFolder = await page("alice", HOME("alice"), "limit=100");
    expect(withFolder.folders.filter((item) => item.isFavorite).map((item) => item.id)).toEqual([folder.id]);

    for (const fault of [{ mode: "json-500" as const }, { mode: "delay" as const, delayMs: 2000 }]) {
      service.platform.metadata.faults.set({ ...fault, path: "^/favorites/filter" });
      const degraded = await page("alice", HOME("alice"), "limit=100");
      expect([...degraded.files, ...degraded.folders].every((item) => item.isFavorite === false)).toBe(true);
      expect(degraded.total).toBe(listing.total);
    }
    service.platform.metadata.faults.clear();
    await service.platform.metadata.stop();
    try {
      const down = await page("alice", HOME("alice"), "limit=100");
      expect(down.files.every((item) => !item.isFavorite)).toBe(true);
    } finally {
      await service.platform.metadata.start();
    }
  });

  it("refuses a file as a folder, and carol's listing of alice's home (nothing in it is shared with her)", async () => {
    const file = await send(
      "alice",
      "GET",
      `/secured/filesystem/paged-directory?path=${q(`${HOME("alice")}/notes.txt`)}&limit=5`,
    );
    expect(file.statusCode).toBe(400);
    expect(file.json()).toEqual({
      error_code: "ERR_NOT_A_FOLDER",
      reason: `${HOME("alice")}/notes.txt is not a folder`,
      path: `${HOME("alice")}/notes.txt`,
    });
    const foreign = await send("carol", "GET", `/secured/filesystem/paged-directory?path=${q(HOME("alice"))}&limit=5`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error_code: "ERR_NOT_READABLE" });
  });
});

describe("the zone itself", () => {
  it("is listed and navigated as any folder, asked of data-info with the slash its routes want after the zone", async () => {
    const zone = await page("alice", "/iplant", "limit=10");
    expect(zone).toMatchObject({ path: "/iplant" });
    expect(zone.folders.map((folder) => folder.path)).toContain("/iplant/home");
    const navigated = await send("alice", "GET", `/secured/filesystem/directory?path=${q("/iplant")}`);
    expect(navigated.statusCode, navigated.body).toBe(200);
    expect(navigated.json()).toMatchObject({ path: "/iplant" });
    const asked = service.platform.fileInfo.recorder.requests.map((request) => request.path);
    expect(asked).toEqual(expect.arrayContaining(["/data/path/iplant/", "/navigation/path/iplant/"]));
  });
});

describe("entries the caller cannot see", () => {
  it("answers ERR_NOT_READABLE for a folder that is there, which data-info's stat leaves out, and 404 for one that is not", async () => {
    for (const route of ["directory", "paged-directory"]) {
      const hidden = await send(
        "carol",
        "GET",
        `/secured/filesystem/${route}?path=${q(`${HOME("alice")}/analyses`)}&limit=5`,
      );
      expect(hidden.statusCode, hidden.body).toBe(403);
      expect(hidden.json()).toMatchObject({ error_code: "ERR_NOT_READABLE" });
      const missing = await send(
        "carol",
        "GET",
        `/secured/filesystem/${route}?path=${q(`${HOME("carol")}/none`)}&limit=5`,
      );
      expect(missing.statusCode, missing.body).toBe(404);
      expect(missing.json()).toMatchObject({ error_code: "ERR_DOES_NOT_EXIST" });
    }
  });

  it("answers a file the caller cannot see as not found, and stats only what it can", async () => {
    const notes = `${HOME("alice")}/notes.txt`;
    expect((await send("bob", "GET", `/secured/fileio/download?path=${q(notes)}`)).statusCode).toBe(404);
    const stat = await send("bob", "POST", "/secured/filesystem/stat", { paths: [notes] });
    expect(stat.statusCode).toBe(403);
    expect(stat.json()).toMatchObject({ error_code: "ERR_NOT_READABLE", paths: [notes] });
  });

  it("counts 0 for a page past the end, where data-info's total is null", async () => {
    const past = await page("alice", HOME("alice"), "limit=5&offset=500");
    expect(past).toMatchObject({ files: [], folders: [], total: 0 });
    expect((await page("alice", `${HOME("alice")}/documents`, "limit=5")).total).toBe(0);
  });
});

describe("directory listing and roots", () => {
  it("lists a folder's subfolders with favorite flags", async () => {
    const response = await send("alice", "GET", `/secured/filesystem/directory?path=${q(HOME("alice"))}`);
    expect(response.statusCode).toBe(200);
    const listing = response.json();
    expect(listing).toMatchObject({ path: HOME("alice"), hasSubDirs: true, isFavorite: false, "file-size": 0 });
    expect(listing.folders.map((folder: Item) => folder.label).sort()).toEqual([
      "analyses",
      "documents",
      "shared-with-bob",
    ]);
    expect(listing.folders.every((folder: Item) => folder.isFavorite === false)).toBe(true);

    const documents = listing.folders.find((folder: Item) => folder.label === "documents") as Item;
    // Each folder's dates are the backend's, the same the paged listing shows.
    const paged = await page("alice", HOME("alice"), "limit=100&entity-type=folder");
    const pagedDocuments = paged.folders.find((folder) => folder.label === "documents") as Item;
    expect(pagedDocuments["date-created"]).toBeGreaterThan(0);
    expect(documents).toMatchObject({
      "date-created": pagedDocuments["date-created"],
      "date-modified": pagedDocuments["date-modified"],
    });
    expect(listing).toMatchObject({ "date-created": paged["date-created"], "date-modified": paged["date-modified"] });
    for (const id of [listing.id, documents.id]) {
      expect((await send("alice", "PUT", `/secured/favorites/filesystem/${id}`)).statusCode).toBe(200);
    }
    const flagged = (await send("alice", "GET", `/secured/filesystem/directory?path=${q(HOME("alice"))}`)).json();
    expect(flagged.isFavorite).toBe(true);
    expect(flagged.folders.filter((folder: Item) => folder.isFavorite).map((folder: Item) => folder.id)).toEqual([
      documents.id,
    ]);
  });

  it("lists every root with its subfolders when no path is given", async () => {
    const response = await send("alice", "GET", "/secured/filesystem/directory");
    expect(response.statusCode).toBe(200);
    const paths = response.json().roots.map((root: Item) => root.path);
    expect(paths).toEqual([HOME("alice"), "/iplant/home/shared", "/iplant/home"]);
    const roots = await send("alice", "GET", "/secured/filesystem/root");
    expect(roots.json().roots.every((root: { hasSubDirs: boolean }) => root.hasSubDirs)).toBe(true);
    expect(roots.json().roots.map((root: Item) => root.label)).toContain("Trash");
    // The web client finds the caller's home and trash here.
    expect(roots.json()["base-paths"]).toEqual({
      user_home_path: HOME("alice"),
      user_trash_path: "/iplant/trash/home/alice",
      base_trash_path: "/iplant/trash/home",
    });
  });

  it("labels the special folders and flags those the caller should not pick, in both listings", async () => {
    service.platform.fileInfo.state.dataStore.addFolder("/iplant/home/public", {
      owner: "rods",
      acl: [["public", "read"]],
    });
    const homes = await page("alice", "/iplant/home", "limit=100&entity-type=folder");
    expect(homes.label).toBe("Shared With Me");
    const byPath = new Map(homes.folders.map((folder) => [folder.path, folder as Item & { badName: boolean }]));
    expect(byPath.get("/iplant/home/shared")).toMatchObject({ label: "Community Data", badName: true });
    expect(byPath.get(HOME("alice"))).toMatchObject({ label: "alice", badName: true });
    expect(byPath.get("/iplant/home/public")).toMatchObject({ label: "public", badName: true });
    // Only the caller's own home is flagged: bob sees alice's (which shares a folder with him) unflagged.
    const bobs = await page("bob", "/iplant/home", "limit=100&entity-type=folder");
    const bobsByPath = new Map(bobs.folders.map((folder) => [folder.path, folder as Item & { badName: boolean }]));
    expect(bobsByPath.get(HOME("alice"))?.badName).toBe(false);
    expect(bobsByPath.get(HOME("bob"))?.badName).toBe(true);
    const trash = await page("alice", "/iplant/trash/home/alice", "limit=10");
    expect(trash.label).toBe("Trash");

    const tree = await send("bob", "GET", `/secured/filesystem/directory?path=${q("/iplant/home")}`);
    const folders = new Map<string, Item & { badName: boolean }>(
      tree.json().folders.map((folder: Item & { badName: boolean }) => [folder.path, folder]),
    );
    expect(folders.get("/iplant/home/shared")?.badName).toBe(true);
    expect(folders.get("/iplant/home/public")?.badName).toBe(true);
    expect(folders.get(HOME("alice"))?.badName).toBe(false);
    expect(folders.get(HOME("bob"))?.badName).toBe(true);
  });

  it("answers ERR_NOT_READABLE for carol listing alice's home, and shows bob only what alice shared", async () => {
    const response = await send("carol", "GET", `/secured/filesystem/directory?path=${q(HOME("alice"))}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_READABLE" });
    const bobs = await send("bob", "GET", `/secured/filesystem/directory?path=${q(HOME("alice"))}`);
    expect(bobs.json().folders.map((folder: Item) => folder.label)).toEqual(["shared-with-bob"]);
    const page = await send("bob", "GET", `/secured/filesystem/paged-directory?path=${q(HOME("alice"))}&limit=50`);
    expect(page.json().files.map((file: Item) => file.label)).toEqual(["for-bob.txt"]);
  });
});

describe("search", () => {
  it("finds by name or path only what the caller can read", async () => {
    const mine = await send("alice", "GET", "/secured/filesystem/index?search-term=NOTES");
    expect(mine.statusCode).toBe(200);
    expect(mine.json().hits.map((hit: Item) => hit.path)).toContain(`${HOME("alice")}/notes.txt`);
    expect(mine.json().hits.every((hit: Item) => hit.isFavorite === false)).toBe(true);
    const notesHit = mine.json().hits.find((hit: Item) => hit.path === `${HOME("alice")}/notes.txt`) as Item;
    expect((await send("alice", "PUT", `/secured/favorites/filesystem/${notesHit.id}`)).statusCode).toBe(200);
    const flagged = await send("alice", "GET", "/secured/filesystem/index?search-term=NOTES");
    expect(
      flagged
        .json()
        .hits.filter((hit: Item) => hit.isFavorite)
        .map((hit: Item) => hit.id),
    ).toEqual([notesHit.id]);
    const bobs = await send("bob", "GET", "/secured/filesystem/index?search-term=notes");
    expect(bobs.json().hits.map((hit: Item) => hit.path)).not.toContain(`${HOME("alice")}/notes.txt`);
    expect((await send("bob", "GET", "/secured/filesystem/index")).statusCode).toBe(400);
    const byPath = await send("alice", "GET", `/secured/filesystem/index?search-term=${q("analyses/RUN-1/")}`);
    expect(byPath.json().hits.map((hit: Item) => hit.path)).toEqual([`${HOME("alice")}/analyses/run-1/output.tsv`]);
  });
});
