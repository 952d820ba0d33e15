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

/** A subject id that no source knows is still reported, with only its id. */
export function formatSubjectId(state: GrouperState, id: string): Record<string, string> {
  const subject = state.subjects.get(id);
  return subject ? formatSubject(subject) : { id };
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
    const creator = state.subjects.get(group.createdBy);
    formatted.detail = {
      created_at: group.createdAt,
      created_by: group.createdBy,
      ...(creator ? { created_by_detail: formatSubject(creator) } : {}),
      modified_at: group.modifiedAt,
      modified_by: group.modifiedBy,
      has_composite: false,
      is_composite_factor: false,
      type_names: [],
    };
  }
  return formatted;
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

/** A privilege entry: `access` privileges are on groups, `naming` privileges on folders. */
export function formatPrivilege(
  state: GrouperState,
  subjectId: string,
  privilege: string,
  on: { group: GroupRecord } | { folder: FolderRecord },
): Record<string, unknown> {
  return {
    type: "group" in on ? "access" : "naming",
    name: privilege,
    allowed: true,
    revokable: true,
    ...("group" in on ? { group: formatGroup(state, on.group) } : { folder: formatFolder(state, on.folder) }),
    subject: formatSubjectId(state, subjectId),
  };
}
