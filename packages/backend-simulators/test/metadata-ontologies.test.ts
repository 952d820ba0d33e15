import { describe, expect, it } from "vitest";
import { SEED_HIERARCHY_ROOTS, SEED_ONTOLOGY_VERSION } from "../src/metadata/ontology.js";
import { as, metadataSimulatorForTests } from "./metadata-http.js";

const simulator = metadataSimulatorForTests();
const carol = as(simulator, "carol");
const enc = encodeURIComponent;

const ONTO = "http://example.org/onto";
const owlClass = (name: string, parent?: string) =>
  `<owl:Class rdf:about="${ONTO}/${name}"><rdfs:label>${name}</rdfs:label>` +
  `<rdfs:comment>about ${name}</rdfs:comment><oboInOwl:hasDefinition>${name} defined</oboInOwl:hasDefinition>` +
  (parent ? `<rdfs:subClassOf rdf:resource="${ONTO}/${parent}"/>` : "") +
  "</owl:Class>";
const document = (header: string) => `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#"
         xmlns:owl="http://www.w3.org/2002/07/owl#" xmlns:doap="http://usefulinc.com/ns/doap#"
         xmlns:oboInOwl="http://www.geneontology.org/formats/oboInOwl#">
  <owl:Ontology rdf:about="${ONTO}">${header}</owl:Ontology>
  ${owlClass("root")}${owlClass("mid", "root")}${owlClass("leaf", "mid")}${owlClass("lone")}
</rdf:RDF>`;

async function upload(xml: string, part = "ontology-xml") {
  const form = new FormData();
  form.append(part, new Blob([xml], { type: "application/rdf+xml" }), "onto.owl");
  const response = await fetch(`${simulator().url}/admin/ontologies?user=carol`, { method: "POST", body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function uploaded(header = "<doap:Version>3</doap:Version>") {
  const answer = await upload(document(header));
  expect(answer.status).toBe(200);
  return answer.body.version as string;
}

const STAMP = String.raw`\d{4}/\d{2}/\d{2}/\d{2}-\d{2}-\d{2}\.\d`;
const roots = async (version: string) =>
  (await carol.get(`/ontologies/${enc(version)}`)).body.hierarchies.map((node: { iri: string }) => node.iri);

describe("ontology versions", () => {
  it("names a version after the document's IRI, its version IRI or doap:Version, and the upload time", async () => {
    expect(await uploaded()).toMatch(new RegExp(`^${ONTO}/3/${STAMP}$`));
    const versionIri = `${ONTO}/releases/4`;
    const byIri = await upload(document(`<owl:versionIRI rdf:resource="${versionIri}"/>`));
    expect(byIri.body).toEqual({
      version: expect.stringMatching(new RegExp(`^${versionIri}/${versionIri}/${STAMP}$`)),
      iri: versionIri,
      created_by: "carol",
      created_on: expect.any(String),
    });
    expect(await uploaded("")).toMatch(new RegExp(`^${ONTO}//${STAMP}$`));
    const listed = (await carol.get("/ontologies")).body.ontologies;
    expect(listed).toHaveLength(4);
    for (const details of listed)
      expect(Object.keys(details).sort()).toEqual(["created_by", "created_on", "iri", "version"]);
  });

  it("answers an unknown version's hierarchies as none, and still finds a deleted version's", async () => {
    expect(await carol.get(`/ontologies/${enc(`${ONTO}/none`)}`)).toMatchObject({
      status: 200,
      body: { hierarchies: [] },
    });
    const seed = `/admin/ontologies/${enc(SEED_ONTOLOGY_VERSION)}`;
    expect((await carol.delete(seed)).status).toBe(200);
    expect((await carol.get("/ontologies")).body).toEqual({ ontologies: [] });
    expect(await roots(SEED_ONTOLOGY_VERSION)).toEqual(SEED_HIERARCHY_ROOTS);
    expect((await carol.delete(seed)).status).toBe(200);
    const unknown = await carol.delete(`/admin/ontologies/${enc(`${ONTO}/none`)}`);
    expect(unknown).toMatchObject({
      status: 404,
      body: {
        error_code: "ERR_NOT_FOUND",
        reason: "An ontology with this version was not found.",
        version: `${ONTO}/none`,
      },
    });
  });
});

describe("saved hierarchies", () => {
  it("lists as roots the saved classes with subclasses that are no saved class's subclass, without descriptions", async () => {
    const version = await uploaded();
    const save = (name: string) => carol.put(`/admin/ontologies/${enc(version)}/${enc(`${ONTO}/${name}`)}`);
    expect((await save("mid")).body).toEqual({
      hierarchy: { iri: `${ONTO}/mid`, label: "mid", subclasses: [{ iri: `${ONTO}/leaf`, label: "leaf" }] },
    });
    expect(await roots(version)).toEqual([`${ONTO}/mid`]);
    expect((await save("root")).status).toBe(200);
    expect(await roots(version)).toEqual([`${ONTO}/root`]);
    expect((await save("lone")).body).toEqual({ hierarchy: { iri: `${ONTO}/lone`, label: "lone" } });
    expect(await roots(version)).toEqual([`${ONTO}/root`]);
    expect((await save("undeclared")).body).toEqual({ hierarchy: { iri: `${ONTO}/undeclared`, label: null } });
  });

  it("deletes the hierarchy saved under any class, and nothing for a class or version it does not know", async () => {
    const version = await uploaded();
    const path = (name: string) => `/admin/ontologies/${enc(version)}/${enc(`${ONTO}/${name}`)}`;
    await carol.put(path("root"));
    expect((await carol.delete(path("nothing"))).body.hierarchies).toHaveLength(1);
    expect(await carol.delete(`/admin/ontologies/${enc(`${ONTO}/none`)}/${enc(`${ONTO}/root`)}`)).toMatchObject({
      status: 200,
      body: { hierarchies: [] },
    });
    // With mid and leaf gone, root keeps no subclass and is no root any more.
    expect(await carol.delete(path("mid"))).toMatchObject({ status: 200, body: { hierarchies: [] } });
    expect((await carol.put(path("root"))).body.hierarchy.subclasses).toHaveLength(1);
  });

  it("fails on an unknown version or a document OWL API cannot read, and refuses a request without the form's document", async () => {
    const unknown = await carol.put(`/admin/ontologies/${enc(`${ONTO}/none`)}/${enc(`${ONTO}/root`)}`);
    expect(unknown).toMatchObject({ status: 500, body: { error_code: "ERR_UNCHECKED_EXCEPTION" } });
    expect(await upload("<html/>")).toMatchObject({ status: 500, body: { error_code: "ERR_UNCHECKED_EXCEPTION" } });
    const noDocument = {
      status: 400,
      body: { error_code: "ERR_ILLEGAL_ARGUMENT", reason: { "ontology-xml": "missing-required-key" } },
    };
    expect(await upload(document(""), "document")).toEqual(noDocument);
    // Only a multipart form's part is read: the document sent as the body, or JSON, has no such part.
    for (const [type, body] of [
      ["application/xml", document("")],
      ["application/json", "{}"],
    ]) {
      const response = await fetch(`${simulator().url}/admin/ontologies?user=carol`, {
        method: "POST",
        headers: { "content-type": type as string },
        body,
      });
      expect({ status: response.status, body: await response.json() }, type).toEqual(noDocument);
    }
  });
});
