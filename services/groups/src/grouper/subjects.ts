import type { Subject } from "../schemas.js";

/** Grouper's pseudo-subject meaning every user: privileges granted to it are public. */
export const ALL_USERS = "GrouperAll";

/** Grouper's sources of pseudo-subjects (all users, the root account) and of groups. */
const NON_PERSON_SOURCES = new Set(["g:isa", "g:gsa"]);

/** A person of the directory, not a pseudo-subject, a group or the gateway's own account. */
export const isPerson = (subject: Subject, serviceAccount: string): boolean =>
  !NON_PERSON_SOURCES.has(subject.source_id ?? "") && subject.id !== serviceAccount;

/** Grouper's source of group subjects. */
export const isGroupSubject = (subject: Subject): boolean => subject.source_id === "g:gsa";
