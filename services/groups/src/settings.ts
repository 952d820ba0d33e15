import { badRequest } from "@de-gateway/service-kit";
import type { Config } from "./config.js";
import type { Target } from "./grouper/groups-backend.js";
import { GroupFolders, inFolder } from "./grouper/names.js";

/** What the route families share: where groups live and the gateway's own groups backend account. */
export interface GroupsSettings {
  folders: GroupFolders;
  serviceAccount: string;
}

export const settingsFrom = (config: Config): GroupsSettings => ({
  folders: new GroupFolders(config.GROUPER_FOLDER_PREFIX),
  serviceAccount: config.GROUPER_USER,
});

/** A team by the name clients use, `<creator>:<name>`. */
export const teamTarget = (settings: GroupsSettings, name: string): Target => ({
  fullName: inFolder(settings.folders.teams, name),
  label: `team ${name}`,
});

/** One of the caller's collaborator lists by its name. */
export const listTarget = (settings: GroupsSettings, owner: string, name: string): Target => ({
  fullName: inFolder(settings.folders.listsOf(owner), name),
  label: `collaborator list ${name}`,
});

/**
 * A new name segment for a team or list. A colon would reach into a folder below (for a team, into
 * what looks like another user's namespace), so it is refused like a blank name.
 */
export function checkNameSegment(name: string, kind: "team" | "collaborator list"): string {
  if (!name.trim()) throw badRequest(`the ${kind} name must not be blank`);
  if (name.includes(":")) throw badRequest(`the ${kind} name must not contain ':' (got ${JSON.stringify(name)})`);
  return name;
}
