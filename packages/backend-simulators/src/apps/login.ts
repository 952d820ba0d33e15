import { randomUUID } from "node:crypto";
import { answers } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, notFound } from "../framework/problems.js";
import { LoginResponse, Workspace } from "./answer-schemas/users.js";

/** One row of the apps backend's login table. */
export interface LoginRecord {
  username: string;
  ip_address: string;
  /** Milliseconds since the epoch; with the username and IP address it identifies the record. */
  login_time: number;
}

/**
 * A user's workspace: what `GET /workspaces` describes (without the `new_workspace` flag), and the ids of the two
 * categories the backend makes under its root category with it (`apps.workspace.default-app-categories`).
 */
export interface WorkspaceRecord {
  id: string;
  user_id: string;
  root_category_id: string;
  is_public: boolean;
  development_category_id: string;
  favorites_category_id: string;
}

/** A workspace as the backend answers it (`schema/apps/workspace.clj`). */
export const workspaceAnswer = (workspace: WorkspaceRecord, isNew: boolean) => ({
  id: workspace.id,
  user_id: workspace.user_id,
  root_category_id: workspace.root_category_id,
  is_public: workspace.is_public,
  new_workspace: isNew,
});

export interface LoginState {
  /** Internal user ids, created the first time the backend sees a user (as the real one does). */
  userIds: Map<string, string>;
  logins: LoginRecord[];
  workspaces: Map<string, WorkspaceRecord>;
}

/**
 * The user's workspace, which the backend's listings, searches, details, favorite marks and app creation all read
 * (`apps.workspace/get-workspace`): a user it has never been asked for (`GET /workspaces`) is refused with 404.
 */
export function workspaceOf(all: () => Record<string, unknown>, username: string): WorkspaceRecord {
  const found = workspacesOf(all).get(username);
  if (!found) throw notFound("Workspace for user not found.", { username });
  return found;
}

/** Every user's workspace, by username. */
export const workspacesOf = (all: () => Record<string, unknown>): Map<string, WorkspaceRecord> =>
  (all().login as LoginState).workspaces;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** `POST /users/login` takes these query parameters and refuses any other, as its schema (`LoginParams`) does. */
const LOGIN_PARAMS = new Set(["user", "email", "first-name", "last-name", "ip-address", "session-id", "login-time"]);

function userIdOf(state: LoginState, username: string): string {
  let id = state.userIds.get(username);
  if (!id) {
    id = randomUUID();
    state.userIds.set(username, id);
  }
  return id;
}

/** The backend's clock, kept strictly increasing per user so that a login time identifies one record. */
function nextLoginTime(state: LoginState, username: string): number {
  const latest = Math.max(0, ...state.logins.filter((login) => login.username === username).map((l) => l.login_time));
  return Math.max(Date.now(), latest + 1);
}

/**
 * Apps backend: login records and workspaces (used by bootstrap), as in cyverse-de/apps:
 * - `POST /users/login?user&ip-address` records a login: `{login_time, auth_redirect}`; any parameter outside its
 *   schema (a `user-agent`, say) is 400 `ERR_ILLEGAL_ARGUMENT`.
 * - `GET /workspaces?user` returns the user's workspace, creating it on the first call (`new_workspace`).
 * Logouts are not recorded: the service dropped `POST /users/logout` and the logout time in 2024 (7de4910).
 */
/**
 * The user anonymous visitors are served as (the gateway names them so) has had a workspace since the platform began:
 * the app details they read need one, and no visitor asks for theirs.
 */
function withAnonymousWorkspace(state: LoginState): LoginState {
  createWorkspace(state, "anonymous");
  return state;
}

/** A new workspace with its own root category and the two under it, as `create-workspace` makes them. */
function createWorkspace(state: LoginState, username: string): WorkspaceRecord {
  const created: WorkspaceRecord = {
    id: randomUUID(),
    user_id: userIdOf(state, username),
    root_category_id: randomUUID(),
    is_public: false,
    development_category_id: randomUUID(),
    favorites_category_id: randomUUID(),
  };
  state.workspaces.set(username, created);
  return created;
}

/** Gives each user without one the workspace their first login would have made. */
export function openWorkspaces(all: () => Record<string, unknown>, usernames: readonly string[]): void {
  const state = all().login as LoginState;
  for (const username of usernames) if (!state.workspaces.has(username)) createWorkspace(state, username);
}

export const login = defineModule<LoginState>({
  makeState: () => withAnonymousWorkspace({ userIds: new Map(), logins: [], workspaces: new Map() }),
  routes: (app, state) =>
    backendScope(app, (scope) => {
      scope.post("/users/login", answers({ 200: LoginResponse }), async (request) => {
        const { username } = callerOf(request);
        const query = queryOf(request);
        const unknown = Object.keys(query).find((name) => !LOGIN_PARAMS.has(name));
        if (unknown) throw badRequest(`${unknown}: disallowed-key`, "ERR_ILLEGAL_ARGUMENT");
        const ipAddress = text(query["ip-address"]);
        if (!ipAddress) throw badRequest("the ip-address query parameter is required", "ERR_MISSING_QUERY_PARAMETER");
        userIdOf(state(), username);
        const record: LoginRecord = {
          username,
          ip_address: ipAddress,
          login_time: nextLoginTime(state(), username),
        };
        state().logins.push(record);
        return { login_time: record.login_time, auth_redirect: {} };
      });

      scope.get("/workspaces", answers({ 200: Workspace }), async (request) => {
        const { username } = callerOf(request);
        const existing = state().workspaces.get(username);
        if (existing) return workspaceAnswer(existing, false);
        return workspaceAnswer(createWorkspace(state(), username), true);
      });
    }),
});
