import { badRequest } from "@de-gateway/service-kit";
import type { GroupsBackend } from "./grouper/groups-backend.js";

/**
 * Refuses (400, naming them) subjects that no source knows, before anything is changed. The groups backend cannot
 * be left to: Grouper makes the changes for the subjects it knows, and iplant-groups then fails its own answer
 * (500 ERR_SCHEMA_VALIDATION for a membership, PROBLEM_WITH_ASSIGNMENT for a privilege), half of the request done.
 */
export async function assertKnownSubjects(backend: GroupsBackend, ids: readonly string[]): Promise<void> {
  const unknown = await backend.unknown(ids);
  if (unknown.length > 0) {
    throw badRequest(`no user or group is known as ${unknown.join(", ")}`, "ERR_BAD_REQUEST", { subject_ids: unknown });
  }
}
