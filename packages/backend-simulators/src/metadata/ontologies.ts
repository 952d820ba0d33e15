import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, notFound } from "../framework/problems.js";
import { OntologyDetails, OntologyDetailsList, OntologyHierarchy, OntologyHierarchyList } from "./answer-schemas.js";
import { isoSeconds } from "./clock.js";
import {
  hierarchyOf,
  type OntologyClass,
  type ParsedOntology,
  parseOntology,
  SEED_HIERARCHY_ROOTS,
  SEED_ONTOLOGY_VERSION,
  SEED_ONTOLOGY_XML,
} from "./ontology.js";
import { emptyOk } from "./schemas.js";

/** A saved ontology document and the hierarchy roots saved from it. */
export interface StoredOntology {
  version: string;
  iri: string;
  created_by: string;
  created_on: number;
  deleted: boolean;
  xml: string;
  classes: Map<string, OntologyClass>;
  roots: string[];
}

export interface OntologiesState {
  ontologies: Map<string, StoredOntology>;
}

type VersionParams = { Params: { version: string } };
type RootParams = { Params: { version: string; rootIri: string } };

const details = ({ version, iri, created_by, created_on, deleted }: StoredOntology) => ({
  version,
  iri,
  created_by,
  created_on: isoSeconds(created_on),
  deleted,
});

function parsedOrRefused(xml: string): ParsedOntology {
  const parsed = parseOntology(xml);
  if (!parsed) throw badRequest("the document is not an OWL ontology (no owl:Ontology element)");
  return parsed;
}

function stored(version: string, xml: string, createdBy: string, createdOn: number, roots: string[]): StoredOntology {
  const { iri, classes } = parsedOrRefused(xml);
  return { version, iri, created_by: createdBy, created_on: createdOn, deleted: false, xml, classes, roots };
}

/**
 * The uploaded document: the `ontology-xml` part of a multipart form (as the real backend takes it),
 * or a plain XML body.
 */
function ontologyXml(body: unknown, contentType: string): string {
  const text = typeof body === "string" ? body : Buffer.isBuffer(body) ? body.toString("utf8") : "";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return text;
  const part = text
    .split(`--${boundary}`)
    .find((candidate) => /content-disposition:[^\r\n]*\bname="ontology-xml"/i.test(candidate));
  if (!part) throw badRequest("the form has no ontology-xml part", "ERR_BAD_OR_MISSING_FIELD");
  return part
    .slice(part.search(/\r?\n\r?\n/))
    .replace(/^\r?\n\r?\n/, "")
    .replace(/\r?\n$/, "");
}

function routes(scope: FastifyInstance, state: () => OntologiesState) {
  scope.addContentTypeParser(
    /^(multipart\/form-data|application\/xml|text\/xml)/,
    { parseAs: "string" },
    (_r, body, done) => done(null, body),
  );
  const existing = (version: string) => {
    const ontology = state().ontologies.get(version);
    if (!ontology || ontology.deleted) throw notFound(`ontology version ${version} not found`);
    return ontology;
  };
  const hierarchy = (ontology: StoredOntology, root: string) => {
    const node = hierarchyOf(ontology.classes, root);
    if (!node) throw notFound(`class ${root} not found in ontology version ${ontology.version}`);
    return node;
  };
  const hierarchies = (ontology: StoredOntology) => ({
    hierarchies: ontology.roots.map((root) => hierarchy(ontology, root)),
  });
  scope.get("/ontologies", answers({ 200: OntologyDetailsList }), async () => ({
    ontologies: [...state().ontologies.values()].filter((ontology) => !ontology.deleted).map(details),
  }));
  scope.get<VersionParams>("/ontologies/:version", answers({ 200: OntologyHierarchyList }), async (request) =>
    hierarchies(existing(request.params.version)),
  );
  // Versions are the ontology IRI, its version info and the upload time, as in the real backend.
  scope.post("/admin/ontologies", answers({ 200: OntologyDetails }), async (request) => {
    const caller = callerOf(request);
    const xml = ontologyXml(request.body, String(request.headers["content-type"] ?? ""));
    const parsed = parsedOrRefused(xml);
    const now = new Date();
    const stamp = now.toISOString().replace(/-/g, "/").replace("T", "/").replace(/:/g, "-").replace("Z", "");
    const version = `${parsed.iri}/${parsed.versionInfo || "unversioned"}/${stamp}`;
    const ontology = stored(version, xml, caller.username, now.getTime(), []);
    state().ontologies.set(version, ontology);
    return details(ontology);
  });
  scope.delete<VersionParams>("/admin/ontologies/:version", answers({ 200: NoBody }), async (request, reply) => {
    callerOf(request);
    existing(request.params.version).deleted = true;
    return emptyOk(reply);
  });
  scope.put<RootParams>("/admin/ontologies/:version/:rootIri", answers({ 200: OntologyHierarchy }), async (request) => {
    callerOf(request);
    const ontology = existing(request.params.version);
    const node = hierarchy(ontology, request.params.rootIri);
    if (!ontology.roots.includes(node.iri)) ontology.roots.push(node.iri);
    return { hierarchy: node };
  });
  scope.delete<RootParams>(
    "/admin/ontologies/:version/:rootIri",
    answers({ 200: OntologyHierarchyList }),
    async (request) => {
      callerOf(request);
      const ontology = existing(request.params.version);
      if (!ontology.roots.includes(request.params.rootIri)) {
        throw notFound(`no hierarchy rooted at ${request.params.rootIri} in ontology version ${ontology.version}`);
      }
      ontology.roots = ontology.roots.filter((root) => root !== request.params.rootIri);
      return hierarchies(ontology);
    },
  );
}

/** Metadata backend: ontology documents, their versions and the class hierarchies saved from them. */
export const ontologies = defineModule<OntologiesState>({
  makeState: () => ({
    ontologies: new Map([
      [
        SEED_ONTOLOGY_VERSION,
        stored(SEED_ONTOLOGY_VERSION, SEED_ONTOLOGY_XML, "carol", Date.UTC(2026, 0, 15), [...SEED_HIERARCHY_ROOTS]),
      ],
    ]),
  }),
  routes: (app, state) => backendScope(app, (scope) => routes(scope, state)),
});
