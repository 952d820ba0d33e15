import { defineModule } from "../framework/module.js";
import { installGrouperErrors } from "./errors.js";
import { folderRoutes } from "./folder-routes.js";
import { groupRoutes } from "./group-routes.js";
import { memberRoutes } from "./member-routes.js";
import { privilegeRoutes } from "./privilege-routes.js";
import { seedGrouper } from "./seed.js";
import type { GrouperState } from "./state.js";
import { subjectPrivilegeRoutes } from "./subject-privilege-routes.js";
import { subjectRoutes } from "./subject-routes.js";

function makeState(): GrouperState {
  const state: GrouperState = { subjects: new Map(), folders: new Map(), groups: new Map(), lastIndex: 0 };
  seedGrouper(state);
  return state;
}

/**
 * The groups backend (iplant-groups, a REST layer over Grouper): subjects, folders, groups, memberships
 * and access privileges, every call made as the subject named in `?user=` and checked against its
 * privileges. Missing or invisible entries answer 404, missing privileges 403, duplicates 409.
 */
export const grouper = defineModule<GrouperState>({
  makeState,
  async routes(app, state) {
    await app.register(async (scope) => {
      installGrouperErrors(scope);
      subjectRoutes(scope, state);
      folderRoutes(scope, state);
      groupRoutes(scope, state);
      memberRoutes(scope, state);
      privilegeRoutes(scope, state);
      subjectPrivilegeRoutes(scope, state);
    });
  },
});
