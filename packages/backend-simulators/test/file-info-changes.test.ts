import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMPLETED_ANALYSIS, FAILED_ANALYSIS, RUNNING_VICE_ANALYSIS } from "../src/demo-world.js";
import { call, download, idOf, listing, store, upload, useFileInfo } from "./file-info-client.js";

const sim = useFileInfo();

const ALICE = "/iplant/home/alice";
const TRASH = "/iplant/trash/home/alice";
const onDisk = (path: string) => existsSync(store(sim()).disk.pathOf(path));
/** Restores alice's trashed entries in one call (200) and gives where each went. */
async function restored(...trashPaths: string[]) {
  const answer = await call(sim(), "POST", "/restorer", { user: "alice", json: { paths: trashPaths } });
  expect(answer.status).toBe(200);
  return answer.body.restored;
}
/** Moves alice's entry to her trash and gives where it went. */
const trash = async (path: string): Promise<string> =>
  (await call(sim(), "POST", "/deleter", { user: "alice", json: { paths: [path] } })).body["trash-paths"][path];

describe("creating folders", () => {
  it("creates missing parents, owned by the caller, and refuses what exists or is not writeable", async () => {
    const created = await call(sim(), "POST", "/data/directories", {
      user: "alice",
      json: { paths: [`${ALICE}/a/b/c`, `${ALICE}/a/d`] },
    });
    expect(created.body).toEqual({ paths: [`${ALICE}/a`, `${ALICE}/a/b`, `${ALICE}/a/b/c`, `${ALICE}/a/d`] });
    expect(onDisk(`${ALICE}/a/b/c`)).toBe(true);
    const stat = await call(sim(), "POST", "/path-info", { user: "alice", json: { paths: [`${ALICE}/a`] } });
    expect(stat.body.paths[`${ALICE}/a`]).toMatchObject({
      type: "dir",
      permission: "own",
      "dir-count": 2,
      "file-count": 0,
    });

    expect(
      await call(sim(), "POST", "/data/directories", { user: "alice", json: { paths: [`${ALICE}/a`] } }),
    ).toMatchObject({
      status: 500,
      body: { error_code: "ERR_EXISTS", paths: [`${ALICE}/a`] },
    });
    const intoShared = await call(sim(), "POST", "/data/directories", {
      user: "bob",
      json: { paths: [`${ALICE}/shared-with-bob/x`] },
    });
    expect(intoShared).toMatchObject({ status: 500, body: { error_code: "ERR_NOT_WRITEABLE" } });
    const badName = await call(sim(), "POST", "/data/directories", {
      user: "alice",
      json: { paths: [`${ALICE}/it's`] },
    });
    expect(badName).toMatchObject({ status: 400, body: { error_code: "ERR_BAD_OR_MISSING_FIELD" } });
    expect(onDisk(`${ALICE}/shared-with-bob/x`)).toBe(false);
  });

  it("refuses paths and names longer than data-info allows, or than a name on its disk can be, with data-info's codes", async () => {
    const create = (path: string) =>
      call(sim(), "POST", "/data/directories", { user: "alice", json: { paths: [path] } });
    expect((await create(`${ALICE}/${"n".repeat(255)}`)).status).toBe(200);
    const cases = [
      [`${ALICE}/${"n".repeat(256)}`, "ERR_BAD_BASENAME_LENGTH"],
      [`${ALICE}/${"é".repeat(128)}`, "ERR_BAD_BASENAME_LENGTH"],
      [`${ALICE}/${"d".repeat(300)}/x`, "ERR_BAD_DIRNAME_LENGTH"],
      [`${ALICE}/${"d/".repeat(320)}x`, "ERR_BAD_DIRNAME_LENGTH"],
      [`${ALICE}/${"d/".repeat(530)}x`, "ERR_BAD_PATH_LENGTH"],
    ] as const;
    for (const [path, code] of cases) {
      expect(await create(path), path.slice(0, 40)).toMatchObject({ status: 500, body: { error_code: code } });
      expect(onDisk(`${ALICE}/${"n".repeat(10)}`)).toBe(false);
    }
    const lookup = await call(sim(), "POST", "/path-info", {
      user: "alice",
      json: { paths: [`${ALICE}/${"z".repeat(300)}`] },
    });
    expect(lookup).toMatchObject({ status: 500, body: { error_code: "ERR_BAD_BASENAME_LENGTH" } });
  });
});

