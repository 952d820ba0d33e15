import { DOI_REQUEST } from "@de-gateway/backend-simulators";
import { describe, expect, it } from "vitest";
import { badPathRefusal, HOME, q, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;

const alice = HOME("alice");
const notes = `${alice}/notes.txt`;
const csv = `${alice}/measurements.csv`;

const idOf = async (user: string, path: string) =>
  (await send(user, "POST", "/secured/filesystem/stat", { paths: [path] })).json().paths[path].id as string;

describe("what is there", () => {
  it("marks existence and gives stat records by path and by id", async () => {
    const exists = await send("alice", "POST", "/secured/filesystem/exists", { paths: [notes, `${alice}/gone`] });
    expect(exists.json()).toEqual({ paths: { [notes]: true, [`${alice}/gone`]: false } });
    const byPath = await send("alice", "POST", "/secured/filesystem/stat", { paths: [notes] });
    expect(byPath.json().paths[notes]).toMatchObject({
      path: notes,
      type: "file",
      permission: "own",
      "file-size": expect.any(Number),
    });
    const id = byPath.json().paths[notes].id;
    const byId = await send("alice", "POST", "/secured/filesystem/stat", { ids: [id] });
    expect(byId.json().ids[id]).toMatchObject({ path: notes });
    for (const empty of [{}, { paths: [], ids: [] }]) {
      const refused = await send("alice", "POST", "/secured/filesystem/stat", empty);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error_code: "ERR_BAD_OR_MISSING_FIELD", reason: "give paths or ids" });
    }
    expect((await send("alice", "POST", "/secured/filesystem/stat", { ids: ["not-a-uuid"] })).statusCode).toBe(400);
  });

  it("lists who may do what, and gives a manifest", async () => {
    const permissions = await send("alice", "POST", "/secured/filesystem/user-permissions", {
      paths: [`${alice}/for-bob.txt`],
    });
    expect(JSON.stringify(permissions.json())).toContain("bob");
    const manifest = await send("alice", "GET", `/secured/filesystem/file/manifest?path=${q(csv)}`);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toMatchObject({ "content-type": expect.stringContaining("csv") });
  });

  const readChunk = (body: Record<string, unknown>) =>
    send("alice", "POST", "/secured/filesystem/read-chunk", { path: notes, ...body });
  const csvPage = (body: Record<string, unknown>) =>
    send("alice", "POST", "/secured/filesystem/read-csv-chunk", {
      path: csv,
      separator: ",",
      page: 1,
      "chunk-size": 4096,
      ...body,
    });

  it("reads chunks of text and pages of a CSV", async () => {
    const chunk = await readChunk({ position: 6, "chunk-size": 8 });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.json()).toMatchObject({ chunk: "of alice" });
    const page = await csvPage({});
    expect(page.statusCode).toBe(200);
    expect(JSON.stringify(page.json().csv)).toContain("temperature");
    const bad = await readChunk({ position: -1, "chunk-size": 8 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
  });

  it("takes numbers as strings and URL-encoded separators, as the web client sends them", async () => {
    const chunk = await readChunk({ position: "6", "chunk-size": "8" });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.json()).toMatchObject({ chunk: "of alice" });
    const tsv = await csvPage({
      path: `${alice}/analyses/run-1/output.tsv`,
      separator: "%09",
      page: "1",
      "chunk-size": "4096",
    });
    expect(tsv.statusCode).toBe(200);
    expect(tsv.json().csv[1]).toEqual({ "0": "abcA", "1": "12" });
    const encodedComma = await csvPage({ separator: "%2C" });
    expect(encodedComma.statusCode).toBe(200);
    expect(Object.keys(encodedComma.json().csv[0]).length).toBeGreaterThan(1);
    for (const [field, value] of [
      ["separator", "%2C%2C"],
      ["separator", "%E0%A4%A"],
      ["chunk-size", "8 bytes"],
      ["page", "0"],
    ]) {
      const refused = await csvPage({ [field as string]: value });
      expect(refused.statusCode, `${field} ${value}`).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
      if (field === "separator") {
        expect(refused.json()).toEqual({
          error_code: "ERR_BAD_OR_MISSING_FIELD",
          reason: "separator must be one character, URL-encoded (e.g. %2C for a comma, %09 for a tab)",
          separator: value,
        });
      }
    }
  });
});

