import { registerPassthroughs, streamRequestBodies } from "@de-gateway/backend-clients";
import type { FastifyPluginAsync } from "fastify";

/**
 * The caller's recent logins, as the apps backend recorded them at each bootstrap (`limit` passed on, 5 when not
 * given): `{logins: [{ip_address, login_time}]}`, newest first. The web client's settings page lists them.
 */
export const loginListingRoutes: FastifyPluginAsync = async (app) => {
  streamRequestBodies(app);
  registerPassthroughs(
    app,
    [
      {
        tag: "logins",
        rows: [{ method: "GET", path: "/secured/logins", backendPath: "/users/logins", summary: "Recent logins" }],
      },
    ],
    { parameters: {}, defaultBackend: "apps" },
  );
};
