import { registerPassthroughs, streamRequestBodies } from "@de-gateway/backend-clients";
import type { FastifyPluginAsync } from "fastify";
import { adminApps } from "./admin-apps.js";
import { analyses } from "./analyses.js";
import { appAnnotations } from "./app-annotations.js";
import { appCategories } from "./app-categories.js";
import { appCommunities } from "./app-communities.js";
import { appElements } from "./app-elements.js";
import { appVersions } from "./app-versions.js";
import { apps } from "./apps.js";
import { appsBySystem } from "./apps-by-system.js";
import { integrationData } from "./integration-data.js";
import { ontologies } from "./ontologies.js";
import { PATH_PARAMETERS } from "./path-parameters.js";
import { pipelines } from "./pipelines.js";
import { referenceGenomes } from "./reference-genomes.js";
import { toolRequestDeletion, toolRequestReading } from "./tool-requests.js";
import { tools } from "./tools.js";
import { workspaces } from "./workspaces.js";

export const PASSTHROUGH_FAMILIES = [
  apps,
  appsBySystem,
  appVersions,
  adminApps,
  appElements,
  appCommunities,
  integrationData,
  appAnnotations,
  appCategories,
  pipelines,
  tools,
  analyses,
  referenceGenomes,
  ontologies,
  toolRequestReading,
  toolRequestDeletion,
  workspaces,
];

/** Every passthrough row, in a context where request bodies stream to the backend unparsed. */
export const passthroughRoutes: FastifyPluginAsync = async (app) => {
  streamRequestBodies(app);
  registerPassthroughs(app, PASSTHROUGH_FAMILIES, { parameters: PATH_PARAMETERS, defaultBackend: "apps" });
};
