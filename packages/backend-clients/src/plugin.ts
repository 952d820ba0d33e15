import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { Agent } from "undici";
import { BackendClient } from "./client.js";
import type { BackendName } from "./config.js";
import {
  DATA_INFO_ERROR_STATUSES,
  type ErrorStatuses,
  GROUPS_ERROR_STATUSES,
  METADATA_ERROR_STATUSES,
} from "./error-statuses.js";
import {
  appsUserParams,
  type BackendCredentials,
  basicAuth,
  type Identity,
  noUserParam,
  qualifiedUserParam,
  signedUserToken,
  userParam,
} from "./identity.js";

export type Backends = Record<BackendName, BackendClient>;

declare module "fastify" {
  interface FastifyInstance {
    backends: Backends;
  }
}

export interface BackendClientsOptions {
  urls: Partial<Record<BackendName, string>>;
  timeoutMs: number;
  /** Needed only by the roles that take them (CoGe, DataCite); see `backendCredentialsFrom`. */
  credentials?: BackendCredentials;
}

const identities = (credentials: BackendCredentials = {}): Record<BackendName, Identity> => ({
  apps: appsUserParams,
  metadata: userParam,
  fileInfo: userParam,
  groups: userParam,
  notifications: userParam,
  preferences: noUserParam,
  search: userParam,
  permissions: noUserParam,
  coge: signedUserToken(credentials.deJwtSigningKey),
  datacite: basicAuth(credentials.datacite),
  analyses: qualifiedUserParam(credentials.userDomain),
  appExposer: userParam,
  requests: userParam,
  // These take the user in the path (the service puts it there), or none at all.
  dashboardAggregator: noUserParam,
  qms: noUserParam,
  subscriptionAddons: noUserParam,
  resourceUsage: noUserParam,
  dataUsage: noUserParam,
  bags: noUserParam,
});

const DISPLAY_NAME: Record<BackendName, string> = {
  apps: "apps",
  metadata: "metadata",
  fileInfo: "file-info",
  groups: "groups",
  notifications: "notification",
  preferences: "preferences",
  search: "search",
  permissions: "permissions",
  coge: "CoGe",
  datacite: "DataCite",
  analyses: "analyses",
  appExposer: "app-exposer",
  requests: "requests",
  dashboardAggregator: "dashboard-aggregator",
  qms: "QMS",
  subscriptionAddons: "subscriptions",
  resourceUsage: "resource-usage",
  dataUsage: "data-usage",
  bags: "bags",
};

/** Roles that answer some of the caller's mistakes with 500 (see `ErrorStatuses`). */
const ERROR_STATUSES: Partial<Record<BackendName, ErrorStatuses>> = {
  fileInfo: DATA_INFO_ERROR_STATUSES,
  groups: GROUPS_ERROR_STATUSES,
  metadata: METADATA_ERROR_STATUSES,
};

/**
 * Roles whose refusals do not always follow the error model: the analyses service, app-exposer and the notification
 * service answer echo's `{message}` (cyverse-de/notifications: model/main.go ErrorResponse), the requests service
 * `{message}` too (with `error_code` for a limit reached), the bags API (user-info) Go's plain text. The Clojure
 * services (data-info, metadata, iplant-groups) answer a request their schemas refuse with a map of refused fields as
 * `reason` (clojure-commons exception.clj), and metadata some refusals with a null one (a thrown map without `:error`).
 */
const REFUSALS_OUTSIDE_MODEL: ReadonlySet<BackendName> = new Set([
  "analyses",
  "appExposer",
  "notifications",
  "requests",
  "bags",
  "fileInfo",
  "metadata",
  "groups",
]);

const plugin: FastifyPluginAsync<BackendClientsOptions> = async (app, options) => {
  const agent = new Agent({
    connect: { timeout: options.timeoutMs },
    keepAliveTimeout: 10_000,
    connections: 128,
  });
  const identity = identities(options.credentials);
  const backends = Object.fromEntries(
    (Object.keys(identity) as BackendName[]).map((name) => [
      name,
      new BackendClient(
        DISPLAY_NAME[name],
        options.urls[name],
        agent,
        options.timeoutMs,
        identity[name],
        ERROR_STATUSES[name],
        REFUSALS_OUTSIDE_MODEL.has(name),
      ),
    ]),
  ) as Backends;
  app.decorate("backends", backends);
  app.addHook("onClose", async () => {
    await agent.close();
  });
};

/** Decorates the service with `app.backends`, one client per backend role, sharing one connection pool. */
export const backendClients = fp(plugin, { name: "@de-gateway/backend-clients", fastify: "5.x" });
