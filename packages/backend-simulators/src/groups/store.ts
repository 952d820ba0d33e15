import { randomUUID } from "node:crypto";
import { grant } from "./access.js";
import {
  extensionOf,
  type FolderRecord,
  type GrouperState,
  type GroupRecord,
  nextIndex,
  type SubjectRecord,
} from "./state.js";

/** Grouper ids are UUIDs written as 32 hex digits. */
const newId = () => randomUUID().replace(/-/g, "");

export interface NewEntry {
  name: string;
  description?: string;
  displayExtension?: string;
}

/** Creates a folder; its creator administers it (the `stem` privilege), as in Grouper. */
export function createFolder(state: GrouperState, entry: NewEntry, creator: string): FolderRecord {
  const folder: FolderRecord = {
    id: newId(),
    idIndex: nextIndex(state),
    name: entry.name,
    displayExtension: entry.displayExtension || extensionOf(entry.name),
    description: entry.description ?? "",
    grants: [],
  };
  grant(folder.grants, creator, "stem");
  state.folders.set(folder.name, folder);
  return folder;
}

/** Creates a group; its creator gets the `admin` privilege, as in Grouper. */
export function createGroup(state: GrouperState, entry: NewEntry & { type?: string }, creator: string): GroupRecord {
  const now = Date.now();
  const group: GroupRecord = {
    id: newId(),
    idIndex: nextIndex(state),
    name: entry.name,
    displayExtension: entry.displayExtension || extensionOf(entry.name),
    description: entry.description ?? "",
    type: entry.type ?? "group",
    createdAt: now,
    createdBy: creator,
    modifiedAt: now,
    modifiedBy: creator,
    members: [],
    grants: [],
  };
  grant(group.grants, creator, "admin");
  state.groups.set(group.name, group);
  return group;
}

export function addSubjects(state: GrouperState, subjects: readonly SubjectRecord[]): void {
  for (const subject of subjects) state.subjects.set(subject.id, { ...subject });
}
