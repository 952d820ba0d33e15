import { answers, NoBody } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest } from "../framework/problems.js";
import { WorkspaceListing } from "./answer-schemas/users.js";
import { type LoginState, workspaceAnswer } from "./login.js";

const usernamesOf = (query: Record<string, unknown>): string[] =>
  [query.username].flat().filter((name): name is string => typeof name === "string" && name !== "");

/**
 * Apps backend: administrators list and delete users' workspaces (`?username=`, repeatable). The
 * workspaces are the ones `GET /workspaces` creates at a user's first login (the login family's state).
 */
export const workspaceAdministration = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) =>
    backendScope(app, (scope) => {
      const workspaces = () => (all().login as LoginState).workspaces;
      scope.get("/admin/workspaces", answers({ 200: WorkspaceListing }), async (request) => {
        callerOf(request);
        const usernames = usernamesOf(queryOf(request));
        const found = [...workspaces()].filter(([username]) => !usernames.length || usernames.includes(username));
        return { workspaces: found.map(([, workspace]) => workspaceAnswer(workspace, false)) };
      });
      scope.delete("/admin/workspaces", answers({ 200: NoBody }), async (request, reply) => {
        callerOf(request);
        const usernames = usernamesOf(queryOf(request));
        if (!usernames.length) {
          throw badRequest("name the workspaces to delete with username", "ERR_MISSING_QUERY_PARAMETER");
        }
        for (const username of usernames) workspaces().delete(username);
        return reply.code(200).send();
      });
    }),
});
