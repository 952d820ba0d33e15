import { registerPassthroughs, streamRequestBodies } from "@de-gateway/backend-clients";
import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";

const parameters = {
  "api-name": {
    name: "apiName",
    schema: Type.String({ minLength: 1, description: "the third-party API, e.g. tapis" }),
  },
};

/**
 * What the apps backend keeps of the caller's third-party authorizations, as the reference serves it under
 * `/secured/oauth/…` and, for the web client, at the root (`/oauth/…`): the authorization URLs of the APIs the
 * caller holds no token for, and each token's expiry (removing it signs the caller out of that API).
 * Administrators see a user's whole token (`proxy-user`, the caller without one) and may remove it.
 */
export const tokenInfoRoutes: FastifyPluginAsync = async (app) => {
  streamRequestBodies(app);
  const userRows = ["/secured/oauth", "/oauth"].flatMap((prefix) => [
    {
      method: "GET" as const,
      path: `${prefix}/redirect-uris`,
      backendPath: "/oauth/redirect-uris",
      summary: "Authorization URLs of the APIs the caller holds no token for, by API name",
    },
    {
      method: "GET" as const,
      path: `${prefix}/token-info/{api-name}`,
      backendPath: "/oauth/token-info/{api-name}",
      summary: "When the caller's token for the API expires, and the API ({expires_at, webapp}); 404 without one",
    },
    {
      method: "DELETE" as const,
      path: `${prefix}/token-info/{api-name}`,
      backendPath: "/oauth/token-info/{api-name}",
      summary: "Remove the caller's token for the API; 404 without one",
    },
  ]);
  registerPassthroughs(
    app,
    [
      { tag: "oauth", rows: userRows },
      {
        tag: "admin-oauth",
        rows: [
          {
            method: "GET",
            path: "/admin/oauth/token-info/{api-name}",
            summary: "A user's token for the API (proxy-user; the caller without one)",
          },
          {
            method: "DELETE",
            path: "/admin/oauth/token-info/{api-name}",
            summary: "Remove a user's token for the API (proxy-user; the caller without one)",
          },
        ],
      },
    ],
    { parameters, defaultBackend: "apps" },
  );
};
