import type { Static } from "typebox";
import { demoUser } from "../demo-users.js";
import { answers, NoBody } from "../framework/answers.js";
import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope } from "../framework/problems.js";
import { Collaborators } from "./answer-schemas/users.js";

export interface CollaboratorsState {
  /** Each user's collaborators (user names), in the order they were added. */
  byUser: Map<string, string[]>;
}

type CollaboratorList = Static<typeof Collaborators>;

/** A collaborator as the apps backend describes one (it looks the details up in the user directory). */
function describe(username: string): Record<string, string> {
  const user = demoUser(username);
  if (!user) return { username };
  return {
    username,
    firstname: user.firstName,
    lastname: user.lastName,
    email: user.email,
    institution: user.institution,
  };
}

/**
 * Apps backend: a user's collaborators. `GET /collaborators` lists them as `{users: [...]}`;
 * `POST /collaborators` adds and `POST /collaborators/shredder` removes the `users` of the body
 * (by `username`), both answering 200 without a body.
 */
export const collaborators = defineModule<CollaboratorsState>({
  makeState: () => ({ byUser: new Map() }),
  async routes(app, state) {
    await backendScope(app, (scope) => {
      scope.get("/collaborators", answers({ 200: Collaborators }), async (request) => {
        const { username } = callerOf(request);
        return { users: (state().byUser.get(username) ?? []).map(describe) };
      });

      scope.post<{ Body: CollaboratorList }>(
        "/collaborators",
        { schema: { body: Collaborators }, ...answers({ 200: NoBody }) },
        async (request, reply) => {
          const { username } = callerOf(request);
          const current = state().byUser.get(username) ?? [];
          const added = request.body.users.map((user) => user.username).filter((name) => !current.includes(name));
          state().byUser.set(username, [...current, ...new Set(added)]);
          return reply.code(200).send();
        },
      );

      scope.post<{ Body: CollaboratorList }>(
        "/collaborators/shredder",
        { schema: { body: Collaborators }, ...answers({ 200: NoBody }) },
        async (request, reply) => {
          const { username } = callerOf(request);
          const removed = new Set(request.body.users.map((user) => user.username));
          const current = state().byUser.get(username) ?? [];
          state().byUser.set(
            username,
            current.filter((name) => !removed.has(name)),
          );
          return reply.code(200).send();
        },
      );
    });
  },
});
