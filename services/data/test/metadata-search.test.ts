import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { avu, seeded, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;

const RUN = seeded("alice", "analyses/run-1");
const OUTPUT = seeded("alice", "analyses/run-1/output.tsv");
const NOTES = seeded("alice", "notes.txt");

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
    const visitors = await send(undefined, "POST", "/filesystem/metadata/search", { attribute: ["topic"] });
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
