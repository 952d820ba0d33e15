import { auth, authOptionsFrom } from "@de-gateway/auth";
import { backendClients, backendUrlsFrom } from "@de-gateway/backend-clients";
import { buildService, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type Config, oauthApiNamesFrom } from "./config.js";
import { accessCodeRoutes } from "./routes/access-code.js";
import { tokenInfoRoutes } from "./routes/token-info.js";

/** oauth as a Fastify plugin: the third-party OAuth authorization callback, redirect URIs and token info. */
export const oauth: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, { urls: backendUrlsFrom(config), timeoutMs: config.BACKEND_TIMEOUT_MS });
  await app.register(accessCodeRoutes, { apiNames: oauthApiNamesFrom(config) });
  await app.register(tokenInfoRoutes);
};

export const buildApp = (config: Config): Promise<Service> => buildService("oauth", oauth, config);
