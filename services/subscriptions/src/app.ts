import { auth, authOptionsFrom } from "@de-gateway/auth";
import { backendClientOptionsFrom, backendClients } from "@de-gateway/backend-clients";
import { buildService, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Config } from "./config.js";
import { addonRoutes } from "./routes/addons.js";
import { adminQmsRoutes } from "./routes/admin-qms.js";
import { planRoutes } from "./routes/plans.js";
import { resourceUsageRoutes } from "./routes/resource-usage.js";
import { subscriptionAddonRoutes } from "./routes/subscription-addons.js";
import { userRoutes } from "./routes/user.js";
import { userPlanRoutes } from "./routes/user-plans.js";

/** subscriptions as a Fastify plugin: plans, quotas and usages (QMS), add-ons, and resource usage. */
export const subscriptions: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, backendClientOptionsFrom(config));
  await app.register(planRoutes);
  await app.register(userRoutes);
  const grouperUser = config.GROUPER_USER;
  await app.register(adminQmsRoutes, { grouperUser });
  await app.register(addonRoutes);
  const admin = { base: "/admin/qms", access: "admin", tag: "admin-qms" } as const;
  const service = { base: "/service/qms", access: "service", tag: "service-account-qms" } as const;
  await app.register(userPlanRoutes, { ...admin, paidByDefault: false, grouperUser });
  await app.register(userPlanRoutes, { ...service, paidByDefault: true, grouperUser });
  await app.register(subscriptionAddonRoutes, { ...admin, tag: "admin-qms-addons" });
  await app.register(subscriptionAddonRoutes, service);
  await app.register(resourceUsageRoutes, { userDomain: config.USER_DOMAIN });
};

export const buildApp = (config: Config): Promise<Service> => buildService("subscriptions", subscriptions, config);
