import { DEMO_USERS } from "../demo-users.js";
import { EVERYONE, grant, WHEEL } from "./access.js";
import type { GrouperState, SubjectRecord } from "./state.js";
import { addSubjects, createFolder, createGroup } from "./store.js";

/** The platform's folder in Grouper (the gateway's GROUPER_FOLDER_PREFIX default). */
export const GROUPER_ROOT_FOLDER = "iplant:de:dev";
/** The account the gateway uses for its own steps (the gateway's GROUPER_USER default). */
export const GROUPER_ADMIN = "de_grouper";
/** How many extra directory entries share the word "workshop" in user name, real name and e-mail. */
export const WORKSHOP_USER_COUNT = 60;

/** The people directory's source id in Grouper. */
export const LDAP = "ldap";

const pseudoSubjects: SubjectRecord[] = [
  { id: EVERYONE, name: "EveryEntity", source_id: "g:isa" },
  { id: WHEEL, name: "GrouperSysAdmin", source_id: "g:isa" },
];

const people: SubjectRecord[] = [
  ...DEMO_USERS.map((user) => ({
    id: user.username,
    name: `${user.firstName} ${user.lastName}`,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    institution: user.institution,
    source_id: LDAP,
  })),
  { id: GROUPER_ADMIN, name: "DE Grouper", first_name: "DE", last_name: "Grouper", source_id: LDAP },
];

/** A directory larger than one search page: enough people to show user-search truncation. */
const workshopUsers: SubjectRecord[] = Array.from({ length: WORKSHOP_USER_COUNT }, (_, index) => {
  const number = String(index + 1).padStart(2, "0");
  return {
    id: `workshop${number}`,
    name: `Workshop Attendee ${number}`,
    first_name: "Workshop",
    last_name: `Attendee ${number}`,
    email: `workshop${number}@example.org`,
    institution: "Summer Workshop",
    source_id: LDAP,
  };
});

/**
 * The platform's Grouper as deployed: its folder, the users folder (both administered by the gateway's
 * account), and one public demo team of carol's that anyone may join.
 */
export function seedGrouper(state: GrouperState): void {
  addSubjects(state, [...pseudoSubjects, ...people, ...workshopUsers]);
  createFolder(state, { name: "iplant" }, WHEEL);
  createFolder(state, { name: "iplant:de" }, WHEEL);
  const root = createFolder(state, { name: GROUPER_ROOT_FOLDER }, WHEEL);
  grant(root.grants, GROUPER_ADMIN, "stem");
  createFolder(state, { name: `${GROUPER_ROOT_FOLDER}:users` }, GROUPER_ADMIN);
  createFolder(state, { name: `${GROUPER_ROOT_FOLDER}:teams` }, GROUPER_ADMIN);
  const carols = createFolder(state, { name: `${GROUPER_ROOT_FOLDER}:teams:carol` }, GROUPER_ADMIN);
  grant(carols.grants, "carol", "stem");
  const news = createGroup(
    state,
    { name: `${GROUPER_ROOT_FOLDER}:teams:carol:platform-news`, description: "News about the platform" },
    "carol",
  );
  for (const privilege of ["view", "optin"]) grant(news.grants, EVERYONE, privilege);
  grant(news.grants, GROUPER_ADMIN, "admin");
  news.members.push("carol");
  grant(news.grants, "carol", "optout");
}
