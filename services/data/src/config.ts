import { AuthConfig } from "@de-gateway/auth";
import { backendSettings } from "@de-gateway/backend-clients";
import { MailConfig } from "@de-gateway/mailer";
import { portSetting, ServerConfig } from "@de-gateway/service-kit";
import { type Static, Type } from "typebox";

/** Environment data reads. */
export const Config = Type.Object({
  ...portSetting(3003),
  ...ServerConfig,
  ...AuthConfig,
  ...MailConfig,
  ...backendSettings("fileInfo", "metadata", "apps", "groups", "notifications", "search", "coge", "datacite"),
  IRODS_HOME: Type.String({ pattern: "^/", default: "/iplant/home", description: "the folder of the users' homes" }),
  COMMUNITY_DATA_PATH: Type.String({
    pattern: "^/",
    default: "/iplant/home/shared",
    description: "the community data folder, labelled Community Data in listings",
  }),
  TRASH_BASE_PATH: Type.String({
    pattern: "^/",
    default: "/iplant/trash/home",
    description: "the folder of the users' trash folders (the file-info backend's base_trash_path)",
  }),
  MAX_PATHS_IN_REQUEST: Type.Integer({
    minimum: 1,
    default: 1000,
    description: "most paths (sources and everything beneath them) one move may touch",
  }),
  FAVORITES_TIMEOUT_MS: Type.Integer({
    minimum: 1,
    default: 2000,
    description: "how long a listing waits for its favorite flags before listing them all as false",
  }),
  COGE_ACCOUNT: Type.String({
    minLength: 1,
    default: "coge",
    description: "the data-store account CoGe reads and writes as; what CoGe must reach is shared with it",
  }),
  DATA_STORE_ADMIN: Type.String({
    minLength: 1,
    default: "rods",
    description: "the data store's administrative account: permanent-id requests' folders are moved and shared as it",
  }),
  PERMANENT_ID_CURATORS_GROUP: Type.String({
    minLength: 1,
    default: "data-curators",
    description: "the data-store group of the data curators, who own folders waiting for or given a DOI",
  }),
  PERMANENT_ID_CURATORS_EMAIL: Type.String({
    pattern: "@",
    description: "where the data curators are told of new permanent-id requests, completions and failed moves",
  }),
  PERMANENT_ID_STAGING_FOLDER: Type.String({
    pattern: "^/",
    default: "/iplant/home/shared/commons_repo/staging",
    description: "where a folder waits for the curators once a permanent identifier is requested for it",
  }),
  PERMANENT_ID_PUBLISH_FOLDER: Type.String({
    pattern: "^/",
    default: "/iplant/home/shared/commons_repo/curated",
    description: "where curators publish folders that received a DOI",
  }),
  PERMANENT_ID_LANDING_PAGE_URL: Type.String({
    pattern: "^https?://",
    default: "https://datacommons.cyverse.org/browse",
    description: "the landing pages' site: a DOI resolves to it followed by the folder's published path",
  }),
  DATA_SEARCH_ENABLED: Type.Boolean({
    default: true,
    description: "false where the deployment has no search service: data search and its documentation answer 403",
  }),
  URL_IMPORT_APP_ID: Type.String({
    default: "1e8f719b-0452-4d39-a2f3-8714793ee3e6",
    description: "the app that imports a file from a URL into the data store",
  }),
  URL_IMPORT_ALLOWED_RANGES: Type.String({
    default: "",
    pattern: "^[0-9a-fA-F.:/, ]*$",
    description:
      "comma-separated CIDR ranges URL imports may reach although internal (none by default; docs/security.md)",
  }),
});
export type Config = Static<typeof Config>;
