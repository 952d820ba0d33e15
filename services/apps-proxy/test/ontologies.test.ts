import type { RecordedRequest, ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ALICES_ALIGNER,
  FASTQC,
  JUPYTER_LAB,
  ONTOLOGY_VERSION,
  OPERATION_ROOT,
  TOPIC_ROOT,
  WORD_COUNT,
} from "./seed.js";
import { enc, sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);
const VERSION = `/admin/ontologies/${enc(ONTOLOGY_VERSION)}`;
const ids = (body: { apps: Array<{ id: string }> }) => body.apps.map((app) => app.id).sort();

const OWL = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#"
         xmlns:owl="http://www.w3.org/2002/07/owl#">
  <owl:Ontology rdf:about="http://example.org/onto"><owl:versionIRI rdf:resource="http://example.org/onto/2.0"/></owl:Ontology>
  <owl:Class rdf:about="http://example.org/onto/root"><rdfs:label>Root</rdfs:label></owl:Class>
  <owl:Class rdf:about="http://example.org/onto/leaf">
    <rdfs:label>Leaf</rdfs:label><rdfs:subClassOf rdf:resource="http://example.org/onto/root"/>
  </owl:Class>
</rdf:RDF>`;

function multipart(xml: string) {
  const boundary = "ontology-boundary";
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="ontology-xml"; filename="onto.owl"\r\n` +
    `Content-Type: application/rdf+xml\r\n\r\n${xml}\r\n--${boundary}--\r\n`;
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe("the ontology split between the metadata and apps backends", () => {
  const besidesWorkspace = (requests: RecordedRequest[]) => requests.filter(({ path }) => path !== "/workspaces");
  it("sends each ontology method to the backend the interface names, at the path it names", async () => {
    const root = enc(OPERATION_ROOT);
    const upload = multipart(OWL);
    const calls: Array<[string, string, "apps" | "metadata", string]> = [
      ["POST", "/admin/ontologies", "metadata", "/admin/ontologies"],
      ["GET", "/admin/ontologies", "apps", "/admin/ontologies"],
      ["GET", VERSION, "metadata", `/ontologies/${ONTOLOGY_VERSION}`],
      ["PUT", `${VERSION}/${root}`, "metadata", `/admin/ontologies/${ONTOLOGY_VERSION}/${OPERATION_ROOT}`],
      ["GET", `${VERSION}/${root}`, "apps", `/admin/ontologies/${ONTOLOGY_VERSION}/${OPERATION_ROOT}`],
      ["GET", `${VERSION}/${root}/apps`, "apps", `/admin/ontologies/${ONTOLOGY_VERSION}/${OPERATION_ROOT}/apps`],
      [
        "GET",
        `${VERSION}/${root}/unclassified`,
        "apps",
        `/admin/ontologies/${ONTOLOGY_VERSION}/${OPERATION_ROOT}/unclassified`,
      ],
      ["DELETE", `${VERSION}/${root}`, "metadata", `/admin/ontologies/${ONTOLOGY_VERSION}/${OPERATION_ROOT}`],
      ["POST", VERSION, "apps", `/admin/ontologies/${ONTOLOGY_VERSION}`],
      ["DELETE", VERSION, "apps", `/admin/ontologies/${ONTOLOGY_VERSION}`],
      ["GET", "/apps/hierarchies", "apps", "/apps/hierarchies"],
      ["GET", `/apps/hierarchies/${root}`, "apps", `/apps/hierarchies/${OPERATION_ROOT}`],
      ["GET", `/apps/hierarchies/${root}/apps`, "apps", `/apps/hierarchies/${OPERATION_ROOT}/apps`],
      ["GET", `/apps/hierarchies/${root}/unclassified`, "apps", `/apps/hierarchies/${OPERATION_ROOT}/unclassified`],
    ];
    for (const [method, url, backend, backendPath] of calls) {
      service.platform.apps.recorder.clear();
      service.platform.metadata.recorder.clear();
      const isUpload = method === "POST" && url === "/admin/ontologies";
      await send("carol", method as "GET", url, isUpload ? upload.body : undefined, isUpload ? upload.headers : {});
      const other = backend === "apps" ? service.platform.metadata : service.platform.apps;
      // The apps backend is also asked for the caller's workspace (caller-workspace.test.ts): that call aside.
      const reached = besidesWorkspace(service.platform[backend].recorder.requests).map((request) => ({
        method: request.method,
        path: decodeURIComponent(request.path),
        user: request.query.user,
      }));
      // Saving a hierarchy looks the version up first (ontology-hierarchy-save.ts).
      const lookup = method === "PUT" ? [{ method: "GET", path: "/ontologies", user: "carol" }] : [];
      expect(reached, `${method} ${url}`).toEqual([...lookup, { method, path: backendPath, user: "carol" }]);
      expect(besidesWorkspace(other.recorder.requests), `${method} ${url}`).toEqual([]);
    }
  });

  it("uploads an OWL document to the metadata backend and saves a hierarchy from it", async () => {
    const upload = multipart(OWL);
    const saved = await send("carol", "POST", "/admin/ontologies", upload.body, upload.headers);
    expect(saved.statusCode).toBe(200);
    const { version } = saved.json();
    expect(version).toMatch(/^http:\/\/example\.org\/onto\/2\.0\/http:\/\/example\.org\/onto\/2\.0\//);
    const hierarchy = await send(
      "carol",
      "PUT",
      `/admin/ontologies/${enc(version)}/${enc("http://example.org/onto/root")}`,
    );
    expect(hierarchy.json()).toEqual({
      hierarchy: {
        iri: "http://example.org/onto/root",
        label: "Root",
        subclasses: [{ iri: "http://example.org/onto/leaf", label: "Leaf" }],
      },
    });
    expect((await send("carol", "GET", `/admin/ontologies/${enc(version)}`)).json().hierarchies).toHaveLength(1);
  });

  it("answers 400 for a document OWL API cannot read, which the metadata backend fails on, and 502 for its failures", async () => {
    const notOwl = multipart("<html/>");
    const refused = await send("carol", "POST", "/admin/ontologies", notOwl.body, notOwl.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: "the document is no ontology OWL API can read",
      field: "ontology-xml",
    });
    // Without the form's part, the backend's own refusal, in the error model.
    const noPart = await send("carol", "POST", "/admin/ontologies", "{}", { "content-type": "application/json" });
    expect(noPart.statusCode).toBe(400);
    expect(noPart.json()).toMatchObject({
      error_code: "ERR_ILLEGAL_ARGUMENT",
      reason: "ontology-xml: missing-required-key",
    });
    service.platform.metadata.faults.set({ mode: "json-500" });
    const upload = multipart(OWL);
    const failed = await send("carol", "POST", "/admin/ontologies", upload.body, upload.headers);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", backend_status: 500 });
  });

  it("keeps the active version from being deleted and lets administrators switch it", async () => {
    const listed = (await send("carol", "GET", "/admin/ontologies")).json();
    expect(listed).toMatchObject({ ontologies: [{ version: ONTOLOGY_VERSION, active: true }] });
    const refused = await send("carol", "DELETE", VERSION);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_code: "ERR_ILLEGAL_ARGUMENT" });
    expect((await send("carol", "POST", `/admin/ontologies/${enc("http://example.org/onto/2.0/x")}`)).statusCode).toBe(
      200,
    );
    expect((await send("carol", "DELETE", VERSION)).statusCode).toBe(200);
  });

  it("answers an unknown version's hierarchies as none, as the metadata backend does, its failures as the gateway's 502", async () => {
    const unknown = await send("carol", "GET", `/admin/ontologies/${enc("http://example.org/none")}`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ hierarchies: [] });
    service.platform.metadata.faults.set({ mode: "json-500" });
    const failed = await send("carol", "GET", VERSION);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", backend_status: 500 });
  });

  it("answers 404 for saving a hierarchy of an unknown version, which the metadata backend fails on", async () => {
    const version = "http://example.org/none";
    const refused = await send("carol", "PUT", `/admin/ontologies/${enc(version)}/${enc(OPERATION_ROOT)}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error_code: "ERR_NOT_FOUND", reason: `ontology version ${version} not found` });
    expect(service.platform.metadata.recorder.to("PUT", /^\/admin\/ontologies\//)).toEqual([]);
  });
});

describe("app hierarchies", () => {
  it("shows users the hierarchies of the active version with the apps they can see", async () => {
    const { hierarchies } = (await send("bob", "GET", "/apps/hierarchies")).json();
    expect(hierarchies.map((node: { iri: string }) => node.iri)).toEqual([TOPIC_ROOT, OPERATION_ROOT]);
    const root = enc(OPERATION_ROOT);
    expect(ids((await send("bob", "GET", `/apps/hierarchies/${root}/apps`)).json())).toEqual(
      [FASTQC, WORD_COUNT].sort(),
    );
    expect(ids((await send("alice", "GET", `/apps/hierarchies/${root}/unclassified`)).json())).toEqual(
      [ALICES_ALIGNER, JUPYTER_LAB].sort(),
    );
    expect(ids((await send("bob", "GET", `/apps/hierarchies/${root}/unclassified`)).json())).toEqual(
      [JUPYTER_LAB].sort(),
    );
    expect((await send("bob", "GET", `/apps/hierarchies/${enc("http://example.org/nothing")}`)).statusCode).toBe(404);
  });

  it("classifies an app through its metadata, after which it shows under the hierarchy", async () => {
    await send("alice", "POST", `/apps/${ALICES_ALIGNER}/metadata`, {
      avus: [{ attr: "rdf:type", value: "http://edamontology.org/operation_0292", unit: "" }],
    });
    const root = enc(OPERATION_ROOT);
    expect(ids((await send("alice", "GET", `/apps/hierarchies/${root}/apps`)).json())).toContain(ALICES_ALIGNER);
    const { hierarchy } = (await send("carol", "GET", `${VERSION}/${root}`)).json();
    expect(hierarchy.subclasses.map((node: { label: string }) => node.label).sort()).toEqual([
      "Data handling",
      "Sequence alignment",
      "Sequencing quality control",
    ]);
  });
});
