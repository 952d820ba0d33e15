import { type TOptional, type TSchema, type TString, Type } from "typebox";
import type { BackendCredentials } from "./identity.js";

export const BACKEND_URL_VARIABLES = {
  apps: "APPS_URL",
  metadata: "METADATA_URL",
  fileInfo: "FILE_INFO_URL",
  groups: "GROUPS_URL",
  notifications: "NOTIFICATIONS_URL",
  preferences: "PREFERENCES_URL",
  search: "SEARCH_URL",
  permissions: "PERMISSIONS_URL",
  coge: "COGE_URL",
  datacite: "DATACITE_URL",
  // The real web client's newer pages (endpoints-client.tsv).
  analyses: "ANALYSES_URL",
  appExposer: "APP_EXPOSER_URL",
  requests: "REQUESTS_URL",
  dashboardAggregator: "DASHBOARD_AGGREGATOR_URL",
  qms: "QMS_URL",
  subscriptionAddons: "SUBSCRIPTIONS_URL",
  resourceUsage: "RESOURCE_USAGE_URL",
  dataUsage: "DATA_USAGE_URL",
  bags: "BAGS_URL",
} as const;

export type BackendName = keyof typeof BACKEND_URL_VARIABLES;
type UrlVariable<N extends BackendName> = (typeof BACKEND_URL_VARIABLES)[N];

/**
 * What a role needs besides its URL. CoGe trusts a JWT the gateway signs for the caller (without a key
 * the gateway refuses CoGe calls itself, 503); DataCite takes the repository account's basic-auth
 * credentials, and DOIs are minted under the account's prefix.
 */
const ROLE_SETTINGS = {
  // Deployments take these from a secret (Kubernetes: the service's Secret, never its ConfigMap).
  DE_JWT_SIGNING_KEY: { role: "coge", schema: Type.Optional(Type.String({ minLength: 1, secret: true })) },
  DATACITE_USER: { role: "datacite", schema: Type.String({ minLength: 1, secret: true }) },
  DATACITE_PASSWORD: { role: "datacite", schema: Type.String({ minLength: 1, secret: true }) },
  DATACITE_DOI_PREFIX: { role: "datacite", schema: Type.String({ pattern: "^10\\.[0-9]{4,9}$" }) },
  // The analyses service knows users by their qualified names (`alice@iplantcollaborative.org`).
  USER_DOMAIN: { role: "analyses", schema: Type.String({ minLength: 1, default: "iplantcollaborative.org" }) },
} as const satisfies Record<string, { role: BackendName; schema: TSchema }>;

type RoleSettings = typeof ROLE_SETTINGS;

const urlSetting = () => Type.String({ pattern: "^https?://" });

/** The URL variables of the backends a service uses, what those roles need besides, and the shared timeout. */
export function backendSettings<N extends BackendName>(...names: N[]) {
  const urls = Object.fromEntries(names.map((name) => [BACKEND_URL_VARIABLES[name], urlSetting()])) as {
    [K in N as UrlVariable<K>]: TString;
  };
  const extras = Object.fromEntries(
    Object.entries(ROLE_SETTINGS)
      .filter(([, setting]) => (names as BackendName[]).includes(setting.role))
      .map(([variable, setting]) => [variable, setting.schema]),
  ) as { [V in keyof RoleSettings as RoleSettings[V]["role"] extends N ? V : never]: RoleSettings[V]["schema"] };
  return { ...urls, ...extras, BACKEND_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 30_000 }) };
}

/** URL variables a service may be given but does not need (it only looks at those backends, never calls them). */
export function optionalBackendUrls<N extends BackendName>(...names: N[]) {
  return Object.fromEntries(names.map((name) => [BACKEND_URL_VARIABLES[name], Type.Optional(urlSetting())])) as {
    [K in N as UrlVariable<K>]: TOptional<TString>;
  };
}

/** Picks the backend URLs out of a loaded config, keyed by backend name. */
export function backendUrlsFrom(config: Record<string, unknown>): Partial<Record<BackendName, string>> {
  const urls: Partial<Record<BackendName, string>> = {};
  for (const [name, variable] of Object.entries(BACKEND_URL_VARIABLES)) {
    const value = config[variable];
    if (typeof value === "string") urls[name as BackendName] = value;
  }
  return urls;
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/** Picks the credentials of the roles that need them (see `backendSettings`) out of a loaded config. */
export function backendCredentialsFrom(config: Record<string, unknown>): BackendCredentials {
  const username = text(config.DATACITE_USER);
  const password = text(config.DATACITE_PASSWORD);
  const signingKey = text(config.DE_JWT_SIGNING_KEY);
  const userDomain = text(config.USER_DOMAIN);
  return {
    ...(userDomain ? { userDomain } : {}),
    ...(signingKey ? { deJwtSigningKey: signingKey } : {}),
    ...(username && password ? { datacite: { username, password } } : {}),
  };
}

/** Everything `backendClients` needs, from a config built with `backendSettings`. */
export function backendClientOptionsFrom(config: Record<string, unknown> & { BACKEND_TIMEOUT_MS: number }) {
  return {
    urls: backendUrlsFrom(config),
    timeoutMs: config.BACKEND_TIMEOUT_MS,
    credentials: backendCredentialsFrom(config),
  };
}