describe("moving and renaming", () => {
  it("checks every source and the destination before anything moves", async () => {
    const sources = [`${ALICE}/notes.txt`, `${ALICE}/measurements.csv`];
    const missing = await call(sim(), "POST", "/mover", {
      user: "alice",
      json: { sources: [...sources, `${ALICE}/missing.txt`], dest: `${ALICE}/documents` },
    });
    expect(missing).toMatchObject({
      status: 500,
      body: { error_code: "ERR_DOES_NOT_EXIST", paths: [`${ALICE}/missing.txt`] },
    });

    await upload(sim(), `${ALICE}/documents`, "alice", "measurements.csv", "already here");
    const clash = await call(sim(), "POST", "/mover", { user: "alice", json: { sources, dest: `${ALICE}/documents` } });
    expect(clash).toMatchObject({
      status: 500,
      body: { error_code: "ERR_EXISTS", paths: [`${ALICE}/documents/measurements.csv`] },
    });

    const notOwned = await call(sim(), "POST", "/mover", {
      user: "bob",
      json: { sources: ["/iplant/home/bob/notes.txt", `${ALICE}/for-bob.txt`], dest: "/iplant/home/bob/documents" },
    });
    expect(notOwned).toMatchObject({ status: 403, body: { error_code: "ERR_NOT_OWNER" } });
    const intoItself = await call(sim(), "POST", "/mover", {
      user: "alice",
      json: { sources: [`${ALICE}/analyses`], dest: `${ALICE}/analyses/run-1` },
    });
    expect(intoItself.status).toBe(400);
    const intoFile = await call(sim(), "POST", "/mover", {
      user: "alice",
      json: { sources, dest: `${ALICE}/sample.bin` },
    });
    expect(intoFile).toMatchObject({ status: 500, body: { error_code: "ERR_NOT_A_FOLDER" } });

    for (const source of sources) expect(onDisk(source)).toBe(true);
    expect(onDisk(`${ALICE}/documents/notes.txt`)).toBe(false);
    expect((await download(sim(), `${ALICE}/documents/measurements.csv`, "alice")).body).toBe("already here");
  });

  it("moves entries with their contents and ids, on disk and in the catalogue", async () => {
    const id = await idOf(sim(), `${ALICE}/analyses/run-1/output.tsv`, "alice");
    const bytes = (await download(sim(), `${ALICE}/analyses/run-1/output.tsv`, "alice")).bytes;
    const moved = await call(sim(), "POST", "/mover", {
      user: "alice",
      json: { sources: [`${ALICE}/analyses`], dest: `${ALICE}/documents` },
    });
    expect(moved.body).toEqual({ user: "alice", sources: [`${ALICE}/analyses`], dest: `${ALICE}/documents` });
    expect(onDisk(`${ALICE}/analyses`)).toBe(false);
    expect((await download(sim(), `${ALICE}/documents/analyses/run-1/output.tsv`, "alice")).bytes.equals(bytes)).toBe(
      true,
    );
    expect(await idOf(sim(), `${ALICE}/documents/analyses/run-1/output.tsv`, "alice")).toBe(id);

    const renamed = await call(sim(), "PUT", `/data/${id}/name`, { user: "alice", json: { filename: "counts.tsv" } });
    expect(renamed.body).toEqual({
      user: "alice",
      source: `${ALICE}/documents/analyses/run-1/output.tsv`,
      dest: `${ALICE}/documents/analyses/run-1/counts.tsv`,
    });
    const back = await call(sim(), "PUT", `/data/${id}/dir`, { user: "alice", json: { dirname: ALICE } });
    expect(back.body.dest).toBe(`${ALICE}/counts.tsv`);
    const folderId = await idOf(sim(), `${ALICE}/documents/analyses/run-1`, "alice");
    await upload(sim(), `${ALICE}/documents/analyses/run-1`, "alice", "log.txt", "log");
    const contents = await call(sim(), "PUT", `/data/${folderId}/children/dir`, {
      user: "alice",
      json: { dirname: ALICE },
    });
    expect(contents.body).toEqual({
      user: "alice",
      sources: [`${ALICE}/documents/analyses/run-1/log.txt`],
      dest: ALICE,
    });
    expect((await download(sim(), `${ALICE}/log.txt`, "alice")).body).toBe("log");
    const home = await call(sim(), "PUT", `/data/${await idOf(sim(), ALICE, "alice")}/name`, {
      user: "alice",
      json: { filename: "elsewhere" },
    });
    expect(home).toMatchObject({ status: 401, body: { error_code: "ERR_NOT_AUTHORIZED" } });
  });

  it("renames to names new entries may not have, as rename.clj checks no characters", async () => {
    const id = await idOf(sim(), `${ALICE}/notes.txt`, "alice");
    for (const filename of ["alice's `notes`.txt", "tab\there.txt", "line\nbreak.txt"]) {
      const renamed = await call(sim(), "PUT", `/data/${id}/name`, { user: "alice", json: { filename } });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.dest).toBe(`${ALICE}/${filename}`);
    }
    const created = await call(sim(), "POST", "/data/directories", {
      user: "alice",
      json: { paths: [`${ALICE}/it's`] },
    });
    expect(created.body.error_code).toBe("ERR_BAD_OR_MISSING_FIELD");
  });
});

