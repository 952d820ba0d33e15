import { auth, authOptionsFrom } from "@de-gateway/auth";
import { backendClients, backendUrlsFrom } from "@de-gateway/backend-clients";
import { buildService, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Config } from "./config.js";

/** groups as a Fastify plugin: teams, collaborator lists, collaborators, user search and user info. */
export const groups: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, { urls: backendUrlsFrom(config), timeoutMs: config.BACKEND_TIMEOUT_MS });
};

export const buildApp = (config: Config): Promise<Service> => buildService("groups", groups, config);
