import { randomUUID } from "node:crypto";
import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { Deletion, UserDefault, UserDefaults } from "./answer-schemas.js";
import type { AppsState } from "./apps-catalogue.js";
import { bind } from "./binding.js";
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

/**
 * `/quicklaunch/defaults/user`: per-user defaults. The quick launch and the app must exist (the table's foreign
 * keys); a change must name both, as the service requires.
 */
export function userDefaults(apps: AppsState) {
  return defineModule<UserDefaultsState>({
    makeState: () => ({ userDefaults: new Map() }),
    routes: (app, state, all) =>
      echoScope(app, (scope) => {
        const existing = (fields: { quick_launch_id?: string; app_id?: string }) => {
          const quickLaunchId = fields.quick_launch_id ?? "";
          const appId = fields.app_id ?? "";
          if (!quickLaunchesOf(all).quickLaunches.has(quickLaunchId)) throw notFound("quick launch", quickLaunchId);
          if (!apps().catalog.apps.has(appId)) throw notFound("app", appId);
          return { quick_launch_id: quickLaunchId, app_id: appId };
        };
        const defaultsOf = (user: string) =>
          [...state().userDefaults.values()].filter((userDefault) => userDefault.user === user);
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
          const userDefault = { id: randomUUID(), user, ...existing(bind(request.body, FIELDS)) };
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
          const userDefault = defaultOf(user, request.params.id);
          return Object.assign(userDefault, existing(fields));
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
