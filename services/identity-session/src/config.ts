import { AuthConfig } from "@de-gateway/auth";
import { backendSettings } from "@de-gateway/backend-clients";
import { portSetting, ServerConfig } from "@de-gateway/service-kit";
import { type Static, Type } from "typebox";

/** Environment identity-session reads. */
export const Config = Type.Object({
  ...portSetting(3001),
  ...ServerConfig,
  ...AuthConfig,
  ...backendSettings("preferences"),
});
export type Config = Static<typeof Config>;
