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
 * privileges (held directly, through the groups it belongs to, or through GrouperAll). iplant-groups answers its
 * own refusals itself (404 for a group, folder or subject it cannot find, 403 for a folder one may not create in,
 * 400 for a request its schemas refuse); every refusal of Grouper's it passes on with 500 and Grouper's result code
 * for the whole request (errors.ts, grouper-failures.ts).
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
