import { type TString, Type } from "typebox";

export const BACKEND_URL_VARIABLES = {
  apps: "APPS_URL",
  metadata: "METADATA_URL",
  fileInfo: "FILE_INFO_URL",
  groups: "GROUPS_URL",
  notifications: "NOTIFICATIONS_URL",
  preferences: "PREFERENCES_URL",
} as const;

export type BackendName = keyof typeof BACKEND_URL_VARIABLES;
type UrlVariable<N extends BackendName> = (typeof BACKEND_URL_VARIABLES)[N];

/** The URL variables of the backends a service uses, plus the shared timeout. */
export function backendSettings<N extends BackendName>(...names: N[]) {
  const urls = Object.fromEntries(
    names.map((name) => [BACKEND_URL_VARIABLES[name], Type.String({ pattern: "^https?://" })]),
  ) as { [K in N as UrlVariable<K>]: TString };
  return { ...urls, BACKEND_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 30_000 }) };
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
