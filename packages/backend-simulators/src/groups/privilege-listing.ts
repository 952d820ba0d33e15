import { mayOnFolder, mayOnGroup } from "./access.js";
import type { HeldPrivilege } from "./privileges.js";
import type { FolderRecord, GrouperState, GroupRecord } from "./state.js";

/**
 * Whether the actor may see the privileges held on a group or folder: Grouper's privilege listings leave out those
 * on groups the actor does not administer and on folders it has no `stem` privilege on (GrouperServiceLogic
 * removePrivsNotAllowedToSee, unless a whitelist group is configured, which this deployment is not taken to have).
 */
export const maySeePrivileges = (
  state: GrouperState,
  actor: string,
  on: { group: GroupRecord } | { folder: FolderRecord },
) => ("group" in on ? mayOnGroup(state, on.group, actor, "admin") : mayOnFolder(state, on.folder, actor, "stem"));

/** iplant-groups' subject-source-id filter (clients/grouper.clj filter-privileges-by-subject-source-id). */
export const fromSource = (state: GrouperState, held: HeldPrivilege, sourceId: string | undefined) =>
  !sourceId || subjectSource(state, held.subjectId) === sourceId;

function subjectSource(state: GrouperState, subjectId: string): string | undefined {
  const person = state.subjects.get(subjectId);
  if (person) return person.source_id;
  return [...state.groups.values()].some((group) => group.id === subjectId) ? "g:gsa" : undefined;
}
