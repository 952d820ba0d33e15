import type { PassthroughFamily } from "@de-gateway/backend-clients";

const VERSION = "/admin/ontologies/{ontology-version}";
const HIERARCHY = `${VERSION}/{root-iri}`;

/**
 * Ontologies and the app hierarchies built on them. Documents and saved hierarchies belong to the
 * metadata backend; the active version and everything about apps to the apps backend. Uploading a document and saving
 * a hierarchy have routes of their own (ontology-upload.ts, ontology-hierarchy-save.ts).
 */
export const ontologies: PassthroughFamily = {
  tag: "ontologies",
  rows: [
    { method: "GET", path: "/admin/ontologies", summary: "The ontology versions, with the active one" },
    {
      method: "GET",
      path: VERSION,
      backend: "metadata",
      backendPath: "/ontologies/{ontology-version}",
      summary: "The hierarchies saved for an ontology version",
    },
    { method: "DELETE", path: VERSION, summary: "Delete an ontology version" },
    { method: "POST", path: VERSION, summary: "Make an ontology version the active one" },
    { method: "DELETE", path: HIERARCHY, backend: "metadata", summary: "Delete a saved hierarchy" },
    { method: "GET", path: HIERARCHY, summary: "An app hierarchy of an ontology version" },
    { method: "GET", path: `${HIERARCHY}/apps`, summary: "The apps under a hierarchy" },
    { method: "GET", path: `${HIERARCHY}/unclassified`, summary: "The apps outside a hierarchy" },
    { method: "GET", path: "/apps/hierarchies", summary: "The app hierarchies of the active ontology version" },
    { method: "GET", path: "/apps/hierarchies/{root-iri}", summary: "An app hierarchy" },
    { method: "GET", path: "/apps/hierarchies/{root-iri}/apps", summary: "The apps under a hierarchy" },
    { method: "GET", path: "/apps/hierarchies/{root-iri}/unclassified", summary: "The apps outside a hierarchy" },
  ],
};
