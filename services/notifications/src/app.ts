import { auth, authOptionsFrom } from "@de-gateway/auth";
import { backendClients, backendUrlsFrom, callerWorkspaces } from "@de-gateway/backend-clients";
import { buildService, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Config } from "./config.js";
import { adminSystemMessageRoutes } from "./routes/admin-system-messages.js";
import { alertRoutes } from "./routes/alerts.js";
import { messageMarkRoutes } from "./routes/message-marks.js";
import { messageRoutes } from "./routes/messages.js";
import { sendNotificationRoutes } from "./routes/send-notification.js";
import { systemMessageRoutes } from "./routes/system-messages.js";
import { webhookRoutes } from "./routes/webhooks.js";

/** notifications as a Fastify plugin: user notifications, counts, system messages, alerts and webhooks. */
export const notifications: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, { urls: backendUrlsFrom(config), timeoutMs: config.BACKEND_TIMEOUT_MS });
  // App details, which describe analysis notifications, need the caller's workspace at the apps backend.
  await app.register(callerWorkspaces);
  await app.register(messageRoutes, { descriptionsTimeoutMs: config.DESCRIPTIONS_TIMEOUT_MS });
  await app.register(messageMarkRoutes);
  await app.register(systemMessageRoutes);
  await app.register(adminSystemMessageRoutes);
  await app.register(sendNotificationRoutes);
  await app.register(alertRoutes);
  await app.register(webhookRoutes);
};

export const buildApp = (config: Config): Promise<Service> => buildService("notifications", notifications, config);
