import { auth, authOptionsFrom } from "@de-gateway/auth";
import { backendClients, backendUrlsFrom, callerWorkspaces } from "@de-gateway/backend-clients";
import { buildService, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Config } from "./config.js";
import { collaboratorListRoutes } from "./routes/collaborator-lists.js";
import { collaboratorRoutes } from "./routes/collaborators.js";
import { communityRoutes } from "./routes/communities.js";
import { teamJoinRequestRoutes } from "./routes/team-join-requests.js";
import { teamMemberRoutes } from "./routes/team-members.js";
import { teamPrivilegeRoutes } from "./routes/team-privileges.js";
import { teamRoutes } from "./routes/teams.js";
import { userRoutes } from "./routes/users.js";
import { settingsFrom } from "./settings.js";

/** groups as a Fastify plugin: teams, communities, collaborator lists, collaborators, user search and user info. */
export const groups: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, { urls: backendUrlsFrom(config), timeoutMs: config.BACKEND_TIMEOUT_MS });
  await app.register(callerWorkspaces);
  const settings = settingsFrom(config);
  await app.register(teamRoutes, { settings });
  await app.register(teamMemberRoutes, { settings });
  await app.register(teamJoinRequestRoutes, { settings });
  await app.register(teamPrivilegeRoutes, { settings });
  await app.register(collaboratorListRoutes, { settings });
  await app.register(userRoutes, { settings });
  await app.register(collaboratorRoutes);
  await app.register(communityRoutes, { settings, asPlatform: false });
  await app.register(communityRoutes, { settings, asPlatform: true });
};

export const buildApp = (config: Config): Promise<Service> => buildService("groups", groups, config);
