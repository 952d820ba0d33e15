import type { PathParameters } from "@de-gateway/backend-clients";
import { Type } from "typebox";

const text = (description: string) => Type.String({ minLength: 1, description });
/** The analyses service keys quick launches and their marks by UUID; the reference refuses anything else with 400. */
const uuid = (description: string) => Type.String({ format: "uuid", description });

/**
 * Every path parameter a passthrough may have: its catalogue name, the name Fastify routes it by
 * (camelCase: a `-` would split the parameter), and its schema.
 */
export const PATH_PARAMETERS: PathParameters = {
  "app-id": { name: "appId", schema: text("the app's identifier") },
  "element-type": { name: "elementType", schema: text("the kind of app element, e.g. parameter-types") },
  "group-id": { name: "groupId", schema: text("the app category's identifier") },
  "category-id": { name: "categoryId", schema: text("the app category's identifier") },
  "system-id": { name: "systemId", schema: text("the apps system: de or tapis") },
  "version-id": { name: "versionId", schema: text("the app version's identifier") },
  "community-id": { name: "communityId", schema: text("the community's full group name (URL-encoded)") },
  "integration-data-id": { name: "integrationDataId", schema: text("the integration data record's identifier") },
  "status-code-id": { name: "statusCodeId", schema: text("the tool request status code's identifier") },
  "analysis-id": { name: "analysisId", schema: text("the analysis's identifier") },
  "tool-id": { name: "toolId", schema: text("the tool's identifier") },
  "tool-request-id": { name: "toolRequestId", schema: text("the tool request's identifier") },
  "ql-id": { name: "quickLaunchId", schema: uuid("the quick launch's identifier") },
  "fave-id": { name: "faveId", schema: uuid("the favorite mark's identifier") },
  "user-default-id": { name: "userDefaultId", schema: uuid("the user default's identifier") },
  "global-default-id": { name: "globalDefaultId", schema: uuid("the global default's identifier") },
  "reference-genome-id": { name: "referenceGenomeId", schema: text("the reference genome's identifier") },
  "ontology-version": { name: "ontologyVersion", schema: text("the ontology version (URL-encoded)") },
  "root-iri": { name: "rootIri", schema: text("the IRI of the hierarchy's root class (URL-encoded)") },
};
