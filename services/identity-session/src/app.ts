import { auth, authOptionsFrom } from "@de-gateway/auth";
import { backendClients, backendUrlsFrom } from "@de-gateway/backend-clients";
import { buildService, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Config } from "./config.js";
import { bagRoutes } from "./routes/bags.js";
import { loginRoutes } from "./routes/login.js";
import { loginListingRoutes } from "./routes/logins.js";
import { preferenceRoutes } from "./routes/preferences.js";
import { savedSearchRoutes } from "./routes/saved-searches.js";
import { sessionRoutes } from "./routes/sessions.js";
import { supportEmailRoutes } from "./routes/support-email.js";
import { utilityRoutes } from "./routes/utility.js";

/** identity-session as a Fastify plugin: welcome, UUIDs, sessions, bootstrap, preferences, support mail, bags. */
export const identitySession: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, { urls: backendUrlsFrom(config), timeoutMs: config.BACKEND_TIMEOUT_MS });
  await app.register(utilityRoutes);
  await app.register(loginRoutes, { settings: config });
  await app.register(loginListingRoutes);
  await app.register(sessionRoutes, { settings: config });
  await app.register(preferenceRoutes, { settings: config });
  await app.register(savedSearchRoutes, { settings: config });
  await app.register(supportEmailRoutes, { settings: config });
  await app.register(bagRoutes);
};

export const buildApp = (config: Config): Promise<Service> => buildService("identity-session", identitySession, config);
