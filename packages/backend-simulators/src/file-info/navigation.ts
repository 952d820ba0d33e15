import { DEMO_USERS } from "../demo-users.js";
import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { MISSING } from "../framework/schema-refusals.js";
import { UserBasePaths } from "./answer-schemas.js";
import { ADMIN_ACCOUNT, ANONYMOUS_USER } from "./permissions.js";

/** The simulated iRODS zone: homes under `/iplant/home`, users' trash under `/iplant/trash/home` (clj-jargon trash-base-dir). */
export const IRODS_ZONE = "iplant";
export const IRODS_HOME = `/${IRODS_ZONE}/home`;
export const BASE_TRASH_PATH = `/${IRODS_ZONE}/trash/home`;

export const userHomePath = (user: string): string => `${IRODS_HOME}/${user}`;
export const userTrashPath = (user: string): string => `${BASE_TRASH_PATH}/${user}`;

// compojure-api refuses a query without the `user` its schema requires (schema-refusals.ts).
const MISSING_USER = { error_code: "ERR_ILLEGAL_ARGUMENT", reason: { user: MISSING } };

/**
 * Accounts of platform services: users share data with `coge` (CoGe reads and writes as it), the gateway
 * stages and publishes folders as the administrative account, and visitors who have not signed in read as
 * `anonymous` (what the `public` group or an anonymized link lets everyone read).
 */
export const SERVICE_ACCOUNTS = ["coge", ADMIN_ACCOUNT, ANONYMOUS_USER] as const;

export interface NavigationState {
  /** Users known to the data store; base paths of anyone else are refused with ERR_NOT_A_USER. */
  users: Set<string>;
}

/**
 * File-info backend: base paths of a user's home and trash (used by bootstrap), as cyverse-de/data-info's
 * `GET /navigation/base-paths?user=` answers them: `{user_home_path, user_trash_path, base_trash_path}`.
 */
export const navigation = defineModule<NavigationState>({
  makeState: () => ({ users: new Set([...DEMO_USERS.map((user) => user.username), ...SERVICE_ACCOUNTS]) }),
  routes(app, state) {
    app.get("/navigation/base-paths", answers({ 200: UserBasePaths }), async (request, reply) => {
      const { user } = request.query as { user?: string };
      if (!user) return reply.code(400).send(MISSING_USER);
      if (!state().users.has(user))
        // data-info answers ERR_NOT_A_USER, as most of its refusals, with 500.
        return reply.code(500).send({ error_code: "ERR_NOT_A_USER", reason: `no such user: ${user}`, user });
      return {
        user_home_path: userHomePath(user),
        user_trash_path: userTrashPath(user),
        base_trash_path: BASE_TRASH_PATH,
      };
    });
  },
});
