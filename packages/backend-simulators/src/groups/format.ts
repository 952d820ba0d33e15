import { groupById } from "./membership.js";
import type { HeldPrivilege } from "./privileges.js";
import type { FolderRecord, GrouperState, GroupRecord, SubjectRecord } from "./state.js";
import { extensionOf, parentOf } from "./state.js";

/** Grouper's display name: the display extensions of every folder on the way, then the entry's own. */
function displayNameOf(state: GrouperState, name: string, displayExtension: string): string {
  const parent = parentOf(name);
  if (!parent) return displayExtension;
  const folder = state.folders.get(parent);
  return `${displayNameOf(state, parent, folder?.displayExtension ?? extensionOf(parent))}:${displayExtension}`;
}

/** A subject as the groups backend lists it; empty attributes are left out. */
export function formatSubject(subject: SubjectRecord | Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(subject).filter(([, value]) => value !== undefined && value !== ""));
}

/**
 * A group as Grouper's group source (`g:gsa`) finds it in a subject search: its uuid as the id, its full name as the
 * name, its description when it has one.
 */
export function formatGroupSubject(group: GroupRecord): Record<string, string> {
  return formatSubject({ id: group.id, name: group.name, description: group.description, source_id: "g:gsa" });
}

/** A subject by id: a person or pseudo-subject of the directory, or a group; one no source knows, with its id only. */
export function formatSubjectId(state: GrouperState, id: string): Record<string, string> {
  const subject = state.subjects.get(id);
  if (subject) return formatSubject(subject);
  const group = groupById(state, id);
  return group ? formatGroupSubject(group) : { id };
}

export function formatGroup(state: GrouperState, group: GroupRecord, withDetail = false): Record<string, unknown> {
  const formatted: Record<string, unknown> = {
    description: group.description,
    display_extension: group.displayExtension,
    display_name: displayNameOf(state, group.name, group.displayExtension),
    extension: extensionOf(group.name),
    id_index: group.idIndex,
    name: group.name,
    type: group.type,
    id: group.id,
  };
  if (withDetail) {
    formatted.detail = {
      created_at: group.createdAt,
      created_by: group.createdBy,
      modified_at: group.modifiedAt,
      modified_by: group.modifiedBy,
      has_composite: false,
      is_composite_factor: false,
      type_names: [],
    };
  }
  return formatted;
}

/**
 * A group of a listing that asked for details (group search, groups of a subject): its creator's subject added to the
 * detail when the directory knows it (service/subjects.clj add-creator-details-to-groups; a single group's detail has
 * none, service/groups.clj get-group, add-group, update-group).
 */
export function formatListedGroup(state: GrouperState, group: GroupRecord, details: boolean): Record<string, unknown> {
  const formatted = formatGroup(state, group, details);
  const creator = state.subjects.get(group.createdBy);
  if (!details || !creator) return formatted;
  return { ...formatted, detail: { ...(formatted.detail as object), created_by_detail: formatSubject(creator) } };
}

export function formatFolder(state: GrouperState, folder: FolderRecord): Record<string, unknown> {
  return {
    description: folder.description,
    display_extension: folder.displayExtension,
    display_name: displayNameOf(state, folder.name, folder.displayExtension),
    extension: extensionOf(folder.name),
    id_index: folder.idIndex,
    name: folder.name,
    id: folder.id,
  };
}

/**
 * A privilege entry: `access` privileges are on groups, `naming` privileges on folders. The subject is the one who
 * holds it; only one granted to that subject itself can be revoked from it (Grouper's AccessPrivilege isRevokable).
 */
export function formatPrivilege(
  state: GrouperState,
  held: HeldPrivilege,
  on: { group: GroupRecord } | { folder: FolderRecord },
): Record<string, unknown> {
  return {
    type: "group" in on ? "access" : "naming",
    name: held.privilege,
    allowed: true,
    revokable: held.ownerId === held.subjectId,
    ...("group" in on ? { group: formatGroup(state, on.group) } : { folder: formatFolder(state, on.folder) }),
    subject: formatSubjectId(state, held.subjectId),
  };
}