describe("tickets and anonymous access", () => {
  it("creates, lists and deletes tickets", async () => {
    const created = await send("alice", "POST", "/secured/filesystem/tickets?public=1", { paths: [notes] });
    expect(created.statusCode).toBe(200);
    const [ticket] = created.json().tickets;
    expect(ticket).toMatchObject({ path: notes, "ticket-id": expect.any(String) });
    const listed = await send("alice", "POST", "/secured/filesystem/list-tickets", { paths: [notes] });
    expect(JSON.stringify(listed.json())).toContain(ticket["ticket-id"]);
    const deleted = await send("alice", "POST", "/secured/filesystem/delete-tickets", {
      tickets: [ticket["ticket-id"]],
    });
    expect(deleted.statusCode).toBe(200);
    const after = await send("alice", "POST", "/secured/filesystem/list-tickets", { paths: [notes] });
    expect(JSON.stringify(after.json())).not.toContain(ticket["ticket-id"]);
  });

  it.each(["tickets", "list-tickets", "anon-files"])(
    "refuses %s for a path that is not absolute, naming it",
    async (route) => {
      const refused = await send("alice", "POST", `/secured/filesystem/${route}`, { paths: [notes, "notes.txt"] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(badPathRefusal("paths", "notes.txt"));
    },
  );

  it("makes a ticket public for public=1 or true, and private otherwise", async () => {
    for (const [given, sent] of [
      ["public=1", "true"],
      ["public=true", "true"],
      ["public=0", "false"],
      ["public=yes", "false"],
      ["", "false"],
    ]) {
      service.platform.fileInfo.recorder.clear();
      const created = await send("alice", "POST", `/secured/filesystem/tickets?${given}`, { paths: [notes] });
      expect(created.statusCode, given).toBe(200);
      expect(service.platform.fileInfo.recorder.to("POST", "/tickets")[0]?.query.public, given).toBe(sent);
    }
  });

  it("passes the tickets' mode and limits on, and refuses ones the backend would not take", async () => {
    const created = await send(
      "alice",
      "POST",
      "/secured/filesystem/tickets?public=0&mode=write&uses-limit=3&file-write-limit=2",
      { paths: [notes] },
    );
    expect(created.statusCode).toBe(200);
    const [call] = service.platform.fileInfo.recorder.to("POST", "/tickets").slice(-1);
    expect(call?.query).toMatchObject({ public: "false", mode: "write", "uses-limit": "3", "file-write-limit": "2" });
    for (const query of ["mode=bogus", "uses-limit=-1", "file-write-limit=many"]) {
      const refused = await send("alice", "POST", `/secured/filesystem/tickets?public=1&${query}`, { paths: [notes] });
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
    }
  });

  it("makes files readable by anyone, and refuses bob doing it to alice's files", async () => {
    const shared = await send("alice", "POST", "/secured/filesystem/anon-files", { paths: [notes] });
    expect(shared.statusCode).toBe(200);
    expect(JSON.stringify(shared.json())).toContain("notes.txt");
    expect((await send("bob", "POST", "/secured/filesystem/anon-files", { paths: [notes] })).statusCode).toBe(403);
  });
});

describe("file types", () => {
  it("lists the types and lets the owner set and reset one", async () => {
    const types = await send("alice", "GET", "/secured/filetypes/type-list");
    expect(types.json().types).toContain("csv");
    const set = await send("alice", "POST", "/secured/filetypes/type", { path: csv, type: "tsv" });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ path: csv, type: "tsv" });
    const reset = await send("alice", "POST", "/secured/filetypes/type", { path: csv, type: "" });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ path: csv, type: expect.any(String) });
    expect(reset.json().type).not.toBe("tsv");
  });

  it("refuses non-owners, folders, missing files and bodies without a type", async () => {
    const notOwner = await send("bob", "POST", "/secured/filetypes/type", {
      path: `${alice}/for-bob.txt`,
      type: "csv",
    });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json()).toMatchObject({ error_code: "ERR_NOT_OWNER" });
    const folder = await send("alice", "POST", "/secured/filetypes/type", { path: `${alice}/documents`, type: "csv" });
    expect(folder.statusCode).toBe(400);
    expect(folder.json()).toMatchObject({ error_code: "ERR_NOT_A_FILE" });
    const missing = await send("alice", "POST", "/secured/filetypes/type", { path: `${alice}/gone.csv`, type: "csv" });
    expect(missing.json()).toMatchObject({ error_code: "ERR_DOES_NOT_EXIST" });
    // common-swagger-api's FileType takes `unknown` too, as data-info stores it.
    const unknown = await send("alice", "POST", "/secured/filetypes/type", { path: csv, type: "unknown" });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ path: csv, type: "unknown" });
    const noType = await send("alice", "POST", "/secured/filetypes/type", { path: csv });
    expect(noType.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
  });
});

