import { AuthConfig } from "@de-gateway/auth";
import { backendSettings, optionalBackendUrls } from "@de-gateway/backend-clients";
import { MailConfig } from "@de-gateway/mailer";
import { portSetting, ServerConfig } from "@de-gateway/service-kit";
import { type Static, Type } from "typebox";

/** Environment apps-proxy reads. */
export const Config = Type.Object({
  ...portSetting(3005),
  ...ServerConfig,
  ...AuthConfig,
  // groups: the address a tool request's status notice is mailed to.
  // analyses: quick launches and concurrent job limits, with the caller's qualified name (USER_DOMAIN).
  // appExposer, permissions, requests: interactive analyses, instant launches and access requests.
  // dashboardAggregator: the landing page's sections.
  ...backendSettings(
    "apps",
    "metadata",
    "notifications",
    "groups",
    "analyses",
    "appExposer",
    "permissions",
    "requests",
    "dashboardAggregator",
  ),
  /** The deployment's other backends: apps-proxy never calls them, it only reports on them (`GET /admin/status`). */
  ...optionalBackendUrls("fileInfo", "preferences", "search", "coge", "datacite"),
  /** How long `GET /admin/status` waits for each backend. */
  STATUS_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 2_000 }),
  ...MailConfig,
  /** Where new tool requests are announced by mail. */
  TOOL_REQUEST_EMAIL_TO: Type.String({ minLength: 3 }),
  /** Whether the gateway notifies a tool request's requester; off where the apps backend does it itself. */
  TOOL_REQUEST_NOTIFY: Type.Boolean({ default: true }),
});
export type Config = Static<typeof Config>;
