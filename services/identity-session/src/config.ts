import { AuthConfig } from "@de-gateway/auth";
import { backendSettings } from "@de-gateway/backend-clients";
import { MailConfig } from "@de-gateway/mailer";
import { portSetting, ServerConfig } from "@de-gateway/service-kit";
import { type Static, Type } from "typebox";

/** Environment identity-session reads. */
export const Config = Type.Object({
  ...portSetting(3001),
  ...ServerConfig,
  ...AuthConfig,
  ...backendSettings("apps", "fileInfo", "preferences", "bags"),
  ...MailConfig,
  /** Where support requests are mailed (one address or a comma-separated list). */
  SUPPORT_EMAIL_TO: Type.String({ pattern: "@" }),
  /** Short platform name, used in the default support mail subject "<name> Support Request". */
  PLATFORM_SHORT_NAME: Type.String({ minLength: 1, default: "DE" }),
  /** Domain that qualifies a username into `full_username` (user@domain) in the bootstrap result. */
  USER_DOMAIN: Type.String({ minLength: 1, default: "iplantcollaborative.org" }),
  /** Folder that holds every user's home folder in the data store; a user's home is <IRODS_HOME>/<username>. */
  IRODS_HOME: Type.String({ pattern: "^/", default: "/iplant/home" }),
  /** Name of the system default analysis output folder inside the user's home. */
  DEFAULT_OUTPUT_FOLDER: Type.String({ pattern: "^[^/]+$", default: "analyses" }),
});
export type Config = Static<typeof Config>;