describe("trash", () => {
  it("moves deleted entries to the trash and restores them to where they were, recreating folders", async () => {
    const file = `${ALICE}/analyses/run-1/output.tsv`;
    const bytes = (await download(sim(), file, "alice")).bytes;
    const first = await call(sim(), "POST", "/deleter", { user: "alice", json: { paths: [file] } });
    const fileInTrash = first.body["trash-paths"][file];
    expect(first.body.paths).toEqual([file]);
    expect(fileInTrash).toMatch(new RegExp(`^${TRASH}/output\\.tsv\\.[A-Za-z0-9]{7}$`));
    expect(onDisk(file)).toBe(false);
    expect(onDisk(fileInTrash)).toBe(true);

    const folderId = await idOf(sim(), `${ALICE}/analyses`, "alice");
    const second = await call(sim(), "DELETE", `/data/${folderId}`, { user: "alice" });
    const folderInTrash = second.body["trash-paths"][`${ALICE}/analyses`];
    const inTrash = await listing(sim(), TRASH, "alice");
    expect(inTrash.body.total).toBe(2);

    expect(await restored(fileInTrash)).toEqual({ [fileInTrash]: { "restored-path": file, "partial-restore": false } });
    expect((await download(sim(), file, "alice")).bytes.equals(bytes)).toBe(true);

    const clash = await call(sim(), "POST", "/restorer", { user: "alice", json: {} });
    expect(clash.body.restored).toEqual({
      [folderInTrash]: { "restored-path": `${ALICE}/analyses.0`, "partial-restore": false },
    });
    expect(onDisk(`${ALICE}/analyses.0/run-1`)).toBe(true);
    expect((await listing(sim(), TRASH, "alice")).body.total).toBeNull();
  });

  it("restores an entry beside the folder another restore of the same call recreates", async () => {
    const file = `${ALICE}/analyses/run-1/output.tsv`;
    const fileInTrash = await trash(file);
    const folder = `${ALICE}/analyses`;
    const folderInTrash = await trash(folder);
    // The file goes first and recreates analyses/run-1, so the trashed analyses folder cannot go back in its place.
    expect(await restored(fileInTrash, folderInTrash)).toEqual({
      [fileInTrash]: { "restored-path": file, "partial-restore": false },
      [folderInTrash]: { "restored-path": `${folder}.0`, "partial-restore": false },
    });
    expect(onDisk(file)).toBe(true);
    expect(onDisk(`${folder}.0/run-1`)).toBe(true);
  });

  it("restores an entry beside what a folder restored before it in the same call brings back", async () => {
    const folder = `${ALICE}/analyses`;
    const file = `${folder}/run-1`;
    // A folder run-1 goes to the trash, a file takes its name, and then the whole analyses folder goes too.
    const runInTrash = await trash(file);
    expect((await upload(sim(), folder, "alice", "run-1", "a file now")).status).toBe(200);
    const folderInTrash = await trash(folder);
    expect(await restored(folderInTrash, runInTrash)).toEqual({
      [folderInTrash]: { "restored-path": folder, "partial-restore": false },
      [runInTrash]: { "restored-path": `${file}.0`, "partial-restore": false },
    });
    expect(onDisk(file)).toBe(true);
    expect(onDisk(`${file}.0`)).toBe(true);
  });

  it("deletes for good from the trash, empties it, and keeps home and trash folders", async () => {
    const deleted = await call(sim(), "POST", "/deleter", {
      user: "alice",
      json: { paths: [`${ALICE}/notes.txt`, `${ALICE}/sample.bin`] },
    });
    const [notes, sample] = [`${ALICE}/notes.txt`, `${ALICE}/sample.bin`].map(
      (path) => deleted.body["trash-paths"][path],
    );
    const forGood = await call(sim(), "POST", "/deleter", { user: "alice", json: { paths: [notes] } });
    expect(forGood.body["trash-paths"]).toEqual({});
    expect(onDisk(notes)).toBe(false);
    const emptied = await call(sim(), "DELETE", "/trash", { user: "alice" });
    expect(emptied.body).toEqual({ trash: TRASH, paths: [sample] });
    expect(onDisk(sample)).toBe(false);
    const home = await call(sim(), "POST", "/deleter", { user: "alice", json: { paths: [ALICE] } });
    expect(home).toMatchObject({ status: 401, body: { error_code: "ERR_NOT_AUTHORIZED" } });
    const contents = await call(sim(), "DELETE", `/data/${await idOf(sim(), `${ALICE}/analyses`, "alice")}/children`, {
      user: "alice",
    });
    // Her own run and the output folders of the seed's analyses.
    expect([...contents.body.paths].sort()).toEqual(
      [
        `${ALICE}/analyses/run-1`,
        COMPLETED_ANALYSIS.outputs.folder,
        FAILED_ANALYSIS.outputs.folder,
        RUNNING_VICE_ANALYSIS.outputFolder,
      ].sort(),
    );
    expect(
      (await call(sim(), "POST", "/restorer", { user: "alice", json: { paths: [`${ALICE}/measurements.csv`] } }))
        .status,
    ).toBe(400);
  });
});

