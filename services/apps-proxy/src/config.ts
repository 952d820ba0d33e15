import { AuthConfig } from "@de-gateway/auth";
import { backendSettings } from "@de-gateway/backend-clients";
import { portSetting, ServerConfig } from "@de-gateway/service-kit";
import { type Static, Type } from "typebox";

/** Environment apps-proxy reads. */
export const Config = Type.Object({
  ...portSetting(3005),
  ...ServerConfig,
  ...AuthConfig,
  ...backendSettings("apps", "metadata", "notifications"),
});
export type Config = Static<typeof Config>;
