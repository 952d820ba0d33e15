import { randomUUID } from "node:crypto";
import { seedId } from "@de-gateway/backend-simulators";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { avu, seeded, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;

const RUN = seeded("alice", "analyses/run-1");
const OUTPUT = seeded("alice", "analyses/run-1/output.tsv");
const NOTES = seeded("alice", "notes.txt");
/** A file every visitor may read (the community data). */
const README = seedId("/iplant/home/shared/README.txt");

const LOCAL_CONTEXTS = "LocalContexts";
const rightsAvu = avu(
  LOCAL_CONTEXTS,
  "https://localcontextshub.org/projects/1",
  avu("rightsURI", "https://example.org/rights"),
);

const setMetadata = (user: string, id: string, avus: unknown[], irodsAvus: unknown[] = []) =>
  send(user, "POST", `/secured/filesystem/${id}/metadata`, { avus, "irods-avus": irodsAvus });

describe("metadata search", () => {
  it("finds the AVUs of a listing's folder and items, in the web client's request shape", async () => {
    expect((await setMetadata("alice", RUN, [rightsAvu])).statusCode).toBe(200);
    expect((await setMetadata("alice", OUTPUT, [avu("genes", "2")])).statusCode).toBe(200);
    // sonora's Listing: the folder's and its items' ids, the LocalContexts attribute.
    const found = await send("alice", "POST", "/filesystem/metadata/search", {
      attribute: [LOCAL_CONTEXTS],
      "target-id": [RUN, OUTPUT],
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().avus).toEqual([
      expect.objectContaining({
        attr: LOCAL_CONTEXTS,
        value: rightsAvu.value,
        target_id: RUN,
        avus: [expect.objectContaining({ attr: "rightsURI", value: "https://example.org/rights" })],
      }),
    ]);
    const byValue = await send("alice", "POST", "/secured/filesystem/metadata/search", { value: ["2"] });
    expect(byValue.json().avus.map((found: { target_id: string }) => found.target_id)).toEqual([OUTPUT]);
  });

  it("leaves out the AVUs of what the caller may not read, for visitors too", async () => {
    await setMetadata("alice", NOTES, [avu("topic", "milk")]);
    const bobs = await send("bob", "POST", "/filesystem/metadata/search", { attribute: ["topic"] });
    expect(bobs.json()).toEqual({ avus: [] });
    const visitors = await send(undefined, "POST", "/filesystem/metadata/search", {
      attribute: ["topic"],
      "target-id": [NOTES],
    });
    expect([visitors.statusCode, visitors.json()]).toEqual([200, { avus: [] }]);
    const alices = await send("alice", "GET", "/secured/filesystem/metadata?attribute=topic&value=milk");
    expect(alices.json().avus).toEqual([expect.objectContaining({ attr: "topic", value: "milk", target_id: NOTES })]);
    expect((await send("bob", "GET", "/filesystem/metadata?attribute=topic")).json()).toEqual({ avus: [] });
  });

  it("refuses criteria that are not lists of text or ids", async () => {
    for (const body of [{ attribute: "topic" }, { "target-id": ["not-a-uuid"] }, { value: [3] }, [1]]) {
      const refused = await send("alice", "POST", "/secured/filesystem/metadata/search", body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error_code).toBe("ERR_BAD_OR_MISSING_FIELD");
    }
    const badQuery = await send("alice", "GET", "/secured/filesystem/metadata?target-id=nope");
    expect(badQuery.statusCode).toBe(400);
  });
});

describe("metadata search, bounded and blind to what the caller cannot read", () => {
  const NO_CRITERION = {
    error_code: "ERR_BAD_OR_MISSING_FIELD",
    reason: "a metadata search names at least one attribute, value, unit or target-id",
  };
  /** The calls made to the metadata and file-info backends since the last look, by backend. */
  const backendCalls = () => {
    const { metadata, fileInfo } = service.platform;
    const calls = [
      ...metadata.recorder.requests.map((call) => `metadata ${call.method} ${call.path}`),
      ...fileInfo.recorder.requests.map((call) => `file-info ${call.method} ${call.path}`),
    ];
    metadata.recorder.clear();
    fileInfo.recorder.clear();
    return calls;
  };
  /** An AVU on a file or folder, stored at the metadata backend as any client of it could store it. */
  const storeAvu = (targetId: string, attribute: string, value: string) => {
    const id = randomUUID();
    const at = Date.now();
    service.platform.metadata.state.avus.avus.set(id, {
      id,
      attribute,
      value,
      unit: "",
      target_type: "file",
      target_id: targetId,
      created_by: "carol",
      modified_by: "carol",
      created_on: at,
      modified_on: at,
    });
  };

  it("refuses a search without a criterion, before any backend is asked", async () => {
    backendCalls();
    for (const user of [undefined, "alice"]) {
      for (const body of [{}, { attribute: [] }, { "target-id": [], value: [], unit: [] }]) {
        const refused = await send(user, "POST", "/filesystem/metadata/search", body);
        expect([refused.statusCode, refused.json()], JSON.stringify(body)).toEqual([400, NO_CRITERION]);
      }
    }
    const listed = await send("alice", "GET", "/secured/filesystem/metadata");
    expect([listed.statusCode, listed.json()]).toEqual([400, NO_CRITERION]);
    expect(backendCalls()).toEqual([]);
  });

  it("asks the metadata backend about a visitor's files and folders only once it knows the visitor may read them", async () => {
    storeAvu(README, "topic", "milk");
    await setMetadata("alice", NOTES, [avu("topic", "milk")]);
    backendCalls();
    const found = await send(undefined, "POST", "/filesystem/metadata/search", {
      attribute: ["topic"],
      "target-id": [README, NOTES],
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().avus).toEqual([expect.objectContaining({ attr: "topic", value: "milk", target_id: README })]);
    const [readability] = service.platform.fileInfo.recorder.to("POST", "/path-info");
    expect(readability?.body).toEqual({ ids: [README, NOTES] });
    const [search] = service.platform.metadata.recorder.to("POST", "/avus/search");
    expect(search?.body).toMatchObject({ "target-id": [README] });
    expect(backendCalls()).toEqual(["metadata POST /avus/search", "file-info POST /path-info"]);

    // Only alice's notes named: the metadata backend is not asked at all.
    const hidden = await send(undefined, "POST", "/filesystem/metadata/search", {
      attribute: ["topic"],
      "target-id": [NOTES],
    });
    expect([hidden.statusCode, hidden.json()]).toEqual([200, { avus: [] }]);
    expect(backendCalls()).toEqual(["file-info POST /path-info"]);
  });

  it("leaves a visitor's search by attribute, value or unit alone to signed-in users: it could only be timed", async () => {
    await setMetadata("alice", NOTES, [avu("topic", "milk")]);
    backendCalls();
    const refused = await send(undefined, "POST", "/filesystem/metadata/search", { value: ["milk"] });
    expect([refused.statusCode, refused.json()]).toEqual([
      401,
      {
        error_code: "ERR_NOT_AUTHORIZED",
        reason: "a metadata search without signing in names the files and folders it looks at (target-id)",
      },
    ]);
    expect(backendCalls()).toEqual([]);
  });

  it("makes the same backend calls whether the matches lie on what the caller cannot read or nowhere", async () => {
    await setMetadata("alice", NOTES, [avu("topic", "milk")]);
    backendCalls();
    const callsOf = async (value: string) => {
      const searched = await send("bob", "POST", "/filesystem/metadata/search", { value: [value] });
      expect([searched.statusCode, searched.json()]).toEqual([200, { avus: [] }]);
      return backendCalls();
    };
    const onAlicesNotes = await callsOf("milk");
    expect(onAlicesNotes).toEqual(["metadata POST /avus/search", "file-info POST /path-info"]);
    expect(await callsOf("found-nowhere")).toEqual(onAlicesNotes);
  });

  it("looks at one page of files and folders at most: file-info is asked once, or the search is refused", async () => {
    for (let index = 0; index < 1000; index += 1) storeAvu(randomUUID(), "batch", "page");
    backendCalls();
    const page = await send("alice", "POST", "/secured/filesystem/metadata/search", { attribute: ["batch"] });
    expect([page.statusCode, page.json()]).toEqual([200, { avus: [] }]);
    expect(backendCalls()).toEqual(["metadata POST /avus/search", "file-info POST /path-info"]);

    storeAvu(randomUUID(), "batch", "page");
    const beyond = await send("alice", "POST", "/secured/filesystem/metadata/search", { attribute: ["batch"] });
    expect([beyond.statusCode, beyond.json()]).toEqual([
      400,
      {
        error_code: "ERR_BAD_REQUEST",
        reason:
          "the criteria match the metadata of more than 1000 files and folders: name them (target-id) or narrow the criteria",
        limit: 1000,
      },
    ]);
    expect(backendCalls()).toEqual(["metadata POST /avus/search"]);
  });
});

describe("adding metadata", () => {
  it("adds AVUs and keeps those there were, where setting replaces them", async () => {
    await setMetadata("alice", NOTES, [avu("topic", "milk")], [{ attr: "source", value: "kitchen", unit: "" }]);
    const added = await send("alice", "POST", `/secured/filesystem/${NOTES}/metadata/add`, {
      avus: [avu("topic", "eggs")],
      "irods-avus": [{ attr: "author", value: "alice", unit: "" }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const metadata = (await send("alice", "GET", `/secured/filesystem/${NOTES}/metadata`)).json();
    expect(metadata.avus.map((kept: { value: string }) => kept.value)).toEqual(["milk", "eggs"]);
    expect(metadata["irods-avus"].map((kept: { attr: string }) => kept.attr)).toEqual(["source", "author"]);
    const notBobs = await send("bob", "POST", `/secured/filesystem/${NOTES}/metadata/add`, { avus: [avu("x", "y")] });
    expect(notBobs.statusCode).toBe(403);
    expect((await send("alice", "POST", "/secured/filesystem/not-an-id/metadata/add", {})).statusCode).toBe(400);
  });
});

describe("a template's CSVs as a zip", () => {
  it("holds the blank CSV and the guide in a folder named after the template", async () => {
    const [template] = (await send("alice", "GET", "/secured/filesystem/metadata/templates")).json().metadata_templates;
    const zip = await send("alice", "GET", `/filesystem/metadata/template/${template.id}/zip-csv`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const folder = template.name.replace(/[^\w.-]/g, "_");
    expect(Object.keys(files).sort()).toEqual([`${folder}/blank.csv`, `${folder}/guide.csv`]);
    const blank = await send("alice", "GET", `/secured/filesystem/metadata/template/${template.id}/blank-csv`);
    expect(Buffer.from(files[`${folder}/blank.csv`] as Uint8Array).toString()).toBe(blank.body);
    const unknown = await send("alice", "GET", `/secured/filesystem/metadata/template/not-a-template/zip-csv`);
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
  });
});