describe("reading contents", () => {
  it("reads chunks and pages of delimited files", async () => {
    const path = `${ALICE}/measurements.csv`;
    const text = (await download(sim(), path, "alice")).body as string;
    const id = await idOf(sim(), path, "alice");
    const chunk = await call(sim(), "GET", `/data/${id}/chunks`, {
      user: "alice",
      query: { position: "5", size: "12" },
    });
    expect(chunk.body).toEqual({
      path,
      user: "alice",
      start: "5",
      "chunk-size": "12",
      "file-size": String(Buffer.byteLength(text)),
      chunk: text.slice(5, 17),
    });

    const rows: string[] = [];
    const first = await call(sim(), "GET", `/data/${id}/chunks-tabular`, {
      user: "alice",
      query: { separator: ",", page: "1", size: "30" },
    });
    const pages = Number(first.body["number-pages"]);
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++) {
      const answer = await call(sim(), "GET", `/data/${id}/chunks-tabular`, {
        user: "alice",
        query: { separator: "%2C", page: String(page), size: "30" },
      });
      expect(answer.body).toMatchObject({ path, page: String(page), "max-cols": "3" });
      rows.push(...answer.body.csv.map((row: Record<string, string>) => Object.values(row).join(",")));
    }
    expect(rows).toEqual(text.trim().split("\n"));
    const beyond = await call(sim(), "GET", `/data/${id}/chunks-tabular`, {
      user: "alice",
      query: { separator: ",", page: String(pages + 1), size: "30" },
    });
    expect(beyond.body.error_code).toBe("ERR_INVALID_PAGE");
    const zero = await call(sim(), "GET", `/data/${id}/chunks-tabular`, {
      user: "alice",
      query: { separator: ",", page: "0", size: "30" },
    });
    expect(zero.body.error_code).toBe("ERR_PAGE_NOT_POS");
    const folder = await call(sim(), "GET", `/data/${await idOf(sim(), `${ALICE}/analyses`, "alice")}/chunks`, {
      user: "alice",
      query: { position: "0", size: "1" },
    });
    expect(folder.body.error_code).toBe("ERR_NOT_A_FILE");
  });

  it("gives manifests, with the anonymous URL once a file is anonymised", async () => {
    const path = `${ALICE}/notes.txt`;
    const id = await idOf(sim(), path, "alice");
    expect((await call(sim(), "GET", `/data/${id}/manifest`, { user: "alice" })).body).toEqual({
      "content-type": "text/plain",
      infoType: "unknown",
      urls: [],
    });
    const anonymised = await call(sim(), "POST", "/anonymizer", { user: "alice", json: { paths: [path] } });
    const url = anonymised.body.paths[path];
    expect(url).toMatch(/^https:\/\/.+\/iplant\/home\/alice\/notes\.txt$/);
    expect((await call(sim(), "GET", `/data/${id}/manifest`, { user: "alice" })).body.urls).toEqual([
      { label: "anonymous", url },
    ]);
  });
});

