import { describe, expect, it } from "vitest";
import { HOME, multipartFile, q, seeded, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;
const alice = HOME("alice");
const badGateway = { error_code: "ERR_BAD_GATEWAY", reason: expect.any(String) };

/** Answers that succeed but cannot be what was asked for, as a proxy in front of a backend may give them. */
const NOT_ANSWERS = [
  { mode: "garbled-200" },
  { mode: "html-200" },
  { mode: "json-200", body: null },
  { mode: "json-200", body: [] },
  { mode: "json-200", body: { paths: { x: null }, folder: 5, roots: "x", hits: null, file: null } },
] as const;

describe("a backend that succeeds with something that cannot be its answer", () => {
  it("makes listings, search and changes answer 502, never 500", async () => {
    const calls = [
      () => send("alice", "GET", `/secured/filesystem/paged-directory?path=${q(alice)}&limit=10`),
      () => send("alice", "GET", "/secured/filesystem/root"),
      () => send("alice", "GET", `/secured/filesystem/directory?path=${q(alice)}`),
      () => send("alice", "POST", "/secured/filesystem/directory/create", { path: `${alice}/new` }),
      () => send("alice", "GET", `/secured/fileio/download?path=${q(`${alice}/notes.txt`)}`),
      () => send("alice", "POST", "/secured/filesystem/rename", { source: `${alice}/notes.txt`, dest: `${alice}/n2` }),
    ];
    for (const fault of NOT_ANSWERS) {
      service.platform.fileInfo.faults.set(fault);
      for (const [index, call] of calls.entries()) {
        const answer = await call();
        expect(answer.statusCode, `${JSON.stringify(fault)} call ${index}`).toBe(502);
        expect(answer.json()).toMatchObject(badGateway);
      }
    }
    service.platform.fileInfo.faults.clear();
    expect(
      (await send("alice", "POST", "/secured/filesystem/exists", { paths: [`${alice}/notes.txt`] })).json(),
    ).toEqual({ paths: { [`${alice}/notes.txt`]: true } });
  });

  it("makes the index search and the favorites answer 502 when the search or metadata backend does", async () => {
    for (const fault of NOT_ANSWERS) {
      service.platform.search.faults.set({ ...fault, path: "^/search" });
      const search = await send("alice", "GET", "/secured/filesystem/index?search-term=notes");
      expect(search.statusCode, JSON.stringify(fault)).toBe(502);
      service.platform.metadata.faults.set({ ...fault, path: "^/favorites" });
      const favorites = await send(
        "alice",
        "GET",
        "/secured/favorites/filesystem?sort-col=NAME&sort-dir=ASC&limit=100&offset=0",
      );
      expect(favorites.statusCode, JSON.stringify(fault)).toBe(502);
      expect(favorites.json()).toMatchObject(badGateway);
    }
  });

  it("answers an upload whose stored file the backend does not describe with 502", async () => {
    service.platform.fileInfo.faults.set({ mode: "json-200", body: { file: null }, method: "POST", path: "^/data$" });
    const form = await multipartFile(Buffer.from("contents"), "odd.txt");
    const upload = await send("alice", "POST", `/secured/fileio/upload?dest=${q(alice)}`, form.payload, form.headers);
    expect(upload.statusCode).toBe(502);
    expect(upload.json()).toMatchObject(badGateway);
  });

  it("answers 502 to sharing, URL imports and CoGe searches whose backend answers are not theirs", async () => {
    const notes = `${alice}/notes.txt`;
    service.platform.fileInfo.faults.set({
      mode: "json-200",
      body: { sharing: [{ sharing: [{ success: true }] }] },
      path: "^/sharer$",
    });
    const shared = await send("alice", "POST", "/secured/share", {
      sharing: [{ user: "bob", paths: [{ path: notes, permission: "read" }] }],
    });
    expect(shared.statusCode).toBe(502);
    expect(shared.json()).toMatchObject(badGateway);

    service.platform.apps.faults.set({ mode: "json-200", body: { groups: "x" }, method: "GET" });
    const imported = await send("alice", "POST", "/secured/fileio/urlupload", {
      dest: alice,
      address: "https://example.org/reads.fastq",
    });
    expect(imported.statusCode).toBe(502);
    expect(imported.json()).toMatchObject(badGateway);

    for (const body of [{}, [], null, { genomes: "x" }]) {
      service.platform.coge.faults.set({ mode: "json-200", body });
      const found = await send("alice", "GET", "/coge/genomes?search=arabidopsis");
      expect(found.statusCode, JSON.stringify(body)).toBe(502);
      expect(found.json()).toMatchObject(badGateway);
    }
  });

  it("answers 502 to filtering favorites when the file-info backend's stats are not stats", async () => {
    const notes = seeded("alice", "notes.txt");
    expect((await send("alice", "PUT", `/secured/favorites/filesystem/${notes}`)).statusCode).toBe(200);
    service.platform.fileInfo.faults.set({ mode: "json-200", body: { ids: "x" }, path: "^/path-info$" });
    const filtered = await send("alice", "POST", "/secured/favorites/filter", { filesystem: [notes] });
    expect(filtered.statusCode).toBe(502);
    expect(filtered.json()).toMatchObject(badGateway);
  });

  it("answers 502 to setting an info type when the backend's answer is not one", async () => {
    service.platform.fileInfo.faults.set({ mode: "json-200", body: null, method: "PUT", path: "/type$" });
    const set = await send("alice", "POST", "/secured/filetypes/type", { path: `${alice}/notes.txt`, type: "tsv" });
    expect(set.statusCode).toBe(502);
    expect(set.json()).toMatchObject(badGateway);
  });
});
