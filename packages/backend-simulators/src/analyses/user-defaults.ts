import { randomUUID } from "node:crypto";
import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { Deletion, UserDefault, UserDefaults } from "./answer-schemas.js";
import type { AppsState } from "./apps-catalogue.js";
import { bind } from "./binding.js";
import { foreignKey, unique, uuidColumn } from "./constraints.js";
import { badRequest, echoScope, notFound } from "./echo-errors.js";
import { quickLaunchesOf } from "./quick-launches.js";
import { userOf } from "./users.js";

/** The quick launch a user wants an app's launch form filled from. */
export interface UserDefaultRecord {
  id: string;
  /** The qualified name of the user it belongs to. */
  user: string;
  quick_launch_id: string;
  app_id: string;
}

export interface UserDefaultsState {
  userDefaults: Map<string, UserDefaultRecord>;
}

type Id = { Params: { id: string } };

const FIELDS = { quick_launch_id: "string", app_id: "string" } as const;
const TABLE = "quick_launch_user_defaults";

/**
 * `/quicklaunch/defaults/user`: per-user defaults. A change must name both the quick launch and the app, as the
 * service requires; what the table refuses (an id that is no UUID, a second default of the user's for the app or
 * the quick launch, a quick launch or app that does not exist) fails with 500.
 */
export function userDefaults(apps: AppsState) {
  return defineModule<UserDefaultsState>({
    makeState: () => ({ userDefaults: new Map() }),
    routes: (app, state, all) =>
      echoScope(app, (scope) => {
        const columns = (fields: { quick_launch_id?: string; app_id?: string }) => ({
          quick_launch_id: uuidColumn(fields.quick_launch_id ?? ""),
          app_id: uuidColumn(fields.app_id ?? ""),
        });
        const defaultsOf = (user: string) =>
          [...state().userDefaults.values()].filter((userDefault) => userDefault.user === user);
        /** The table's UNIQUE (user_id, app_id), UNIQUE (user_id, quick_launch_id) and foreign keys. */
        const written = (user: string, row: { quick_launch_id: string; app_id: string }, except?: string) => {
          const others = defaultsOf(user).filter((userDefault) => userDefault.id !== except);
          unique(
            TABLE,
            ["user_id", "app_id"],
            others.some((other) => other.app_id === row.app_id),
          );
          unique(
            TABLE,
            ["user_id", "quick_launch_id"],
            others.some((other) => other.quick_launch_id === row.quick_launch_id),
          );
          foreignKey(TABLE, "quick_launch_id", quickLaunchesOf(all).quickLaunches.has(row.quick_launch_id));
          foreignKey(TABLE, "app_id", apps().catalog.apps.has(row.app_id));
          return row;
        };
        const defaultOf = (user: string, id: string) => {
          const userDefault = state().userDefaults.get(id);
          if (!userDefault || userDefault.user !== user) throw notFound("user default", id);
          return userDefault;
        };
        scope.get("/quicklaunch/defaults/user", answers({ 200: UserDefaults }), async (request) =>
          defaultsOf(userOf(request)),
        );
        scope.post("/quicklaunch/defaults/user", answers({ 200: UserDefault }), async (request) => {
          const user = userOf(request);
          const userDefault = { id: randomUUID(), user, ...written(user, columns(bind(request.body, FIELDS))) };
          state().userDefaults.set(userDefault.id, userDefault);
          return userDefault;
        });
        scope.get<Id>("/quicklaunch/defaults/user/:id", answers({ 200: UserDefault }), async (request) =>
          defaultOf(userOf(request, 404), request.params.id),
        );
        scope.patch<Id>("/quicklaunch/defaults/user/:id", answers({ 200: UserDefault }), async (request) => {
          const user = userOf(request, 404);
          const fields = bind(request.body, FIELDS);
          if (!fields.quick_launch_id || !fields.app_id) throw badRequest("quick_launch_id and app_id are required");
          const row = columns(fields);
          const userDefault = defaultOf(user, request.params.id);
          return Object.assign(userDefault, written(user, row, userDefault.id));
        });
        scope.delete<Id>("/quicklaunch/defaults/user/:id", answers({ 200: Deletion }), async (request) => {
          const user = userOf(request);
          if (state().userDefaults.get(request.params.id)?.user === user)
            state().userDefaults.delete(request.params.id);
          return { id: request.params.id };
        });
      }),
  });
}