describe("tickets", () => {
  it("creates, lists and deletes tickets for writeable paths", async () => {
    const path = `${ALICE}/notes.txt`;
    const created = await call(sim(), "POST", "/tickets", {
      user: "alice",
      query: { public: "true" },
      json: { paths: [path] },
    });
    expect(created.body.user).toBe("alice");
    const [ticket] = created.body.tickets;
    expect(ticket).toMatchObject({ path, "ticket-id": expect.any(String) });
    expect(ticket["download-url"]).toContain(ticket["ticket-id"]);
    const listed = await call(sim(), "POST", "/ticket-lister", { user: "alice", json: { paths: [path] } });
    expect(listed.body).toEqual({ tickets: { [path]: [ticket] } });

    const bobs = await call(sim(), "POST", "/tickets", {
      user: "bob",
      query: { public: "false" },
      json: { paths: [`${ALICE}/for-bob.txt`] },
    });
    expect(bobs).toMatchObject({ status: 500, body: { error_code: "ERR_NOT_WRITEABLE" } });
    const bobDeletes = await call(sim(), "POST", "/ticket-deleter", {
      user: "bob",
      json: { tickets: [ticket["ticket-id"]] },
    });
    expect(bobDeletes.status).toBe(500);

    const deleted = await call(sim(), "POST", "/ticket-deleter", {
      user: "alice",
      json: { tickets: [ticket["ticket-id"]] },
    });
    expect(deleted.body).toEqual({ user: "alice", tickets: [ticket["ticket-id"]] });
    expect(
      (await call(sim(), "POST", "/ticket-lister", { user: "alice", json: { paths: [path] } })).body.tickets[path],
    ).toEqual([]);
    const again = await call(sim(), "POST", "/ticket-deleter", {
      user: "alice",
      json: { tickets: [ticket["ticket-id"]] },
    });
    expect(again).toMatchObject({ status: 500, body: { error_code: "ERR_TICKET_DOES_NOT_EXIST" } });
  });
});

