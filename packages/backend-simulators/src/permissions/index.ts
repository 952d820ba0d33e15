import { defineModule, moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { installPermissionsErrors } from "./errors.js";
import { groupCopyRoutes } from "./group-copies.js";
import { type GroupsOf, resourceRoutes } from "./resource-routes.js";
import type { PermissionGrant, PermissionsState, SourceOf } from "./store.js";

export type { PermissionGrant, PermissionLevel, PermissionsState } from "./store.js";

export interface PermissionsSimulatorOptions extends SimulatorOptions {
  /** The groups a user is a member of, for lookups through group grants (the platform passes Grouper's). */
  groupsOf?: GroupsOf;
  /** A subject's source in Grouper's members table (the platform passes the groups simulator's); none when unknown. */
  sourceOf?: SourceOf;
  /**
   * Grants other services keep registered here, read where they are kept: the apps backend registers each analysis
   * with its owner and those it is shared with (the platform passes the apps simulator's analyses).
   */
  registered?: () => PermissionGrant[];
}

/** The permissions service (cyverse-de/permissions): who holds which level on apps, analyses, tools, …. */
export function createPermissionsSimulator(options: PermissionsSimulatorOptions = {}) {
  const groupsOf = options.groupsOf ?? (() => []);
  const sourceOf = options.sourceOf ?? (() => undefined);
  const registered = options.registered ?? (() => []);
  const permissions = defineModule<PermissionsState>({
    makeState: () => ({ grants: [], subjects: new Map() }),
    async routes(app, state) {
      const grants = () => [...registered(), ...state().grants];
      await app.register(async (scope) => {
        installPermissionsErrors(scope);
        resourceRoutes(scope, grants, state, groupsOf, sourceOf);
        groupCopyRoutes(scope, state, grants);
      });
    },
  });
  return moduleSimulator("permissions", { permissions }, options);
}
export type PermissionsSimulator = ReturnType<typeof createPermissionsSimulator>;
