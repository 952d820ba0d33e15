import { AuthConfig } from "@de-gateway/auth";
import { backendSettings } from "@de-gateway/backend-clients";
import { portSetting, ServerConfig } from "@de-gateway/service-kit";
import { type Static, Type } from "typebox";

/** Environment notifications reads. */
export const Config = Type.Object({
  ...portSetting(3004),
  ...ServerConfig,
  ...AuthConfig,
  ...backendSettings("notifications", "apps"),
});
export type Config = Static<typeof Config>;