describe("types and metadata", () => {
  it("sets file types for owners only", async () => {
    expect((await call(sim(), "GET", "/file-types")).body.types).toContain("csv");
    const id = await idOf(sim(), `${ALICE}/notes.txt`, "alice");
    expect((await call(sim(), "PUT", `/data/${id}/type`, { user: "alice", json: { type: "fasta" } })).body).toEqual({
      path: `${ALICE}/notes.txt`,
      type: "fasta",
      user: "alice",
    });
    const stat = await call(sim(), "POST", "/stat-gatherer", { user: "alice", json: { ids: [id] } });
    expect(stat.body.ids[id].infoType).toBe("fasta");
    expect((await call(sim(), "PUT", `/data/${id}/type`, { user: "alice", json: { type: "" } })).body.type).toBe(
      "unknown",
    );
    expect(
      (await call(sim(), "PUT", `/data/${id}/type`, { user: "alice", json: { type: "spreadsheet" } })).status,
    ).toBe(400);
    const forBob = await idOf(sim(), `${ALICE}/for-bob.txt`, "bob");
    expect(
      (await call(sim(), "PUT", `/data/${forBob}/type`, { user: "bob", json: { type: "csv" } })).body.error_code,
    ).toBe("ERR_NOT_OWNER");
    const folder = await idOf(sim(), `${ALICE}/documents`, "alice");
    expect(
      (await call(sim(), "PUT", `/data/${folder}/type`, { user: "alice", json: { type: "csv" } })).body.error_code,
    ).toBe("ERR_NOT_A_FILE");
  });

  it("keeps AVUs per entry, refuses system ones, copies them and saves them to a file", async () => {
    const id = await idOf(sim(), `${ALICE}/notes.txt`, "alice");
    const avu = { attr: "colour", value: "blue", unit: "" };
    const set = await call(sim(), "PUT", `/data/${id}/metadata`, {
      user: "alice",
      json: { "irods-avus": [avu], avus: [{ attr: "t", value: "1", unit: "" }] },
    });
    expect(set.status).toBe(200);
    await call(sim(), "PATCH", `/data/${id}/metadata`, {
      user: "alice",
      json: { "irods-avus": [{ attr: "size", value: "L", unit: "" }] },
    });
    const got = await call(sim(), "GET", `/data/${id}/metadata`, { user: "alice" });
    // The iRODS AVUs are data-info's own; `avus` is the metadata service's listing of the item's (metadata.clj).
    expect(got.body).toEqual({
      path: `${ALICE}/notes.txt`,
      "irods-avus": [avu, { attr: "size", value: "L", unit: "" }],
      avus: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          attr: "t",
          value: "1",
          unit: "",
          target_id: id,
          created_by: "alice",
          modified_by: "alice",
          created_on: expect.any(Number),
          modified_on: expect.any(Number),
          avus: [],
        },
      ],
    });
    // What the metadata service refuses (an AVU without its unit) comes back as it answered.
    const unitless = await call(sim(), "PATCH", `/data/${id}/metadata`, {
      user: "alice",
      json: { avus: [{ attr: "t", value: "2" }] },
    });
    expect(unitless).toMatchObject({ status: 400, body: { error_code: "ERR_ILLEGAL_ARGUMENT" } });
    const system = await call(sim(), "PATCH", `/data/${id}/metadata`, {
      user: "alice",
      json: { "irods-avus": [{ attr: "ipc-x", value: "1", unit: "" }] },
    });
    expect(system).toMatchObject({ status: 401, body: { error_code: "ERR_NOT_AUTHORIZED" } });
    const forBob = await idOf(sim(), `${ALICE}/for-bob.txt`, "bob");
    const bobWrites = await call(sim(), "PUT", `/data/${forBob}/metadata`, {
      user: "bob",
      json: { "irods-avus": [avu] },
    });
    expect(bobWrites.body.error_code).toBe("ERR_NOT_WRITEABLE");

    const target = await idOf(sim(), `${ALICE}/measurements.csv`, "alice");
    const copied = await call(sim(), "POST", `/data/${id}/metadata/copy`, {
      user: "alice",
      json: { destination_ids: [target] },
    });
    expect(copied.body).toEqual({ user: "alice", src: `${ALICE}/notes.txt`, paths: [`${ALICE}/measurements.csv`] });
    const targetMetadata = (await call(sim(), "GET", `/data/${target}/metadata`, { user: "alice" })).body;
    expect(targetMetadata["irods-avus"]).toContainEqual(avu);
    expect(targetMetadata.avus).toEqual([expect.objectContaining({ attr: "t", value: "1", target_id: target })]);

    const saved = await call(sim(), "POST", `/data/${id}/metadata/save`, {
      user: "alice",
      json: { dest: `${ALICE}/documents/notes-metadata.json`, recursive: false },
    });
    expect(saved.body.file).toMatchObject({ path: `${ALICE}/documents/notes-metadata.json`, type: "file" });
    const exported = (await download(sim(), `${ALICE}/documents/notes-metadata.json`, "alice")).body;
    expect(exported).toMatchObject({
      id,
      path: `${ALICE}/notes.txt`,
      metadata: expect.arrayContaining([avu, expect.objectContaining({ attr: "t", value: "1" })]),
    });
    const again = await call(sim(), "POST", `/data/${id}/metadata/save`, {
      user: "alice",
      json: { dest: `${ALICE}/documents/notes-metadata.json`, recursive: false },
    });
    expect(again.body.error_code).toBe("ERR_EXISTS");
  });

  it("applies AVUs from a CSV file to the paths it names", async () => {
    await upload(
      sim(),
      ALICE,
      "alice",
      "batch.csv",
      `path,site,depth\nnotes.txt,north,3\n${ALICE}/sample.bin,south,9\n`,
    );
    const home = await idOf(sim(), ALICE, "alice");
    const parsed = await call(sim(), "POST", `/data/${home}/metadata/csv-parser`, {
      user: "alice",
      query: { src: `${ALICE}/batch.csv` },
    });
    expect(parsed.body["path-metadata"]).toEqual([
      {
        path: `${ALICE}/notes.txt`,
        avus: [
          { attr: "site", value: "north", unit: "" },
          { attr: "depth", value: "3", unit: "" },
        ],
      },
      {
        path: `${ALICE}/sample.bin`,
        avus: [
          { attr: "site", value: "south", unit: "" },
          { attr: "depth", value: "9", unit: "" },
        ],
      },
    ]);
    const notes = await idOf(sim(), `${ALICE}/notes.txt`, "alice");
    expect((await call(sim(), "GET", `/data/${notes}/metadata`, { user: "alice" })).body.avus).toHaveLength(2);
  });

  it("writes path lists and OAI-ORE files", async () => {
    const list = await call(sim(), "POST", "/path-list-creator", {
      user: "alice",
      query: { dest: `${ALICE}/documents/inputs.list`, recursive: "true", "name-pattern": "\\.tsv$" },
      json: { paths: [`${ALICE}/analyses`, `${ALICE}/notes.txt`] },
    });
    expect(list.body.file).toMatchObject({ path: `${ALICE}/documents/inputs.list`, infoType: "ht-analysis-path-list" });
    expect((await download(sim(), `${ALICE}/documents/inputs.list`, "alice")).body).toBe(
      `# application/vnd.de.path-list+csv; version=1\n${ALICE}/analyses/run-1/output.tsv`,
    );
    const none = await call(sim(), "POST", "/path-list-creator", {
      user: "alice",
      query: { dest: `${ALICE}/documents/none.list`, "name-pattern": "^nothing$" },
      json: { paths: [`${ALICE}/analyses`] },
    });
    expect(none).toMatchObject({ status: 404, body: { error_code: "ERR_NOT_FOUND" } });

    const dataSet = await idOf(sim(), `${ALICE}/analyses/run-1`, "alice");
    const ore = await call(sim(), "POST", `/data/${dataSet}/ore/save`, { user: "alice" });
    expect(ore.status).toBe(200);
    const ids = (await listing(sim(), `${ALICE}/curated_metadata/run-1`, "alice")).body.files.map(
      (item: { name: string }) => item.name,
    );
    expect(ids).toEqual(["cyverse-metadata.xml", "ore.xml"]);
    const xml = readFileSync(store(sim()).disk.pathOf(`${ALICE}/curated_metadata/run-1/ore.xml`), "utf8");
    expect(xml).toContain(await idOf(sim(), `${ALICE}/analyses/run-1/output.tsv`, "alice"));
  });
});

