import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { InvalidRequest, notFound } from "../framework/problems.js";
import { OntologyDetails, OntologyDetailsList, OntologyHierarchy, OntologyHierarchyList } from "./answer-schemas.js";
import { isoSeconds } from "./clock.js";
import {
  hierarchyOf,
  type ParsedOntology,
  parseOntology,
  SEED_HIERARCHY_ROOTS,
  SEED_ONTOLOGY_IRI,
  SEED_ONTOLOGY_VERSION,
  SEED_ONTOLOGY_XML,
} from "./ontology.js";
import {
  deleteHierarchy,
  noSavedHierarchies,
  type SavedHierarchies,
  savedHierarchy,
  savedRoots,
  saveHierarchy,
} from "./saved-hierarchies.js";
import { emptyOk } from "./schemas.js";
import { metadataScope, userOf } from "./service.js";
import { uncheckedException } from "./unchecked.js";

/** A saved ontology document and the hierarchies saved from it. */
export interface StoredOntology {
  version: string;
  iri: string | null;
  created_by: string;
  created_on: number;
  deleted: boolean;
  xml: string;
  saved: SavedHierarchies;
}

export interface OntologiesState {
  ontologies: Map<string, StoredOntology>;
}

type VersionParams = { Params: { version: string } };
type RootParams = { Params: { version: string; rootIri: string } };

/** persistence/ontologies.clj get-ontology-details: the document's fields but its XML and deleted flag. */
const details = ({ version, iri, created_by, created_on }: StoredOntology) => ({
  version,
  iri,
  created_by,
  created_on: isoSeconds(created_on),
});

/** OWL API cannot read the document: nothing catches its exception. */
function parsedOrFailed(xml: string): ParsedOntology {
  const parsed = parseOntology(xml);
  if (!parsed) {
    throw uncheckedException(
      "org.semanticweb.owlapi.io.UnparsableOntologyException: Problem parsing ontology document",
    );
  }
  return parsed;
}

/** services/ontology.clj format-ontology-version: IRI, version and the upload time (Joda `yyyy/MM/dd/HH-mm-ss.S`). */
function versionOf({ iri, version }: ParsedOntology, at: Date): string {
  const stamp = at.toISOString().slice(0, 21).replace(/-/g, "/").replace("T", "/").replace(/:/g, "-");
  return [iri ?? "", version ?? "", stamp].join("/");
}

/**
 * The uploaded document: the `ontology-xml` part of a multipart form, the only way the backend takes it (ring's
 * multipart params). Without the part (a body of another kind, plain XML included), compojure-api refuses the form's
 * schema.
 */
function ontologyXml(body: unknown, contentType: string): string {
  const text = typeof body === "string" ? body : Buffer.isBuffer(body) ? body.toString("utf8") : "";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const part = !boundary
    ? undefined
    : text
        .split(`--${boundary}`)
        .find((candidate) => /content-disposition:[^\r\n]*\bname="ontology-xml"/i.test(candidate));
  if (!part) throw new InvalidRequest({ "ontology-xml": "missing-required-key" });
  return part
    .slice(part.search(/\r?\n\r?\n/))
    .replace(/^\r?\n\r?\n/, "")
    .replace(/\r?\n$/, "");
}

/** Every saved hierarchy of a version, none for an unknown one (services/ontology.clj list-hierarchies). */
const hierarchies = (ontology: StoredOntology | undefined) => {
  const saved = ontology?.saved ?? noSavedHierarchies();
  return { hierarchies: savedRoots(saved).flatMap((root) => savedHierarchy(saved, root) ?? []) };
};

function routes(scope: FastifyInstance, state: () => OntologiesState) {
  scope.addContentTypeParser(
    /^(multipart\/form-data|application\/xml|text\/xml)/,
    { parseAs: "string" },
    (_r, body, done) => done(null, body),
  );
  // Deleted versions are only left out of the listing: everything else still finds them.
  const find = (version: string) => state().ontologies.get(version);
  scope.get("/ontologies", answers({ 200: OntologyDetailsList }), async (request) => {
    userOf(request);
    return { ontologies: [...state().ontologies.values()].filter((ontology) => !ontology.deleted).map(details) };
  });
  scope.get<VersionParams>("/ontologies/:version", answers({ 200: OntologyHierarchyList }), async (request) => {
    userOf(request);
    return hierarchies(find(request.params.version));
  });
  scope.post("/admin/ontologies", answers({ 200: OntologyDetails }), async (request) => {
    const user = userOf(request);
    const xml = ontologyXml(request.body, String(request.headers["content-type"] ?? ""));
    const now = new Date();
    const parsed = parsedOrFailed(xml);
    const ontology = stored(versionOf(parsed, now), parsed.iri, xml, user, now.getTime());
    state().ontologies.set(ontology.version, ontology);
    return details(ontology);
  });
  scope.delete<VersionParams>("/admin/ontologies/:version", answers({ 200: NoBody }), async (request, reply) => {
    userOf(request);
    const { version } = request.params;
    const ontology = find(version);
    if (!ontology) throw notFound("An ontology with this version was not found.", { version });
    ontology.deleted = true;
    return emptyOk(reply);
  });
  // The document is read again from the saved XML; an unknown version has none, which fails (a 500).
  scope.put<RootParams>("/admin/ontologies/:version/:rootIri", answers({ 200: OntologyHierarchy }), async (request) => {
    userOf(request);
    const { version, rootIri } = request.params;
    const ontology = find(version);
    if (!ontology) throw uncheckedException("java.lang.NullPointerException");
    const { classes } = parsedOrFailed(ontology.xml);
    // OWL API answers a class the document does not declare as one without label or subclasses.
    saveHierarchy(ontology.saved, hierarchyOf(classes, rootIri) ?? { iri: rootIri, label: null });
    return { hierarchy: savedHierarchy(ontology.saved, rootIri) };
  });
  scope.delete<RootParams>(
    "/admin/ontologies/:version/:rootIri",
    answers({ 200: OntologyHierarchyList }),
    async (request) => {
      userOf(request);
      const ontology = find(request.params.version);
      if (ontology) deleteHierarchy(ontology.saved, request.params.rootIri);
      return hierarchies(ontology);
    },
  );
}

function stored(
  version: string,
  iri: string | null,
  xml: string,
  createdBy: string,
  createdOn: number,
): StoredOntology {
  return {
    version,
    iri,
    created_by: createdBy,
    created_on: createdOn,
    deleted: false,
    xml,
    saved: noSavedHierarchies(),
  };
}

/** The seed ontology, with its hierarchies saved as administrators save them. */
function seeded(): StoredOntology {
  const ontology = stored(SEED_ONTOLOGY_VERSION, SEED_ONTOLOGY_IRI, SEED_ONTOLOGY_XML, "carol", Date.UTC(2026, 0, 15));
  const { classes } = parsedOrFailed(SEED_ONTOLOGY_XML);
  for (const root of SEED_HIERARCHY_ROOTS)
    saveHierarchy(ontology.saved, hierarchyOf(classes, root) ?? { iri: root, label: null });
  return ontology;
}

/** Metadata backend: ontology documents, their versions and the class hierarchies saved from them. */
export const ontologies = defineModule<OntologiesState>({
  makeState: () => ({
    ontologies: new Map([[SEED_ONTOLOGY_VERSION, seeded()]]),
  }),
  routes: (app, state) => metadataScope(app, (scope) => routes(scope, state)),
});
