import { describe, expect, it } from "vitest";
import { badPathRefusal, HOME, pathsExist, q, useDataService } from "./support.js";

const service = useDataService({ MAX_PATHS_IN_REQUEST: "6" });
const send = service.send;

const exists = (user: string, ...paths: string[]) => pathsExist(send, user, ...paths);

const alice = HOME("alice");
/** bob's analyses folder holds only run-1 (alice's holds the demo world's analyses too): the counting tests use it. */
const bob = HOME("bob");

describe("folders", () => {
  it("creates a folder and answers its stat record; a second create is ERR_EXISTS", async () => {
    const created = await send("alice", "POST", "/secured/filesystem/directory/create", {
      path: `${alice}/new folder`,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      path: `${alice}/new folder`,
      type: "dir",
      permission: "own",
      "dir-count": 0,
    });
    const again = await send("alice", "POST", "/secured/filesystem/directory/create", { path: `${alice}/new folder` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: "ERR_EXISTS" });
  });

  it("refuses a folder where the caller may not write, and a body without a path", async () => {
    const foreign = await send("bob", "POST", "/secured/filesystem/directory/create", { path: `${alice}/bobs` });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error_code: "ERR_NOT_WRITEABLE" });
    const noPath = await send("alice", "POST", "/secured/filesystem/directory/create", { name: "x" });
    expect(noPath.statusCode).toBe(400);
    expect(noPath.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
  });

  it("passes on the backend's refusal of a name longer than it allows, as a 400", async () => {
    const long = await send("alice", "POST", "/secured/filesystem/directory/create", {
      path: `${alice}/${"n".repeat(500)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error_code: "ERR_BAD_BASENAME_LENGTH" });
  });

  it("creates several folders through the passthrough", async () => {
    const created = await send("alice", "POST", "/secured/filesystem/directories", {
      paths: [`${alice}/a1`, `${alice}/a2`],
    });
    expect(created.statusCode).toBe(200);
    expect(await exists("alice", `${alice}/a1`, `${alice}/a2`)).toEqual({
      [`${alice}/a1`]: true,
      [`${alice}/a2`]: true,
    });
  });
});

describe("move, move-contents and rename", () => {
  it("moves files and folders into a folder", async () => {
    const moved = await send("alice", "POST", "/secured/filesystem/move", {
      sources: [`${alice}/notes.txt`, `${alice}/documents`],
      dest: `${alice}/analyses`,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ dest: `${alice}/analyses`, sources: [`${alice}/notes.txt`, `${alice}/documents`] });
    expect(await exists("alice", `${alice}/analyses/notes.txt`, `${alice}/notes.txt`)).toEqual({
      [`${alice}/analyses/notes.txt`]: true,
      [`${alice}/notes.txt`]: false,
    });
  });

  it("counts the sources and everything beneath them against the limit, and moves nothing beyond it", async () => {
    // analyses holds run-1 and run-1/output.tsv: with the empty documents and two files that is 6 paths, the limit.
    await send("bob", "POST", "/secured/filesystem/directory/create", { path: `${bob}/archive` });
    const within = await send("bob", "POST", "/secured/filesystem/move", {
      sources: [`${bob}/analyses`, `${bob}/documents`, `${bob}/notes.txt`, `${bob}/sample.bin`],
      dest: `${bob}/archive`,
    });
    expect(within.statusCode, within.body).toBe(200);

    service.platform.reset();
    await send("bob", "POST", "/secured/filesystem/directories", {
      paths: [`${bob}/analyses/run-2`, `${bob}/analyses/run-2/deep`, `${bob}/analyses/run-2/deep/deeper`],
    });
    const recorder = service.platform.fileInfo.recorder;
    recorder.clear();
    const over = await send("bob", "POST", "/secured/filesystem/move", {
      sources: [`${bob}/analyses`, `${bob}/notes.txt`],
      dest: `${bob}/documents`,
    });
    expect(over.statusCode).toBe(400);
    // notes.txt and analyses; analyses' run-1 and run-2; run-1's file, run-2's deep and deep's deeper: 7.
    expect(over.json()).toMatchObject({ error_code: "ERR_TOO_MANY_PATHS", count: 7, limit: 6 });
    expect(recorder.to("POST", "/mover")).toEqual([]);
    // Level by level, listing only folders that have subfolders, and no deeper once the limit is passed.
    expect(recorder.to("POST", "/path-info").map((request) => (request.body as { paths: string[] }).paths)).toEqual([
      [`${bob}/analyses`, `${bob}/notes.txt`],
      [`${bob}/analyses/run-1`, `${bob}/analyses/run-2`],
      [`${bob}/analyses/run-2/deep`],
    ]);
    expect(recorder.to("GET", /^\/navigation\/path\//).map((request) => request.path)).toEqual([
      "/navigation/path/iplant/home/bob/analyses",
      "/navigation/path/iplant/home/bob/analyses/run-2",
    ]);
    expect(await exists("bob", `${bob}/analyses`, `${bob}/notes.txt`, `${bob}/documents/notes.txt`)).toEqual({
      [`${bob}/analyses`]: true,
      [`${bob}/notes.txt`]: true,
      [`${bob}/documents/notes.txt`]: false,
    });
  });

  it("refuses more sources than the limit without asking the backend anything", async () => {
    const sources = Array.from({ length: 7 }, (_, index) => `${alice}/file-${index}.txt`);
    service.platform.fileInfo.recorder.clear();
    const over = await send("alice", "POST", "/secured/filesystem/move", { sources, dest: `${alice}/documents` });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      error_code: "ERR_TOO_MANY_PATHS",
      reason: "the request touches 7 paths; at most 6 are allowed",
      count: 7,
      limit: 6,
    });
    expect(service.platform.fileInfo.recorder.requests).toEqual([]);
  });

  it("refuses moves into a file, onto an existing name, of missing sources and where the caller may not write", async () => {
    const intoFile = await send("alice", "POST", "/secured/filesystem/move", {
      sources: [`${alice}/notes.txt`],
      dest: `${alice}/sample.bin`,
    });
    expect(intoFile.json()).toMatchObject({ error_code: "ERR_NOT_A_FOLDER" });
    await send("alice", "POST", "/secured/fileio/saveas", { dest: `${alice}/documents/notes.txt`, content: "x" });
    const clash = await send("alice", "POST", "/secured/filesystem/move", {
      sources: [`${alice}/notes.txt`],
      dest: `${alice}/documents`,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ error_code: "ERR_EXISTS" });
    const missing = await send("alice", "POST", "/secured/filesystem/move", {
      sources: [`${alice}/gone.txt`],
      dest: `${alice}/documents`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error_code: "ERR_DOES_NOT_EXIST" });
    const foreign = await send("bob", "POST", "/secured/filesystem/move", {
      sources: [`${HOME("bob")}/notes.txt`],
      dest: `${alice}/shared-with-bob`,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error_code: "ERR_NOT_WRITEABLE" });
    const empty = await send("alice", "POST", "/secured/filesystem/move", { sources: [], dest: `${alice}/documents` });
    expect(empty.statusCode).toBe(400);
  });

  it("moves a folder's contents and answers the moved paths", async () => {
    const moved = await send("bob", "POST", "/secured/filesystem/move-contents", {
      source: `${bob}/analyses`,
      dest: `${bob}/documents`,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ dest: `${bob}/documents`, sources: [`${bob}/analyses/run-1`] });
    expect(await exists("bob", `${bob}/documents/run-1/output.tsv`)).toEqual({
      [`${bob}/documents/run-1/output.tsv`]: true,
    });
  });

  it("counts a folder's contents, not the folder, against the limit when moving them", async () => {
    // analyses holds run-1 and its output.tsv; with run-2 and three folders in it, six entries: the limit.
    const run2 = `${bob}/analyses/run-2`;
    await send("bob", "POST", "/secured/filesystem/directories", {
      paths: [run2, `${run2}/a`, `${run2}/b`, `${run2}/c`],
    });
    const within = await send("bob", "POST", "/secured/filesystem/move-contents", {
      source: `${bob}/analyses`,
      dest: `${bob}/documents`,
    });
    expect(within.statusCode, within.body).toBe(200);

    await send("bob", "POST", "/secured/filesystem/directories", { paths: [`${bob}/documents/run-2/d`] });
    const over = await send("bob", "POST", "/secured/filesystem/move-contents", {
      source: `${bob}/documents`,
      dest: `${bob}/analyses`,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error_code: "ERR_TOO_MANY_PATHS", count: 7, limit: 6 });
    expect(await exists("bob", `${bob}/documents/run-1`)).toEqual({ [`${bob}/documents/run-1`]: true });
  });

  it("renames within a folder and refuses a rename into another folder", async () => {
    const renamed = await send("alice", "POST", "/secured/filesystem/rename", {
      source: `${alice}/notes.txt`,
      dest: `${alice}/notes-2026.txt`,
    });
    expect(renamed.statusCode).toBe(200);
    expect(await exists("alice", `${alice}/notes-2026.txt`)).toEqual({ [`${alice}/notes-2026.txt`]: true });
    const elsewhere = await send("alice", "POST", "/secured/filesystem/rename", {
      source: `${alice}/sample.bin`,
      dest: `${alice}/documents/sample.bin`,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
  });

  it("renames to a name with an apostrophe or backquote, which data-info's rename takes, and refuses a tab itself", async () => {
    const dest = `${alice}/alice's \`notes\`.txt`;
    const renamed = await send("alice", "POST", "/secured/filesystem/rename", { source: `${alice}/notes.txt`, dest });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await exists("alice", dest)).toEqual({ [dest]: true });
    const tab = await send("alice", "POST", "/secured/filesystem/rename", { source: dest, dest: `${alice}/a\tb.txt` });
    expect(tab.statusCode).toBe(400);
    expect(tab.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
  });
});

describe("trash", () => {
  it("deletes to the trash and restores to the original path", async () => {
    const deleted = await send("alice", "POST", "/secured/filesystem/delete", {
      paths: [`${alice}/analyses/run-1/output.tsv`],
    });
    expect(deleted.statusCode).toBe(200);
    expect(await exists("alice", `${alice}/analyses/run-1/output.tsv`)).toEqual({
      [`${alice}/analyses/run-1/output.tsv`]: false,
    });
    const trash = await send(
      "alice",
      "GET",
      `/secured/filesystem/paged-directory?path=${q("/iplant/trash/home/alice")}&limit=10`,
    );
    const trashed = trash.json().files.map((file: { path: string }) => file.path);
    expect(trashed).toHaveLength(1);

    const restored = await send("alice", "POST", "/secured/filesystem/restore", { paths: trashed });
    expect(restored.statusCode).toBe(200);
    expect(Object.values(restored.json().restored)).toEqual([
      expect.objectContaining({ "restored-path": `${alice}/analyses/run-1/output.tsv` }),
    ]);
    const back = await send("alice", "GET", `/secured/fileio/download?path=${q(`${alice}/analyses/run-1/output.tsv`)}`);
    expect(back.body).toContain("abcA\t12");
  });

  it("restores only the paths asked for", async () => {
    await send("alice", "POST", "/secured/filesystem/delete", { paths: [`${alice}/notes.txt`, `${alice}/sample.bin`] });
    const trash = await send(
      "alice",
      "GET",
      `/secured/filesystem/paged-directory?path=${q("/iplant/trash/home/alice")}&limit=10`,
    );
    const notesInTrash = trash.json().files.find((file: { label: string }) => file.label.startsWith("notes")).path;
    const restored = await send("alice", "POST", "/secured/filesystem/restore", { paths: [notesInTrash] });
    expect(restored.statusCode).toBe(200);
    expect(await exists("alice", `${alice}/notes.txt`, `${alice}/sample.bin`)).toEqual({
      [`${alice}/notes.txt`]: true,
      [`${alice}/sample.bin`]: false,
    });
  });

  it("restores everything, deletes a folder's contents and empties the trash", async () => {
    await send("alice", "POST", "/secured/filesystem/delete", { paths: [`${alice}/notes.txt`, `${alice}/sample.bin`] });
    // As the web client sends it: `{}`.
    expect((await send("alice", "POST", "/secured/filesystem/restore-all", {})).statusCode).toBe(200);
    expect(await exists("alice", `${alice}/notes.txt`, `${alice}/sample.bin`)).toEqual({
      [`${alice}/notes.txt`]: true,
      [`${alice}/sample.bin`]: true,
    });
    const emptied = await send("alice", "POST", "/secured/filesystem/delete-contents", { path: `${alice}/analyses` });
    expect(emptied.statusCode).toBe(200);
    expect(await exists("alice", `${alice}/analyses/run-1`)).toEqual({ [`${alice}/analyses/run-1`]: false });
    // As the web client's server sends it: a JSON content type and no body.
    const emptiedTrash = await send("alice", "DELETE", "/secured/filesystem/trash", "", {
      "content-type": "application/json",
    });
    expect(emptiedTrash.statusCode).toBe(200);
    const trash = await send(
      "alice",
      "GET",
      `/secured/filesystem/paged-directory?path=${q("/iplant/trash/home/alice")}&limit=10`,
    );
    expect(trash.json().total).toBe(0);
  });

  it("refuses restoring what is not in the caller's trash, which file-info would move into the home", async () => {
    const outside = [`${alice}/notes.txt`, "/iplant/trash/home/alice", "/iplant/trash/home/bob/x"];
    const refused = await send("alice", "POST", "/secured/filesystem/restore", { paths: outside });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD", paths: outside });
    expect(await exists("alice", `${alice}/notes.txt`)).toEqual({ [`${alice}/notes.txt`]: true });
  });

  it("restores nothing from an empty trash, where file-info fails on the nil it restored", async () => {
    const restored = await send("alice", "POST", "/secured/filesystem/restore-all", {});
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ restored: {} });
  });

  it("refuses deleting the caller's home as 403, not as the 401 file-info answers it with", async () => {
    const home = await send("alice", "POST", "/secured/filesystem/delete", { paths: [alice] });
    expect(home.statusCode).toBe(403);
    expect(home.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
    expect(await exists("alice", alice)).toEqual({ [alice]: true });
  });
});

