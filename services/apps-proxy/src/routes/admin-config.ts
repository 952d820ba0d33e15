import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { Config } from "../config.js";
import { publicUrl } from "./public-url.js";

/** `shown`: the value as configured; `url`: without credentials (see publicUrl); `withheld`: never shown. */
type Presentation = "shown" | "url" | "withheld";

/**
 * Every setting apps-proxy reads and how `GET /admin/config` presents it. The type demands an entry for
 * each one, so a new setting stays out of the answer until someone decides it may be shown.
 */
const PRESENTATION: { [K in keyof Config]-?: Presentation } = {
  PORT: "shown",
  HOST: "shown",
  LOG_LEVEL: "shown",
  JSON_BODY_LIMIT: "shown",
  REQUEST_LOG: "shown",
  REQUEST_HEADERS_TIMEOUT_MS: "shown",
  REQUEST_BODY_TIMEOUT_MS: "shown",
  REQUEST_BODY_MIN_BYTES: "shown",
  REQUEST_TIMEOUT_MS: "shown",
  SOCKET_IDLE_TIMEOUT_MS: "shown",
  KEEP_ALIVE_TIMEOUT_MS: "shown",
  MAX_CONNECTIONS: "shown",
  AUTH_JWKS_URL: "url",
  AUTH_ISSUER: "shown",
  AUTH_AUDIENCE: "shown",
  AUTH_ADMIN_GROUPS: "shown",
  AUTH_SERVICE_ROLES: "shown",
  AUTH_DE_JWT_ISSUER: "shown",
  AUTH_DE_JWT_AUDIENCE: "shown",
  AUTH_DE_JWT_MAX_AGE_SECONDS: "shown",
  // Public, but a key all the same: whether the header is accepted is what an operator needs.
  DE_JWT_PUBLIC_KEY: "withheld",
  APPS_URL: "url",
  METADATA_URL: "url",
  NOTIFICATIONS_URL: "url",
  FILE_INFO_URL: "url",
  GROUPS_URL: "url",
  PREFERENCES_URL: "url",
  SEARCH_URL: "url",
  PERMISSIONS_URL: "url",
  COGE_URL: "url",
  DATACITE_URL: "url",
  ANALYSES_URL: "url",
  DASHBOARD_AGGREGATOR_URL: "url",
  APP_EXPOSER_URL: "url",
  REQUESTS_URL: "url",
  USER_DOMAIN: "shown",
  BACKEND_TIMEOUT_MS: "shown",
  STATUS_TIMEOUT_MS: "shown",
  SMTP_URL: "url",
  MAIL_FROM: "shown",
  MAIL_TIMEOUT_MS: "shown",
  TOOL_REQUEST_EMAIL_TO: "shown",
  TOOL_REQUEST_NOTIFY: "shown",
  OTEL_EXPORTER_OTLP_ENDPOINT: "url",
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "url",
  OTEL_EXPORTER_OTLP_PROTOCOL: "shown",
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "shown",
  OTEL_SERVICE_NAME: "shown",
  OTEL_TRACES_SAMPLER: "shown",
  OTEL_TRACES_SAMPLER_ARG: "shown",
  OTEL_RESOURCE_ATTRIBUTES: "shown",
  OTEL_BSP_MAX_QUEUE_SIZE: "shown",
  OTEL_BSP_SCHEDULE_DELAY: "shown",
  OTEL_EXPORTER_OTLP_TIMEOUT: "shown",
};

type Shown = Record<string, string | number | boolean>;

/** The settings an administrator may see, by variable name; unset optional ones are left out. */
export function shownSettings(config: Config): Shown {
  const shown: Shown = {};
  for (const [name, presentation] of Object.entries(PRESENTATION) as Array<[keyof Config, Presentation]>) {
    const value = config[name];
    if (value === undefined || presentation === "withheld") continue;
    const presented = presentation === "url" ? publicUrl(String(value)) : value;
    if (presented !== undefined) shown[name] = presented;
  }
  return { ...shown, DE_JWT_ACCEPTED: config.DE_JWT_PUBLIC_KEY !== undefined };
}

const Settings = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
  description:
    "settings by environment variable: backend URLs (without credentials), timeouts, limits, token " +
    "verification, admin groups and mail addresses; never a key, password or token",
});

/** `GET /admin/config`: what this gateway service is configured with, secrets left out. */
export const adminConfig: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const settings = shownSettings(config);
  app.get(
    "/admin/config",
    {
      config: { auth: "admin" },
      schema: {
        summary: "The service's configuration, without secrets",
        tags: ["admin"],
        response: { 200: Settings, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => settings,
  );
};
