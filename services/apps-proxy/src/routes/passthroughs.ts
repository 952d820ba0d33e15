import { registerPassthroughs, streamRequestBodies } from "@de-gateway/backend-clients";
import type { FastifyPluginAsync } from "fastify";
import { analyses } from "./analyses.js";
import { appAnnotations } from "./app-annotations.js";
import { appCategories } from "./app-categories.js";
import { apps } from "./apps.js";
import { ontologies } from "./ontologies.js";
import { PATH_PARAMETERS } from "./path-parameters.js";
import { pipelines } from "./pipelines.js";
import { quickLaunches } from "./quick-launches.js";
import { referenceGenomes } from "./reference-genomes.js";
import { toolRequestReading } from "./tool-requests.js";
import { tools } from "./tools.js";
import { workspaces } from "./workspaces.js";

export const PASSTHROUGH_FAMILIES = [
  apps,
  appAnnotations,
  appCategories,
  pipelines,
  tools,
  analyses,
  quickLaunches,
  referenceGenomes,
  ontologies,
  toolRequestReading,
  workspaces,
];

/** Every passthrough row, in a context where request bodies stream to the backend unparsed. */
export const passthroughRoutes: FastifyPluginAsync = async (app) => {
  streamRequestBodies(app);
  registerPassthroughs(app, PASSTHROUGH_FAMILIES, { parameters: PATH_PARAMETERS, defaultBackend: "apps" });
};
