import type { PermissionsState } from "./store.js";
import { put } from "./store.js";

/**
 * Registers a new resource with its creator as owner, as the apps backend does with the permissions service when
 * an analysis is submitted.
 */
export function grantOwnership(state: PermissionsState, resourceType: string, resourceName: string, username: string) {
  put(state, {
    resource_type: resourceType,
    resource_name: resourceName,
    subject_type: "user",
    subject_id: username,
    permission_level: "own",
  });
}