describe("what bob may do with alice's files", () => {
  it("refuses listing, reading, renaming and deleting alice's unshared files", async () => {
    const notes = `${alice}/notes.txt`;
    expect((await send("bob", "GET", `/secured/filesystem/directory?path=${q(`${alice}/documents`)}`)).statusCode).toBe(
      403,
    );
    expect((await send("bob", "GET", `/secured/fileio/download?path=${q(notes)}`)).statusCode).toBe(404);
    const chunk = await send("bob", "POST", "/secured/filesystem/read-chunk", {
      path: notes,
      position: 0,
      "chunk-size": 10,
    });
    // data-info checks existence as the caller (validate.clj :path-exists): what bob cannot read is not there.
    expect(chunk.statusCode).toBe(404);
    expect(chunk.json()).toMatchObject({ error_code: "ERR_DOES_NOT_EXIST" });
    const renamed = await send("bob", "POST", "/secured/filesystem/rename", {
      source: notes,
      dest: `${alice}/mine.txt`,
    });
    expect(renamed.statusCode).toBe(404);
    const deleted = await send("bob", "POST", "/secured/filesystem/delete", { paths: [notes] });
    expect(deleted.statusCode).toBe(403);
    expect(await exists("alice", notes)).toEqual({ [notes]: true });
    // Shared read-only: bob reads it, and still may not change it.
    const shared = `${alice}/for-bob.txt`;
    expect((await send("bob", "GET", `/secured/fileio/download?path=${q(shared)}`)).body).toContain("alice shares");
    expect((await send("bob", "POST", "/secured/filesystem/delete", { paths: [shared] })).statusCode).toBe(403);
  });
});

