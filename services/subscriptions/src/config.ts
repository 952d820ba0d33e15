import { AuthConfig } from "@de-gateway/auth";
import { backendSettings } from "@de-gateway/backend-clients";
import { portSetting, ServerConfig } from "@de-gateway/service-kit";
import { type Static, Type } from "typebox";

/** Environment subscriptions reads. */
export const Config = Type.Object({
  ...portSetting(3008),
  ...ServerConfig,
  ...AuthConfig,
  ...backendSettings("qms", "subscriptionAddons", "resourceUsage", "dataUsage", "groups"),
  /** The groups backend's account the gateway looks users up as, before a bulk subscription or a quota change. */
  GROUPER_USER: Type.String({ minLength: 1, default: "de_grouper" }),
  /** resource-usage-api and data-usage-api know users by their qualified names (`alice@<USER_DOMAIN>`). */
  USER_DOMAIN: Type.String({ minLength: 1, default: "iplantcollaborative.org" }),
});
export type Config = Static<typeof Config>;
