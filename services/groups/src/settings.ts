import { badRequest } from "@de-gateway/service-kit";
import type { Config } from "./config.js";
import type { Target } from "./grouper/groups-backend.js";
import { GroupFolders, inFolder } from "./grouper/names.js";

/** What the route families share: where groups live and the gateway's own groups backend account. */
export interface GroupsSettings {
  folders: GroupFolders;
  serviceAccount: string;
  /** The attribute of the metadata AVUs that tag an app with a community (the value: its full name). */
  communityTagAttribute: string;
}

export const settingsFrom = (config: Config): GroupsSettings => ({
  folders: new GroupFolders(config.GROUPER_FOLDER_PREFIX),
  serviceAccount: config.GROUPER_USER,
  communityTagAttribute: config.COMMUNITIES_METADATA_ATTR,
});

/** A team by the name clients use, `<creator>:<name>`. */
export const teamTarget = (settings: GroupsSettings, name: string): Target => ({
  fullName: inFolder(settings.folders.teams, name),
  label: `team ${name}`,
});

/**
 * A community by the name clients use: one segment, the folder never shown. A name with a colon (the folder typed
 * in, say) names nothing a client could have been given, so it is refused rather than looked up.
 */
export const communityTarget = (settings: GroupsSettings, name: string): Target => {
  if (name.includes(":")) {
    throw badRequest(`a community name has no ':' (give the name without the folder), got ${JSON.stringify(name)}`);
  }
  return { fullName: inFolder(settings.folders.communities, name), label: `community ${name}` };
};

/** One of the caller's collaborator lists by its name. */
export const listTarget = (settings: GroupsSettings, owner: string, name: string): Target => ({
  fullName: inFolder(settings.folders.listsOf(owner), name),
  label: `collaborator list ${name}`,
});

/**
 * The longest name segment Grouper keeps (a group's extension, in characters). A longer name is refused before
 * anything is made: created in one call, it could make the backend's URLs for the group too long to take, so
 * its privileges could be neither set nor the group removed again.
 */
const MAX_NAME_SEGMENT = 255;

/**
 * A new name segment for a team or list. A colon would reach into a folder below (for a team, into
 * what looks like another user's namespace), so it is refused like a blank name or one too long.
 */
export function checkNameSegment(name: string, kind: "team" | "community" | "collaborator list"): string {
  if (!name.trim()) throw badRequest(`the ${kind} name must not be blank`);
  if (name.includes(":")) throw badRequest(`the ${kind} name must not contain ':' (got ${JSON.stringify(name)})`);
  const length = [...name].length;
  if (length > MAX_NAME_SEGMENT) {
    throw badRequest(`the ${kind} name must be at most ${MAX_NAME_SEGMENT} characters (got ${length})`);
  }
  return name;
}
