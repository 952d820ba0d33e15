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
  /** Comma-separated API names whose OAuth callback the gateway accepts; other names get 400 without a backend call. */
  OAUTH_API_NAMES: Type.String({ default: "tapis", pattern: "^\\s*[\\w.-]+(\\s*,\\s*[\\w.-]+)*\\s*$" }),
});
export type Config = Static<typeof Config>;

export const oauthApiNamesFrom = (config: Pick<Config, "OAUTH_API_NAMES">): ReadonlySet<string> =>
  new Set(config.OAUTH_API_NAMES.split(",").map((name) => name.trim()));
