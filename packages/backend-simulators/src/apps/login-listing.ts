import { answers } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest } from "../framework/problems.js";
import { ListLoginsResponse } from "./answer-schemas/users.js";
import type { LoginState } from "./login.js";

const DEFAULT_LIMIT = 5;

/**
 * Apps backend: `GET /users/logins?user&limit` lists the caller's most recent logins (the records `POST
 * /users/login` made), newest first, `limit` of them (5 when not given): `{logins: [{ip_address, login_time}]}`.
 * A limit that is not a positive whole number is 400, as the real backend's schema and check refuse it.
 */
export const loginListing = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) =>
    backendScope(app, (scope) => {
      scope.get("/users/logins", answers({ 200: ListLoginsResponse }), async (request) => {
        const { username } = callerOf(request);
        const given = queryOf(request).limit;
        const limit = given === undefined ? DEFAULT_LIMIT : Number(given);
        if (!Number.isInteger(limit) || limit <= 0) {
          throw badRequest("the value of the 'limit' query parameter must be positive");
        }
        const { logins } = all().login as LoginState;
        const recent = logins
          .filter((login) => login.username === username)
          .sort((a, b) => b.login_time - a.login_time)
          .slice(0, limit);
        return { logins: recent.map(({ ip_address, login_time }) => ({ ip_address, login_time })) };
      });
    }),
});