describe("file metadata", () => {
  it("sets, reads, copies and saves an entry's metadata through the file-info backend", async () => {
    const id = await idOf("alice", notes);
    const avus = { "irods-avus": [{ attr: "colour", value: "blue", unit: "" }] };
    const set = await send("alice", "POST", `/secured/filesystem/${id}/metadata`, avus);
    expect(set.statusCode).toBe(200);
    expect(service.platform.fileInfo.recorder.to("PUT", `/data/${id}/metadata`)[0]?.query.user).toBe("alice");
    const read = await send("alice", "GET", `/secured/filesystem/${id}/metadata`);
    expect(read.json()["irods-avus"]).toEqual([expect.objectContaining({ attr: "colour", value: "blue" })]);
    const target = await idOf("alice", csv);
    const copied = await send("alice", "POST", `/secured/filesystem/${id}/metadata/copy`, {
      destination_ids: [target],
    });
    expect(copied.statusCode).toBe(200);
    expect((await send("alice", "GET", `/secured/filesystem/${target}/metadata`)).json()["irods-avus"]).toEqual([
      expect.objectContaining({ attr: "colour" }),
    ]);
    const saved = await send("alice", "POST", `/secured/filesystem/${id}/metadata/save`, {
      dest: `${alice}/notes-metadata.json`,
      recursive: false,
    });
    expect(saved.statusCode).toBe(200);
    expect((await send("bob", "GET", `/secured/filesystem/${id}/metadata`)).statusCode).toBe(403);
    expect((await send("alice", "GET", "/secured/filesystem/not-a-uuid/metadata")).statusCode).toBe(400);
  });

  it("keeps the metadata form's AVUs in the metadata service, as data-info does, with their ids across saves", async () => {
    const id = await idOf("alice", notes);
    // sonora's metadata form (setFilesystemMetadata): its AVUs, nested ones too, and the iRODS ones, on the root path.
    const form = {
      avus: [{ attr: "site", value: "north", unit: "", avus: [{ attr: "depth", value: "3", unit: "m" }] }],
      "irods-avus": [{ attr: "colour", value: "blue", unit: "" }],
    };
    expect((await send("alice", "POST", `/filesystem/${id}/metadata`, form)).statusCode).toBe(200);
    const loaded = (await send("alice", "GET", `/filesystem/${id}/metadata`)).json();
    expect(loaded.avus).toEqual([
      expect.objectContaining({
        id: expect.any(String),
        attr: "site",
        value: "north",
        target_id: id,
        created_by: "alice",
        avus: [expect.objectContaining({ attr: "depth", value: "3", unit: "m" })],
      }),
    ]);
    // The metadata service holds them: its own listing is the one data-info passed on.
    const kept = await fetch(`${service.platform.metadata.url}/avus/file/${id}?user=alice`);
    expect(((await kept.json()) as { avus: unknown[] }).avus).toEqual(loaded.avus);
    // Saved again as the form saves an edit (with the ids it loaded), the AVU stays the same AVU.
    const [site] = loaded.avus;
    const edited = { ...form, avus: [{ ...site, value: "south" }] };
    expect((await send("alice", "POST", `/filesystem/${id}/metadata`, edited)).statusCode).toBe(200);
    const reloaded = (await send("alice", "GET", `/filesystem/${id}/metadata`)).json();
    expect(reloaded.avus).toEqual([expect.objectContaining({ id: site.id, value: "south" })]);
    // Copied, the metadata service copies its AVUs to the target.
    const target = await idOf("alice", csv);
    await send("alice", "POST", `/filesystem/${id}/metadata/copy`, { destination_ids: [target] });
    const copied = (await send("alice", "GET", `/filesystem/${target}/metadata`)).json();
    expect(copied.avus).toEqual([expect.objectContaining({ attr: "site", value: "south", target_id: target })]);
  });

  it("refuses an attribute the data store keeps for itself as 403, not as the 401 file-info answers it with", async () => {
    const id = await idOf("alice", notes);
    const reserved = await send("alice", "POST", `/secured/filesystem/${id}/metadata`, {
      "irods-avus": [{ attr: "IPCC-scenario", value: "RCP4.5", unit: "" }],
    });
    expect(reserved.statusCode).toBe(403);
    expect(reserved.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
    expect((await send("alice", "GET", `/secured/filesystem/${id}/metadata`)).json()["irods-avus"]).toEqual([]);
  });

  it("applies metadata from a CSV file to the files it names", async () => {
    await send("alice", "POST", "/secured/fileio/saveas", {
      dest: `${alice}/meta.csv`,
      content: "filename,colour\nnotes.txt,green\n",
    });
    const parsed = await send(
      "alice",
      "POST",
      `/secured/filesystem/metadata/csv-parser?dest=${q(alice)}&src=${q(`${alice}/meta.csv`)}`,
    );
    expect(parsed.statusCode).toBe(200);
    const id = await idOf("alice", notes);
    expect(JSON.stringify((await send("alice", "GET", `/secured/filesystem/${id}/metadata`)).json())).toContain(
      "green",
    );
  });

  it.each(["dest", "src"])("refuses a CSV parse whose %s is not an absolute path, naming it", async (field) => {
    const query = { dest: alice, src: `${alice}/meta.csv`, [field]: "meta.csv" };
    const refused = await send(
      "alice",
      "POST",
      `/secured/filesystem/metadata/csv-parser?dest=${q(query.dest)}&src=${q(query.src)}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(badPathRefusal(field, "meta.csv"));
  });

  it("saves an OAI-ORE file and an HT path list", async () => {
    // The ORE description is written beside the data set's folder, in its grandparent's curated_metadata.
    const folder = await idOf("alice", `${alice}/analyses/run-1`);
    expect((await send("alice", "POST", `/secured/filesystem/${folder}/ore/save`)).statusCode).toBe(200);
    const list = await send(
      "alice",
      "POST",
      `/secured/filesystem/path-list-creator?dest=${q(`${alice}/paths.txt`)}&recursive=true`,
      {
        paths: [`${alice}/analyses`],
      },
    );
    expect(list.statusCode).toBe(200);
    const written = await send("alice", "GET", `/secured/fileio/download?path=${q(`${alice}/paths.txt`)}`);
    expect(written.body).toContain(`${alice}/analyses/run-1/output.tsv`);
  });
});

describe("metadata templates", () => {
  it("answers 404 for an unknown template or attribute, which the metadata service answers 500 ERR_NOT_FOUND", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    const template = `/secured/filesystem/metadata/template/${unknown}`;
    for (const [user, method, url] of [
      ["alice", "GET", template],
      ["alice", "GET", `${template}/guide-csv`],
      ["alice", "GET", `${template}/zip-csv`],
      ["alice", "GET", `/secured/filesystem/metadata/template/attr/${unknown}`],
      ["carol", "DELETE", `/admin/filesystem/metadata/templates/${unknown}`],
    ] as const) {
      const refused = await send(user, method, url);
      expect(refused.statusCode, `${method} ${url}: ${refused.body}`).toBe(404);
      expect(refused.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringContaining(unknown) });
    }
  });

  it("lists and shows templates to users, and administers them for administrators only", async () => {
    const listed = await send("alice", "GET", "/secured/filesystem/metadata/templates");
    expect(listed.statusCode).toBe(200);
    const [template] = listed.json().metadata_templates;
    const shown = await send("alice", "GET", `/secured/filesystem/metadata/template/${template.id}`);
    expect(shown.json()).toMatchObject({ id: template.id, attributes: expect.any(Array) });
    const blank = await send("alice", "GET", `/secured/filesystem/metadata/template/${template.id}/blank-csv`);
    expect(blank.headers["content-type"]).toMatch(/text\/csv/);
    const attribute = shown.json().attributes[0].id;
    expect((await send("alice", "GET", `/secured/filesystem/metadata/template/attr/${attribute}`)).statusCode).toBe(
      200,
    );
    expect(
      (await send("alice", "GET", `/secured/filesystem/metadata/template/${template.id}/guide-csv`)).statusCode,
    ).toBe(200);

    expect((await send("alice", "GET", "/admin/filesystem/metadata/templates")).statusCode).toBe(403);
    const created = await send("carol", "POST", "/admin/filesystem/metadata/templates", {
      name: "Field Trip",
      attributes: [{ name: "site", description: "where", type: "String" }],
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    const changed = await send("carol", "POST", `/admin/filesystem/metadata/templates/${id}`, {
      name: "Field Trip 2",
      attributes: [],
    });
    expect(changed.json()).toMatchObject({ name: "Field Trip 2" });
    expect(service.platform.metadata.recorder.to("PUT", `/admin/templates/${id}`)).toHaveLength(1);
    expect((await send("carol", "DELETE", `/admin/filesystem/metadata/templates/${id}`)).statusCode).toBe(200);
    expect(
      (await send("alice", "GET", "/secured/filesystem/metadata/template/00000000-0000-4000-8000-000000000000"))
        .statusCode,
    ).toBe(404);
  });
});

describe("an item's permissions as the sharing dialog lists them", () => {
  it("leaves out the data store's administrative accounts, as data-info's perms-filter does", async () => {
    // The curators' staging folder, made by the administrative account (rods) and owned by the curators' group.
    const listed = await send("carol", "POST", "/secured/filesystem/user-permissions", {
      paths: [DOI_REQUEST.stagingFolder],
    });
    expect(listed.statusCode).toBe(200);
    const [folder] = listed.json().paths;
    const users = folder["user-permissions"].map((grant: { user: string }) => grant.user);
    expect(users).toContain(DOI_REQUEST.curatorsGroup);
    expect(users).not.toContain("rods");
  });
});
