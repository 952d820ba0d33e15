import { AuthConfig } from "@de-gateway/auth";
import { backendSettings } from "@de-gateway/backend-clients";
import { portSetting, ServerConfig } from "@de-gateway/service-kit";
import { type Static, Type } from "typebox";

/** Environment oauth reads. */
export const Config = Type.Object({
  ...portSetting(3006),
  ...ServerConfig,
  ...AuthConfig,
  ...backendSettings("apps"),
});
export type Config = Static<typeof Config>;
