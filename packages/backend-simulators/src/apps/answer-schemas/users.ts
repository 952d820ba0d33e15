import { Type } from "typebox";
import { Uuid } from "./common.js";
import { RedirectUris } from "./oauth.js";

// The apps service's answers about users: logins (common-swagger-api src/common_swagger_api/schema/sessions.clj),
// workspaces (schema/apps/workspace.clj; the admin listing is cyverse-de/apps src/apps/routes/schemas/workspace.clj)
// and collaborators (cyverse-de/apps src/apps/routes/schemas/collaborator.clj; its routes, src/apps/routes/
// collaborators.clj before commit 150e565, answered the listing and nothing to adding or removing).

/** sessions.clj `LoginResponse`: the login's time and the authorization URIs of the APIs without a token. */
export const LoginResponse = Type.Object({ login_time: Type.Integer(), auth_redirect: RedirectUris });

/** sessions.clj `ListLoginsResponse`. */
export const ListLoginsResponse = Type.Object({
  logins: Type.Array(Type.Object({ login_time: Type.Integer(), ip_address: Type.Optional(Type.String()) })),
});

/** workspace.clj `Workspace`. */
export const Workspace = Type.Object({
  id: Uuid,
  user_id: Uuid,
  root_category_id: Uuid,
  is_public: Type.Boolean(),
  new_workspace: Type.Boolean(),
});

/** apps routes/schemas/workspace.clj `WorkspaceListing`. */
export const WorkspaceListing = Type.Object({ workspaces: Type.Array(Workspace) });

/** apps routes/schemas/collaborator.clj `Collaborator`. */
export const Collaborator = Type.Object({
  id: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  firstname: Type.Optional(Type.String()),
  lastname: Type.Optional(Type.String()),
  username: Type.String(),
  position: Type.Optional(Type.String()),
  institution: Type.Optional(Type.String()),
});

/** apps routes/schemas/collaborator.clj `Collaborators`. */
export const Collaborators = Type.Object({ users: Type.Array(Collaborator) });
