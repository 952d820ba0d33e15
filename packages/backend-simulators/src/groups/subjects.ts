import { mayOnGroup } from "./access.js";
import { subjectNotFound } from "./errors.js";
import { formatGroupSubject, formatSubject } from "./format.js";
import { groupById } from "./membership.js";
import type { GrouperState } from "./state.js";

/**
 * A subject by id as Grouper's sources find it: a person or pseudo-subject of the directory, or a group the actor may
 * see (Grouper's group source, `g:gsa`, as the subject search finds them); undefined when none does.
 */
export function findSubject(state: GrouperState, id: string, actor: string): Record<string, string> | undefined {
  const person = state.subjects.get(id);
  if (person) return formatSubject(person);
  const group = groupById(state, id);
  return group && mayOnGroup(state, group, actor, "view") ? formatGroupSubject(group) : undefined;
}

/** A subject by id, or iplant-groups' SUBJECT_NOT_FOUND (service/format.clj format-subject). */
export function existingSubject(state: GrouperState, id: string, actor: string): Record<string, string> {
  const subject = findSubject(state, id, actor);
  if (!subject) throw subjectNotFound(id);
  return subject;
}
