import { randomUUID } from "node:crypto";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { SEED_ATTRIBUTE_IDS, SEED_TEMPLATE_IDS } from "../src/metadata/template-seed.js";
import { as, expectSchemaRefusal, expectUnreadableBody, metadataSimulatorForTests } from "./metadata-http.js";

const simulator = metadataSimulatorForTests();
const alice = as(simulator, "alice");
const carol = as(simulator, "carol");

const ISO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const { sequencingRun, sampleCollection } = SEED_TEMPLATE_IDS;

const newTemplate = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `${name} template`,
  attributes: [
    { name: "title", description: "What it is", required: true, type: "String" },
    {
      name: "kind",
      description: "Which kind",
      type: "Enum",
      values: [{ value: "one", is_default: true }, { value: "two" }],
    },
  ],
  ...extra,
});

async function added(body: Record<string, unknown>) {
  const answer = await carol.post("/admin/templates", body);
  expect(answer.status).toBe(200);
  return answer.body;
}

const names = (listing: { metadata_templates: { name: string }[] }) =>
  listing.metadata_templates.map((template) => template.name);

describe("metadata templates for users", () => {
  it("lists the active templates by name without their attributes", async () => {
    const listing = await alice.get("/templates");
    expect(listing.status).toBe(200);
    expect(names(listing.body)).toEqual(["Sample Collection", "Sequencing Run"]);
    expect(listing.body.metadata_templates[1]).toEqual({
      id: sequencingRun,
      name: "Sequencing Run",
      description: expect.any(String),
      deleted: false,
      created_by: "carol",
      created_on: "2026-01-15T00:00:00Z",
      modified_by: "carol",
      modified_on: "2026-01-15T00:00:00Z",
    });
  });

  it("shows a template with typed attributes, required flags, enumeration values, settings and nesting", async () => {
    const answer = await alice.get(`/templates/${sequencingRun.toUpperCase()}`);
    expect(answer.status).toBe(200);
    const { attributes } = answer.body;
    expect(attributes.map((attribute: { name: string; type: string }) => [attribute.name, attribute.type])).toEqual([
      ["instrument", "String"],
      ["platform", "Enum"],
      ["read_length", "Integer"],
      ["run_date", "Timestamp"],
      ["contact", "Grouping"],
    ]);
    expect(attributes[0]).toEqual({
      id: SEED_ATTRIBUTE_IDS.instrument,
      name: "instrument",
      description: expect.any(String),
      required: true,
      type: "String",
      created_by: "carol",
      created_on: expect.stringMatching(ISO_SECONDS),
      modified_by: "carol",
      modified_on: expect.stringMatching(ISO_SECONDS),
      synonyms: [],
    });
    expect(attributes[1].values).toEqual([
      { id: expect.any(String), value: "Illumina", is_default: true },
      { id: expect.any(String), value: "PacBio", is_default: false },
      { id: expect.any(String), value: "Oxford Nanopore", is_default: false },
    ]);
    expect(attributes[2]).not.toHaveProperty("values");
    expect(attributes[4].attributes.map((attribute: { name: string }) => attribute.name)).toEqual(["name", "email"]);
    const sample = (await alice.get(`/templates/${sampleCollection}`)).body;
    expect(sample.attributes[0].settings).toEqual({ ontology: ["ncbitaxon"], type: "CLASS" });
  });

  it("shows one attribute, nested ones included", async () => {
    const nested = await alice.get(`/templates/attr/${SEED_ATTRIBUTE_IDS.contactEmail}`);
    expect(nested.status).toBe(200);
    expect(nested.body).toMatchObject({ id: SEED_ATTRIBUTE_IDS.contactEmail, name: "email", required: false });
    const grouping = await alice.get(`/templates/attr/${SEED_ATTRIBUTE_IDS.contact}`);
    expect(grouping.body.attributes).toHaveLength(2);
    const unknown = await alice.get(`/templates/attr/${randomUUID()}`);
    expect(unknown.status).toBe(500);
    expect(unknown.body).toMatchObject({ error_code: "ERR_NOT_FOUND" });
  });

  it("offers a blank CSV and a guide CSV as attachments unless told otherwise", async () => {
    const blank = await alice.get(`/templates/${sequencingRun}/blank-csv`);
    expect(blank.status).toBe(200);
    expect(blank.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(blank.headers.get("content-disposition")).toBe('attachment; filename="metadata.csv"');
    expect(blank.body).toBe("file name or path,instrument,platform,read_length,run_date,contact\n");

    const guide = await alice.get(`/templates/${sequencingRun}/guide-csv`, { attachment: "false" });
    expect(guide.headers.get("content-disposition")).toBe('filename="guide.csv"');
    const lines = guide.body.trimEnd().split("\n");
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      "attribute name,attribute description,\"required (If you cannot provide,  enter 'not collected', " +
        "'not applicable' or 'missing'.)\",value type definition,enum value options (you must enter one of these values)",
    );
    expect(lines[2]).toBe('platform,Sequencing technology,true,Enum,"Illumina, PacBio, Oxford Nanopore"');
    expect(lines[3]).toBe("read_length,Read length in bases,false,Integer,");
    const quoted = (await alice.get(`/templates/${sampleCollection}/guide-csv`)).body;
    expect(quoted).toContain('collection_site,"Place of collection, as ""site, country""",true,String,\n');

    expect((await alice.get(`/templates/${randomUUID()}/blank-csv`)).status).toBe(500);
    expect((await alice.get(`/templates/${sequencingRun}/guide-csv`, { attachment: "maybe" })).status).toBe(400);
  });

  it("offers both CSVs as a zip, in a folder named after the template", async () => {
    const zip = await fetch(`${simulator().url}/templates/${sampleCollection}/zip-csv?user=alice`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toBe('attachment; filename="template.zip"');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const { body: template } = await alice.get(`/templates/${sampleCollection}`);
    const folder = template.name.replace(/[^\w.-]/g, "_");
    expect(Object.keys(files).sort()).toEqual([`${folder}/blank.csv`, `${folder}/guide.csv`]);
    const text = (name: string) => Buffer.from(files[`${folder}/${name}`] as Uint8Array).toString();
    expect(text("blank.csv")).toBe((await alice.get(`/templates/${sampleCollection}/blank-csv`)).body);
    expect(text("guide.csv")).toBe((await alice.get(`/templates/${sampleCollection}/guide-csv`)).body);
    expect((await alice.get(`/templates/${randomUUID()}/zip-csv`)).status).toBe(500);
    expect((await as(simulator).get(`/templates/${sampleCollection}/zip-csv`)).status).toBe(400);
  });

  it("answers 500 ERR_NOT_FOUND for unknown templates, as assert-found is unchecked, and 400 for malformed ids or a missing user", async () => {
    const unknown = await alice.get(`/templates/${randomUUID()}`);
    expect(unknown.status).toBe(500);
    expect(unknown.body).toMatchObject({
      error_code: "ERR_NOT_FOUND",
      reason: expect.stringMatching(/^metadata template .* not found$/),
    });
    for (const answer of [
      await alice.get("/templates/not-a-uuid"),
      await alice.get("/templates/attr/not-a-uuid"),
      await as(simulator).get("/templates"),
    ]) {
      expectSchemaRefusal(answer);
    }
  });
});

describe("metadata template administration", () => {
  it("adds a template with defaults filled in and lists it", async () => {
    const template = await added(newTemplate("Assembly"));
    expect(template).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Assembly",
      description: "Assembly template",
      deleted: false,
      created_by: "carol",
      modified_by: "carol",
    });
    expect(template.created_on).toMatch(ISO_SECONDS);
    expect(template.attributes[1]).toMatchObject({
      name: "kind",
      required: false,
      values: [
        { id: expect.any(String), value: "one", is_default: true },
        { id: expect.any(String), value: "two", is_default: false },
      ],
    });
    expect((await alice.get(`/templates/${template.id}`)).body).toEqual(template);
    expect(names((await alice.get("/templates")).body)).toEqual(["Assembly", "Sample Collection", "Sequencing Run"]);
  });

  it("takes the ids it is given; an id in use breaks a primary key, a 500 that leaves nothing behind", async () => {
    const id = randomUUID();
    const attributeId = randomUUID();
    const template = await added({
      id,
      name: "Chosen ids",
      attributes: [{ id: attributeId, name: "a", description: "", type: "Boolean" }],
    });
    expect(template).toMatchObject({ id, attributes: [{ id: attributeId }] });
    expect(template).not.toHaveProperty("description");
    const twice = { id: randomUUID(), name: "t", description: "", type: "String" };
    for (const [body, constraint] of [
      [newTemplate("Again", { id }), "templates_pkey"],
      [{ name: "Reused", attributes: [{ ...twice, id: SEED_ATTRIBUTE_IDS.platform }] }, "attributes_pkey"],
      [{ name: "Twice", attributes: [twice, twice] }, "attributes_pkey"],
      [{ name: "Nested twice", attributes: [{ ...twice, type: "Grouping", attributes: [twice] }] }, "attributes_pkey"],
    ] as const) {
      const refused = await carol.post("/admin/templates", body);
      expect(refused.status).toBe(500);
      expect(refused.body).toEqual({
        error_code: "ERR_UNCHECKED_EXCEPTION",
        reason: expect.stringMatching(new RegExp(`^org.postgresql.util.PSQLException: .*"${constraint}"`)),
      });
    }
    expect(names((await carol.get("/admin/templates")).body)).toHaveLength(3);
    expect((await alice.get(`/templates/attr/${twice.id}`)).status).toBe(500);
  });

  it("replaces a template, updating the attributes it names and keeping those it leaves out", async () => {
    const before = (await alice.get(`/templates/${sequencingRun}`)).body;
    const updated = await carol.put(`/admin/templates/${sequencingRun}`, {
      name: "Sequencing Run v2",
      attributes: [
        {
          id: SEED_ATTRIBUTE_IDS.platform,
          name: "platform",
          description: "Technology",
          type: "Enum",
          values: [{ value: "Illumina" }],
        },
        { name: "flowcell", description: "Flow cell id", type: "String", required: true },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: sequencingRun,
      name: "Sequencing Run v2",
      description: before.description,
      created_on: before.created_on,
    });
    expect(updated.body.modified_on).not.toBe(before.modified_on);
    const [platform, flowcell] = updated.body.attributes;
    expect(platform).toMatchObject({
      id: SEED_ATTRIBUTE_IDS.platform,
      description: "Technology",
      required: true,
      created_on: before.attributes[1].created_on,
      values: [{ value: "Illumina", is_default: false }],
    });
    expect(flowcell).toMatchObject({ name: "flowcell", required: true });
    // delete-orphan-attributes builds a lazy sequence nobody reads: attributes left out stay, nested ones nested.
    expect((await alice.get(`/templates/attr/${SEED_ATTRIBUTE_IDS.instrument}`)).status).toBe(200);
    const contact = await alice.get(`/templates/attr/${SEED_ATTRIBUTE_IDS.contact}`);
    expect(contact.body.attributes.map((nested: { id: string }) => nested.id)).toContain(
      SEED_ATTRIBUTE_IDS.contactEmail,
    );
  });

  it("nests an attribute in one attribute only, even one no template uses: a 500 that changes nothing", async () => {
    const withoutContact = { name: "Sequencing Run", attributes: [] };
    expect((await carol.put(`/admin/templates/${sequencingRun}`, withoutContact)).status).toBe(200);
    const email = { id: SEED_ATTRIBUTE_IDS.contactEmail, name: "email", description: "", type: "String" };
    const regrouped = await carol.put(`/admin/templates/${sequencingRun}`, {
      name: "Regrouped",
      attributes: [{ name: "people", description: "", type: "Grouping", attributes: [email] }],
    });
    expect(regrouped.status).toBe(500);
    expect(regrouped.body.reason).toContain('"attr_attrs_child_id"');
    expect((await alice.get(`/templates/${sequencingRun}`)).body).toMatchObject({
      name: "Sequencing Run",
      attributes: [],
    });
    const inItself = await carol.put(`/admin/templates/${sequencingRun}`, {
      name: "Loop",
      attributes: [{ ...email, type: "Grouping", attributes: [email] }],
    });
    expect(inItself.status).toBe(500);
    expect(inItself.body.reason).toContain('"attr_attrs_check"');
  });

  it("lists an attribute named twice at the top of an update twice, as the last naming has it", async () => {
    const title = { id: randomUUID(), name: "title", description: "first", type: "String" };
    const updated = await carol.put(`/admin/templates/${sampleCollection}`, {
      name: "Sample Collection",
      attributes: [title, { ...title, description: "second" }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.attributes).toEqual([
      expect.objectContaining({ id: title.id, description: "second" }),
      expect.objectContaining({ id: title.id, description: "second" }),
    ]);
  });

  it("refuses updates of unknown templates and malformed templates", async () => {
    expect((await carol.put(`/admin/templates/${randomUUID()}`, newTemplate("x"))).status).toBe(500);
    const malformed = [
      { attributes: [] },
      { name: "No attributes" },
      { name: "Bad type", attributes: [{ name: "a", description: "", type: "Colour" }] },
      { name: "No description", attributes: [{ name: "a", type: "String" }] },
      {
        name: "Bad nesting",
        attributes: [{ name: "a", description: "", type: "Grouping", attributes: [{ name: 1 }] }],
      },
      { name: "Bad value", attributes: [{ name: "a", description: "", type: "Enum", values: [{ is_default: true }] }] },
    ];
    for (const body of [...malformed, "{"]) {
      for (const answer of [
        await carol.post("/admin/templates", body),
        await carol.put(`/admin/templates/${sequencingRun}`, body),
      ]) {
        if (typeof body === "string") expectUnreadableBody(answer);
        else expectSchemaRefusal(answer);
      }
    }
    expect(names((await carol.get("/admin/templates")).body)).toEqual(["Sample Collection", "Sequencing Run"]);
  });

  it("marks templates deleted, keeping them readable by id and in the administrative listing", async () => {
    const deleted = await carol.delete(`/admin/templates/${sampleCollection}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe("");
    expect(names((await alice.get("/templates")).body)).toEqual(["Sequencing Run"]);
    const all = (await carol.get("/admin/templates")).body.metadata_templates;
    expect(all).toEqual([
      expect.objectContaining({ name: "Sample Collection", deleted: true }),
      expect.objectContaining({ name: "Sequencing Run", deleted: false }),
    ]);
    expect((await alice.get(`/templates/${sampleCollection}`)).body).toMatchObject({ deleted: true });

    const restored = await carol.put(
      `/admin/templates/${sampleCollection}`,
      newTemplate("Sample Collection", { deleted: false }),
    );
    expect(restored.body.deleted).toBe(false);
  });

  it("removes templates permanently when asked, keeping their attributes", async () => {
    expect((await carol.delete(`/admin/templates/${sampleCollection}`, { permanent: "true" })).status).toBe(200);
    expect((await alice.get(`/templates/${sampleCollection}`)).status).toBe(500);
    expect((await alice.get(`/templates/attr/${SEED_ATTRIBUTE_IDS.organism}`)).status).toBe(200);
    expect(names((await carol.get("/admin/templates")).body)).toEqual(["Sequencing Run"]);
    expect((await carol.delete(`/admin/templates/${sampleCollection}`)).status).toBe(500);
    expect((await carol.delete(`/admin/templates/${sequencingRun}`, { permanent: "yes" })).status).toBe(400);
  });
});
