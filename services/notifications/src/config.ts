import { AuthConfig } from "@de-gateway/auth";
import { backendSettings } from "@de-gateway/backend-clients";
import { portSetting, ServerConfig } from "@de-gateway/service-kit";
import { type Static, Type } from "typebox";

/** Environment notifications reads. */
export const Config = Type.Object({
  ...portSetting(3004),
  ...ServerConfig,
  ...AuthConfig,
  // preferences: user-info, which keeps the system-wide alerts.
  ...backendSettings("notifications", "apps", "preferences"),
  DESCRIPTIONS_TIMEOUT_MS: Type.Integer({
    minimum: 1,
    default: 2000,
    description: "how long a listing waits for each app description before listing the notification without it",
  }),
});
export type Config = Static<typeof Config>;
