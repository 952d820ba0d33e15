/** A person or pseudo-subject as Grouper's subject sources describe it. */
export interface SubjectRecord {
  id: string;
  name: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  institution?: string;
  source_id: string;
}

/** One privilege held by one subject on a folder or a group. */
export interface Grant {
  subjectId: string;
  privilege: string;
}

/** A Grouper folder (stem). Its name is colon-separated and includes every parent folder. */
export interface FolderRecord {
  id: string;
  idIndex: string;
  name: string;
  displayExtension: string;
  description: string;
  grants: Grant[];
}

export interface GroupRecord {
  id: string;
  idIndex: string;
  name: string;
  displayExtension: string;
  description: string;
  type: string;
  createdAt: number;
  createdBy: string;
  modifiedAt: number;
  modifiedBy: string;
  /** Subject ids of the immediate members, in the order they were added. */
  members: string[];
  grants: Grant[];
}

export interface GrouperState {
  subjects: Map<string, SubjectRecord>;
  folders: Map<string, FolderRecord>;
  groups: Map<string, GroupRecord>;
  /** Grouper's sequential id_index, shared by folders and groups. */
  lastIndex: number;
}

export function nextIndex(state: GrouperState): string {
  state.lastIndex += 1;
  return String(state.lastIndex);
}

/** The folder a folder or group lives in: everything before the last colon. */
export const parentOf = (name: string): string => name.slice(0, Math.max(name.lastIndexOf(":"), 0));

/** The last segment of a name (Grouper's "extension"). */
export const extensionOf = (name: string): string => name.slice(name.lastIndexOf(":") + 1);
