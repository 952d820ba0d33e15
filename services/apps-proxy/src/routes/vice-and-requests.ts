import { registerPassthroughs, streamRequestBodies } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { adminRequests, adminRequestTypes } from "./access-requests.js";
import { accessRequestDecisions } from "./access-requests-status.js";
import { viceAccessRequests } from "./access-requests-vice.js";
import { instantLaunchChanges } from "./instant-launch-changes.js";
import { adminInstantLaunches, instantLaunches } from "./instant-launches.js";
import { instantLaunchesCustom } from "./instant-launches-custom.js";
import { adminVice, vice } from "./vice.js";
import { viceAccess } from "./vice-access.js";
import { viceAnalysisCalls } from "./vice-analysis-calls.js";
import { ACCESS_REQUEST_PARAMETERS, INSTANT_LAUNCH_PARAMETERS, VICE_PARAMETERS } from "./vice-parameters.js";

/**
 * Interactive analyses (app-exposer, with the permissions service's checks), instant launches (app-exposer) and
 * requests for access (the requests service, approvals setting job limits in the analyses service).
 */
export const viceAndRequests: FastifyPluginAsyncTypebox<{ userDomain: string }> = async (app, { userDomain }) => {
  await app.register(async (passthroughs) => {
    streamRequestBodies(passthroughs);
    registerPassthroughs(passthroughs, [vice, adminVice], {
      parameters: VICE_PARAMETERS,
      defaultBackend: "appExposer",
    });
    registerPassthroughs(passthroughs, [instantLaunches, adminInstantLaunches], {
      parameters: INSTANT_LAUNCH_PARAMETERS,
      defaultBackend: "appExposer",
    });
    registerPassthroughs(passthroughs, [adminRequestTypes, adminRequests], {
      parameters: ACCESS_REQUEST_PARAMETERS,
      defaultBackend: "requests",
    });
  });
  await app.register(viceAccess);
  await app.register(viceAnalysisCalls);
  await app.register(instantLaunchesCustom, { userDomain });
  await app.register(instantLaunchChanges, { userDomain });
  await app.register(viceAccessRequests);
  await app.register(accessRequestDecisions);
};
