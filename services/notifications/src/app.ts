import { auth, authOptionsFrom } from "@de-gateway/auth";
import { backendClients, backendUrlsFrom } from "@de-gateway/backend-clients";
import { buildService, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Config } from "./config.js";
import { adminSystemMessageRoutes } from "./routes/admin-system-messages.js";
import { messageMarkRoutes } from "./routes/message-marks.js";
import { messageRoutes } from "./routes/messages.js";
import { sendNotificationRoutes } from "./routes/send-notification.js";
import { systemMessageRoutes } from "./routes/system-messages.js";

/** notifications as a Fastify plugin: user notifications, counts and system messages. */
export const notifications: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, { urls: backendUrlsFrom(config), timeoutMs: config.BACKEND_TIMEOUT_MS });
  await app.register(messageRoutes);
  await app.register(messageMarkRoutes);
  await app.register(systemMessageRoutes);
  await app.register(adminSystemMessageRoutes);
  await app.register(sendNotificationRoutes);
};

export const buildApp = (config: Config): Promise<Service> => buildService("notifications", notifications, config);
