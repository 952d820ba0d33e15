import { auth, authOptionsFrom } from "@de-gateway/auth";
import { backendClients, backendUrlsFrom } from "@de-gateway/backend-clients";
import { buildService, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Config } from "./config.js";

/** data as a Fastify plugin: file upload and download, filesystem, file types, favorites, tags, file comments and metadata. */
export const data: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, { urls: backendUrlsFrom(config), timeoutMs: config.BACKEND_TIMEOUT_MS });
};

export const buildApp = (config: Config): Promise<Service> => buildService("data", data, config);
