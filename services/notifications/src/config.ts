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
});
export type Config = Static<typeof Config>;
