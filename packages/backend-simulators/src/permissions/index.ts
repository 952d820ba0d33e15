import { defineModule, moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { groupCopyRoutes } from "./group-copies.js";
import { type GroupsOf, resourceRoutes } from "./resource-routes.js";
import type { PermissionGrant, PermissionsState } from "./store.js";

export type { PermissionGrant, PermissionLevel, PermissionsState } from "./store.js";

export interface PermissionsSimulatorOptions extends SimulatorOptions {
  /** The groups a user is a member of, for lookups through group grants (the platform passes Grouper's). */
  groupsOf?: GroupsOf;
  /**
   * Grants other services keep registered here, read where they are kept: the apps backend registers each analysis
   * with its owner and those it is shared with (the platform passes the apps simulator's analyses).
   */
  registered?: () => PermissionGrant[];
}

/** The permissions service (cyverse-de/permissions): who holds which level on apps, analyses, tools, …. */
export function createPermissionsSimulator(options: PermissionsSimulatorOptions = {}) {
  const groupsOf = options.groupsOf ?? (() => []);
  const registered = options.registered ?? (() => []);
  const permissions = defineModule<PermissionsState>({
    makeState: () => ({ grants: [] }),
    routes(app, state) {
      resourceRoutes(app, () => [...registered(), ...state().grants], state, groupsOf);
      groupCopyRoutes(app, state);
    },
  });
  return moduleSimulator("permissions", { permissions }, options);
}
export type PermissionsSimulator = ReturnType<typeof createPermissionsSimulator>;
