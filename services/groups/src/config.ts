import { AuthConfig } from "@de-gateway/auth";
import { backendSettings } from "@de-gateway/backend-clients";
import { portSetting, ServerConfig } from "@de-gateway/service-kit";
import { type Static, Type } from "typebox";

/** Environment groups reads. */
export const Config = Type.Object({
  ...portSetting(3002),
  ...ServerConfig,
  ...AuthConfig,
  // permissions: the permissions service, which keeps what groups were granted (terrain's permissions-base).
  // metadata: the AVUs that tag apps with a community, rewritten when a community is renamed.
  ...backendSettings("groups", "notifications", "apps", "permissions", "metadata"),
  /** The platform's folder in Grouper; teams live in `<prefix>:teams`, lists in `<prefix>:users:<user>`. */
  GROUPER_FOLDER_PREFIX: Type.String({ pattern: "^[^:\\s]+(:[^:\\s]+)*$", default: "iplant:de:dev" }),
  /** The groups backend account the gateway acts as for its own steps (folders, a joiner's optout, …). */
  GROUPER_USER: Type.String({ minLength: 1, default: "de_grouper" }),
  /** The attribute of the app AVUs that tag an app with a community (the reference's communities.metadata.attr). */
  COMMUNITIES_METADATA_ATTR: Type.String({ minLength: 1, default: "cyverse-community" }),
});
export type Config = Static<typeof Config>;
