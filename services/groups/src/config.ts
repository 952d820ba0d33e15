import { AuthConfig } from "@de-gateway/auth";
import { backendSettings } from "@de-gateway/backend-clients";
import { portSetting, ServerConfig } from "@de-gateway/service-kit";
import { type Static, Type } from "typebox";

/** Environment groups reads. */
export const Config = Type.Object({
  ...portSetting(3002),
  ...ServerConfig,
  ...AuthConfig,
  ...backendSettings("groups", "notifications", "apps"),
});
export type Config = Static<typeof Config>;
