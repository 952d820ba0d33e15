import { GrouperError } from "./errors.js";

/**
 * Grouper's refusals as iplant-groups passes them on (clients/grouper.clj ~28-49): `with-trap` names Grouper's 400,
 * 404 and 500 ERR_BAD_REQUEST, ERR_NOT_FOUND and ERR_REQUEST_FAILED, `build-error-object` keeps only the result
 * metadata of the whole request (no reason, no per-item code), and clojure-commons' unchecked-handler answers that
 * map with 500 whatever Grouper's status was (exception.clj ~142-153).
 */
const ERROR_CODES = { 400: "ERR_BAD_REQUEST", 404: "ERR_NOT_FOUND", 500: "ERR_REQUEST_FAILED" } as const;

export const grouperRefusal = (grouperStatus: 400 | 404 | 500, resultCode: string, resultMessage: string | null) =>
  new GrouperError(500, {
    error_code: ERROR_CODES[grouperStatus],
    grouper_result_code: resultCode,
    grouper_result_message: resultMessage,
  });

/**
 * Grouper's batch calls: one failed item (a subject, a group, a folder) gives the whole request this result code and
 * message (the tallyResults of WsGroupSaveResults, WsGroupDeleteResults, WsStemSaveResults, WsGetMembersResults,
 * WsGetGroupsResults and WsAssignGrouperPrivilegesResults in Internet2/grouper grouper-ws), HTTP 500.
 */
const BATCHES = {
  saveGroup: ["PROBLEM_SAVING_GROUPS", "saving groups"],
  deleteGroup: ["PROBLEM_DELETING_GROUPS", "deleting groups"],
  saveFolder: ["PROBLEM_SAVING_STEMS", "saving stems"],
  getMembers: ["PROBLEM_GETTING_MEMBERS", "getting members for groups"],
  groupsForSubject: ["PROBLEM_RETRIEVING_GROUPS", "groups retrieved for subjects"],
  assignPrivileges: ["PROBLEM_WITH_ASSIGNMENT", "users assigned privileges"],
} as const;

export function batchFailure(batch: keyof typeof BATCHES, failures = 1, successes = 0): GrouperError {
  const [code, what] = BATCHES[batch];
  return grouperRefusal(500, code, `There were ${successes} successes and ${failures} failures of ${what}.   `);
}

/** A folder a search or a listing is limited to that Grouper cannot find: its lookup's invalid query (HTTP 400). */
export const folderNotFoundInQuery = (name: string) =>
  grouperRefusal(400, "INVALID_QUERY", `Cant find stem: '${name}'`);

/**
 * A group or subject the privilege calls cannot find: GrouperServiceLogic getGrouperPrivilegesLite answers the code
 * alone (HTTP 404), assignGrouperPrivileges its WsInvalidQueryException's message with it.
 */
export const lookupNotFound = (
  resultCode: "GROUP_NOT_FOUND" | "STEM_NOT_FOUND" | "SUBJECT_NOT_FOUND",
  message: string | null = null,
) => grouperRefusal(404, resultCode, message);
