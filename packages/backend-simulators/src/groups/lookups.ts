import { mayOnGroup } from "./access.js";
import { badRequest, folderNotFound, groupNotFound, subjectNotFound } from "./errors.js";
import type { FolderRecord, GrouperState, GroupRecord, SubjectRecord } from "./state.js";

/** Every groups backend call names the subject it acts as in `?user=`. */
export function actorOf(query: unknown): string {
  const user = (query as { user?: unknown }).user;
  if (typeof user !== "string" || !user) throw badRequest("the user query parameter is required");
  return user;
}

export const isTrue = (value: unknown): boolean => value === "true" || value === true;

/** A group the actor may see; one it may not see is reported as missing, as Grouper does. */
export function visibleGroup(state: GrouperState, name: string, actor: string): GroupRecord {
  const group = state.groups.get(name);
  if (!group || !mayOnGroup(group, actor, "view")) throw groupNotFound(name);
  return group;
}

export function existingFolder(state: GrouperState, name: string): FolderRecord {
  const folder = state.folders.get(name);
  if (!folder) throw folderNotFound(name);
  return folder;
}

export function existingSubject(state: GrouperState, id: string): SubjectRecord {
  const subject = state.subjects.get(id);
  if (!subject) throw subjectNotFound(id);
  return subject;
}

/** Whether `name` is inside `folder` (at any depth). */
export const isWithin = (name: string, folder: string): boolean => name.startsWith(`${folder}:`);
