import { forbidden } from "@de-gateway/service-kit";
import type { GroupsBackend, Target } from "./grouper/groups-backend.js";

/**
 * Only a group's administrators change it: checked before anything is changed, so that anyone else gets 403 and
 * nothing happens. Grouper's refusal would come as the whole request's failure (PROBLEM_SAVING_GROUPS and the like),
 * saying nothing of why.
 */
export async function assertAdministrator(backend: GroupsBackend, target: Target, what: string): Promise<void> {
  if (!(await backend.holds(target, backend.actor, ["admin"]))) {
    throw forbidden(`only an administrator of ${target.label} may ${what}`);
  }
}
