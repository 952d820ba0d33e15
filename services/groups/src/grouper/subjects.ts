import type { ListedSubject, Subject } from "../schemas.js";
import { relativeTo } from "./names.js";

/** Grouper's pseudo-subject meaning every user: privileges granted to it are public. */
export const ALL_USERS = "GrouperAll";

/** Grouper's sources of pseudo-subjects (all users, the root account) and of groups. */
const NON_PERSON_SOURCES = new Set(["g:isa", "g:gsa"]);

/** A person of the directory, not a pseudo-subject, a group or the gateway's own account. */
export const isPerson = (subject: Subject, serviceAccount: string): boolean =>
  !NON_PERSON_SOURCES.has(subject.source_id ?? "") && subject.id !== serviceAccount;

/** Grouper's source of group subjects. */
export const isGroupSubject = (subject: Subject): boolean => subject.source_id === "g:gsa";

/**
 * A subject as the subject search lists it, as the reference does: `display_name` is the directory's name (a group's
 * full name), and a group in one of `folders` (the caller's collaborator lists, the teams, the communities) is named
 * without that folder, as clients name it.
 */
export function listedSubject(subject: Subject, folders: readonly string[]): ListedSubject {
  const { name } = subject;
  if (name === undefined) return { ...subject, display_name: subject.id };
  const folder = folders.find((candidate) => name.startsWith(`${candidate}:`));
  return { ...subject, display_name: name, name: folder ? relativeTo(folder, name) : name };
}