describe("paths that try to reach elsewhere", () => {
  const tricks = [
    `${alice}/../bob/notes.txt`,
    `${alice}/./notes.txt`,
    `/iplant//home/bob/notes.txt`,
    `${alice}/notes.txt\u0000.png`,
    "iplant/home/alice/notes.txt",
    "/",
    `${alice}%2F..%2F..%2Fbob%2Fnotes.txt`,
  ];

  it("refuses each with 400 before any backend sees it, or finds nothing outside the caller's reach", async () => {
    for (const trick of tricks) {
      service.platform.fileInfo.recorder.clear();
      const download = await send("alice", "GET", `/secured/fileio/download?path=${q(trick)}`);
      expect([400, 404], trick).toContain(download.statusCode);
      expect(download.json().error_code, trick).toMatch(/^ERR_/);
      if (download.statusCode === 400) expect(service.platform.fileInfo.recorder.requests, trick).toEqual([]);
      const deleted = await send("alice", "POST", "/secured/filesystem/delete", { paths: [trick] });
      expect([400, 404], trick).toContain(deleted.statusCode);
    }
    const bobsNotes = `${HOME("bob")}/notes.txt`;
    expect(await exists("bob", bobsNotes)).toEqual({ [bobsNotes]: true });
  });

  it("names the refused path and its field, and takes a path with trailing slashes as the folder itself", async () => {
    const trick = `${alice}/../bob/notes.txt`;
    const refused = await send("alice", "GET", `/secured/fileio/download?path=${q(trick)}`);
    expect([refused.statusCode, refused.json()]).toEqual([400, badPathRefusal("path", trick)]);
    const listed = await send("alice", "GET", `/secured/filesystem/directory?path=${q(`${alice}//`)}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ path: alice });
  });

  it("keeps encoded slashes inside one segment on the way to the backend", async () => {
    await send("alice", "POST", "/secured/fileio/saveas", { dest: `${alice}/a%2F..%2Fb.txt`, content: "odd name" });
    const odd = await send("alice", "GET", `/secured/fileio/download?path=${q(`${alice}/a%2F..%2Fb.txt`)}`);
    expect(odd.statusCode).toBe(200);
    expect(odd.body).toBe("odd name");
  });
});
