import { groupById } from "./membership.js";
import type { GrouperState } from "./state.js";

/**
 * A subject's source as Grouper's members table has it (what the permissions service reads, clients/grouper/grouper.go
 * AddSourceIDToPermissions): the directory's people and pseudo-subjects, and groups (`g:gsa`), are taken to have
 * their rows; any other subject has none.
 */
export const memberSourceOf =
  (state: () => GrouperState) =>
  (subjectId: string): string | undefined =>
    state().subjects.get(subjectId)?.source_id ?? (groupById(state(), subjectId) ? "g:gsa" : undefined);