describe("stat listings", () => {
  it("pages the stats of the ids the caller can read", async () => {
    const ids = await Promise.all(
      [`${ALICE}/notes.txt`, `${ALICE}/documents`, `${ALICE}/measurements.csv`].map((path) =>
        idOf(sim(), path, "alice"),
      ),
    );
    const bobsNotes = await idOf(sim(), "/iplant/home/bob/notes.txt", "bob");
    const listed = await call(sim(), "POST", "/stat-lister", {
      user: "alice",
      query: { "sort-field": "name", "sort-dir": "DESC" },
      json: { ids: [...ids, bobsNotes] },
    });
    expect(listed.body.total).toBe(3);
    expect(listed.body.folders.map((stat: { path: string }) => stat.path)).toEqual([`${ALICE}/documents`]);
    expect(listed.body.files.map((stat: { path: string }) => stat.path)).toEqual([
      `${ALICE}/notes.txt`,
      `${ALICE}/measurements.csv`,
    ]);
    const stats = await call(sim(), "POST", "/path-info", {
      user: "alice",
      query: { "ignore-inaccessible": "true", "filter-include": "id,path,file-size" },
      json: { ids: [ids[0], bobsNotes] },
    });
    expect(stats.body.ids).toEqual({
      [ids[0] as string]: { id: ids[0], path: `${ALICE}/notes.txt`, "file-size": expect.any(Number) },
    });
  });
});
