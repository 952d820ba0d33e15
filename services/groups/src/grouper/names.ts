/** A full Grouper name inside a folder. */
export const inFolder = (folder: string, name: string): string => `${folder}:${name}`;

/** The folder a full name is in. */
export const parentOf = (fullName: string): string => fullName.slice(0, Math.max(fullName.lastIndexOf(":"), 0));

/** The name a client sees: the full name without the folder the gateway keeps that kind of group in. */
export const relativeTo = (folder: string, fullName: string): string =>
  fullName.startsWith(`${folder}:`) ? fullName.slice(folder.length + 1) : fullName;

/**
 * Where the platform keeps groups in Grouper: teams in `<prefix>:teams:<creator>`, communities in
 * `<prefix>:communities`, each user's collaborator lists in `<prefix>:users:<user>:collaborator-lists`.
 */
export class GroupFolders {
  readonly teams: string;
  readonly communities: string;
  readonly users: string;

  constructor(prefix: string) {
    this.teams = `${prefix}:teams`;
    this.communities = `${prefix}:communities`;
    this.users = `${prefix}:users`;
  }

  teamsOf(username: string): string {
    return inFolder(this.teams, username);
  }

  userFolderOf(username: string): string {
    return inFolder(this.users, username);
  }

  listsOf(username: string): string {
    return inFolder(this.userFolderOf(username), "collaborator-lists");
  }
}
