import { baseName } from "./data-paths.js";

/** Names and characters the platform's tools choke on; listings flag entries that use them. */
const BAD_NAMES = new Set(["cacheServiceTempDir"]);
const BAD_CHARACTERS = /[`'\n\t]/;
export const BAD_CHARS_PARAMETER = "`'\n\t";
export const BAD_NAMES_PARAMETER = [...BAD_NAMES];

/** Where the data store keeps the folders listings treat specially (settings of the deployment). */
export interface SpecialFolderSettings {
  IRODS_HOME: string;
  COMMUNITY_DATA_PATH: string;
  TRASH_BASE_PATH: string;
}

/** A user's trash folder: `<TRASH_BASE_PATH>/<user>`, as the file-info backend keeps it. */
export const userTrashPath = (trashBasePath: string, user: string): string => `${trashBasePath}/${user}`;

/** How listings show paths to one caller: the special folders' labels, and the entries flagged as bad names. */
export interface ListingView {
  label(path: string): string;
  /** Whether a folder or file is flagged: a special folder the caller should not pick, or a name tools choke on. */
  hasBadName(path: string): boolean;
  /** The special folders, as the file-info backend's paged listing takes them (`bad-path`). */
  badPaths: string[];
}

/**
 * The reference gateway's view: community data, shared-with-me (the homes' folder) and the caller's trash have
 * labels of their own; community data, the caller's home and the public folder are flagged, so that the web
 * client does not offer them as places to put things into or to select.
 */
export function listingView(settings: SpecialFolderSettings, user: string): ListingView {
  const labels = new Map([
    [settings.COMMUNITY_DATA_PATH, "Community Data"],
    [userTrashPath(settings.TRASH_BASE_PATH, user), "Trash"],
    [settings.IRODS_HOME, "Shared With Me"],
  ]);
  const badPaths = [settings.COMMUNITY_DATA_PATH, `${settings.IRODS_HOME}/${user}`, `${settings.IRODS_HOME}/public`];
  const flagged = new Set(badPaths);
  return {
    label: (path) => labels.get(path) ?? baseName(path),
    hasBadName: (path) => {
      const name = baseName(path);
      return flagged.has(path) || BAD_NAMES.has(name) || BAD_CHARACTERS.test(name);
    },
    badPaths,
  };
}
