import { DATACITE_ACCOUNT } from "./datacite/account.js";
import { ADMIN_GROUP, SERVICE_ROLE } from "./demo-users.js";
import { DEV_AUDIENCE, DEV_ISSUER } from "./idp/realm-names.js";
import { DEFAULT_PORTS } from "./ports.js";
import { publicKeyPem, type StackKeys } from "./stack-keys.js";

export const SUPPORT_ADDRESS = "support@platform.example.org";
export const TOOL_REQUEST_ADDRESS = "tool-requests@platform.example.org";
export const CURATORS_ADDRESS = "data-curators@platform.example.org";
export const MAIL_FROM_ADDRESS = "noreply@platform.example.org";

/** Where the simulated platform answers. */
export interface PlatformEndpoints {
  apps: string;
  metadata: string;
  fileInfo: string;
  groups: string;
  notifications: string;
  preferences: string;
  search: string;
  analyses: string;
  dashboardAggregator: string;
  qms: string;
  subscriptionAddons: string;
  resourceUsage: string;
  dataUsage: string;
  appExposer: string;
  requests: string;
  permissions: string;
  /** Left out (with their variables) where a deployment runs without them. */
  coge?: string;
  datacite?: string;
  idp: string;
  smtp: string;
  deJwtPublicKey: string;
  /** The key CoGe trusts; left out where it cannot be handed over (compose). */
  deJwtSigningKey?: string;
}

/** The environment a service needs to run against the simulated platform (tests and `pnpm start`). */
export function serviceEnvironmentFor(endpoints: PlatformEndpoints): Record<string, string> {
  return {
    APPS_URL: endpoints.apps,
    METADATA_URL: endpoints.metadata,
    FILE_INFO_URL: endpoints.fileInfo,
    GROUPS_URL: endpoints.groups,
    NOTIFICATIONS_URL: endpoints.notifications,
    PREFERENCES_URL: endpoints.preferences,
    // user-info serves the bags API too, under /bags (terrain's bags-base-url).
    BAGS_URL: `${endpoints.preferences}/bags`,
    ANALYSES_URL: endpoints.analyses,
    DASHBOARD_AGGREGATOR_URL: endpoints.dashboardAggregator,
    SEARCH_URL: endpoints.search,
    QMS_URL: endpoints.qms,
    SUBSCRIPTIONS_URL: endpoints.subscriptionAddons,
    RESOURCE_USAGE_URL: endpoints.resourceUsage,
    DATA_USAGE_URL: endpoints.dataUsage,
    PERMISSIONS_URL: endpoints.permissions,
    APP_EXPOSER_URL: endpoints.appExposer,
    REQUESTS_URL: endpoints.requests,
    ...(endpoints.coge ? { COGE_URL: endpoints.coge } : {}),
    ...(endpoints.deJwtSigningKey ? { DE_JWT_SIGNING_KEY: endpoints.deJwtSigningKey } : {}),
    ...(endpoints.datacite
      ? {
          DATACITE_URL: endpoints.datacite,
          DATACITE_USER: DATACITE_ACCOUNT.username,
          DATACITE_PASSWORD: DATACITE_ACCOUNT.password,
          DATACITE_DOI_PREFIX: DATACITE_ACCOUNT.prefix,
        }
      : {}),
    AUTH_JWKS_URL: `${endpoints.idp}/.well-known/jwks.json`,
    AUTH_ISSUER: DEV_ISSUER,
    AUTH_AUDIENCE: DEV_AUDIENCE,
    AUTH_ADMIN_GROUPS: ADMIN_GROUP,
    AUTH_SERVICE_ROLES: SERVICE_ROLE,
    DE_JWT_PUBLIC_KEY: endpoints.deJwtPublicKey,
    SMTP_URL: endpoints.smtp,
    SUPPORT_EMAIL_TO: SUPPORT_ADDRESS,
    TOOL_REQUEST_EMAIL_TO: TOOL_REQUEST_ADDRESS,
    PERMANENT_ID_CURATORS_EMAIL: CURATORS_ADDRESS,
    MAIL_FROM: MAIL_FROM_ADDRESS,
  };
}

/**
 * Where every simulator answers on its default port (DEFAULT_PORTS) at `host`, with the stack's keys where the
 * services can be handed them (`pnpm start`), for a stack whose simulators run as one process.
 */
export function defaultEndpoints(host: string, keys?: StackKeys): PlatformEndpoints {
  const at = (port: number) => `http://${host}:${port}`;
  return {
    apps: at(DEFAULT_PORTS.apps),
    metadata: at(DEFAULT_PORTS.metadata),
    fileInfo: at(DEFAULT_PORTS.fileInfo),
    groups: at(DEFAULT_PORTS.groups),
    notifications: at(DEFAULT_PORTS.notifications),
    preferences: at(DEFAULT_PORTS.preferences),
    search: at(DEFAULT_PORTS.search),
    analyses: at(DEFAULT_PORTS.analyses),
    dashboardAggregator: at(DEFAULT_PORTS.dashboardAggregator),
    coge: at(DEFAULT_PORTS.coge),
    datacite: at(DEFAULT_PORTS.datacite),
    qms: at(DEFAULT_PORTS.qms),
    subscriptionAddons: at(DEFAULT_PORTS.subscriptions),
    resourceUsage: at(DEFAULT_PORTS.resourceUsage),
    dataUsage: at(DEFAULT_PORTS.dataUsage),
    appExposer: at(DEFAULT_PORTS.appExposer),
    requests: at(DEFAULT_PORTS.requests),
    permissions: at(DEFAULT_PORTS.permissions),
    idp: at(DEFAULT_PORTS.idp),
    smtp: `smtp://${host}:${DEFAULT_PORTS.smtp}`,
    deJwtPublicKey: keys ? publicKeyPem(keys.deJwtKey) : "",
    ...(keys ? { deJwtSigningKey: keys.gatewayKey } : {}),
  };
}
