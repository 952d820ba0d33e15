import { auth, authOptionsFrom } from "@de-gateway/auth";
import { backendClientOptionsFrom, backendClients, callerWorkspaces } from "@de-gateway/backend-clients";
import { buildService, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Config } from "./config.js";
import { adminConfig } from "./routes/admin-config.js";
import { adminStatus } from "./routes/admin-status.js";
import { analysisSubmission } from "./routes/analysis-submission.js";
import { appComments } from "./routes/app-comments.js";
import { categoryShredder } from "./routes/category-shredder.js";
import { dashboard } from "./routes/dashboard.js";
import { jobLimits } from "./routes/job-limits.js";
import { ontologyHierarchySave } from "./routes/ontology-hierarchy-save.js";
import { ontologyUpload } from "./routes/ontology-upload.js";
import { passthroughRoutes } from "./routes/passthroughs.js";
import { quickLaunchRoutes } from "./routes/quick-launches.js";
import { toolRequestActions } from "./routes/tool-requests.js";
import { viceAndRequests } from "./routes/vice-and-requests.js";

/**
 * The app catalogue's routes, for users and administrators, the administrators' ontologies (which list the apps under
 * a hierarchy) and a tool's apps: the apps backend reads the caller's workspace there, so it is asked for first.
 */
const WORKSPACE_ROUTES = /^\/(admin\/)?(apps|ontologies)(\/|$)|^\/(admin\/)?tools\/:[^/]+\/apps$/;

/**
 * apps-proxy as a Fastify plugin: apps, tools, analyses, quick launches, reference genomes, ontologies, tool
 * requests and app comments, plus the administrators' view of the configuration and the backends' status.
 */
export const appsProxy: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, backendClientOptionsFrom(config));
  await app.register(callerWorkspaces, { routes: WORKSPACE_ROUTES });
  await app.register(passthroughRoutes);
  await app.register(analysisSubmission);
  await app.register(quickLaunchRoutes, { userDomain: config.USER_DOMAIN });
  await app.register(toolRequestActions, { config });
  await app.register(appComments);
  await app.register(ontologyHierarchySave);
  await app.register(categoryShredder);
  await app.register(ontologyUpload);
  await app.register(jobLimits);
  await app.register(dashboard, { config });
  await app.register(viceAndRequests, { userDomain: config.USER_DOMAIN });
  await app.register(adminConfig, { config });
  await app.register(adminStatus, { config });
};

// The web client writes `/admin/apps/{system-id}/{app-id}//publish`; called directly, the service reads it as Traefik
// forwards it, with the duplicate slash merged.
export const buildApp = (config: Config): Promise<Service> =>
  buildService("apps-proxy", appsProxy, config, { ignoreDuplicateSlashes: true });
