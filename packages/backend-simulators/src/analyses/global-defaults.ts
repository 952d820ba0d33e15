import { randomUUID } from "node:crypto";
import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { Deletion, GlobalDefault, GlobalDefaults } from "./answer-schemas.js";
import type { AppsState } from "./apps-catalogue.js";
import { bind } from "./binding.js";
import { badRequest, echoScope, notFound } from "./echo-errors.js";
import { type QuickLaunchesState, quickLaunchesOf } from "./quick-launches.js";
import { userOf } from "./users.js";

/** The quick launch an app's launch form is filled from for everyone. */
export interface GlobalDefaultRecord {
  id: string;
  app_id: string;
  quick_launch_id: string;
}

export interface GlobalDefaultsState {
  globalDefaults: Map<string, GlobalDefaultRecord>;
}

type Id = { Params: { id: string } };

const FIELDS = { app_id: "string", quick_launch_id: "string" } as const;

/**
 * `/quicklaunch/defaults/global`. Any user may call it, and each user reaches only the global defaults of quick
 * launches they created: one made from another user's quick launch is not found (the service stores it, reads it
 * back through its creator and fails; it answers 500 and rolls back; here 404 and nothing is stored).
 */
export function globalDefaults(apps: AppsState) {
  return defineModule<GlobalDefaultsState>({
    makeState: () => ({ globalDefaults: new Map() }),
    routes: (app, state, all) =>
      echoScope(app, (scope) => {
        const createdBy = (quickLaunches: QuickLaunchesState, quickLaunchId: string, user: string) =>
          quickLaunches.quickLaunches.get(quickLaunchId)?.creator === user;
        const defaultsOf = (user: string) =>
          [...state().globalDefaults.values()].filter((globalDefault) =>
            createdBy(quickLaunchesOf(all), globalDefault.quick_launch_id, user),
          );
        const defaultOf = (user: string, id: string) => {
          const globalDefault = defaultsOf(user).find((candidate) => candidate.id === id);
          if (!globalDefault) throw notFound("global default", id);
          return globalDefault;
        };
        /** The named quick launch and app exist (foreign keys), and the quick launch is the caller's. */
        const checked = (user: string, id: string, fields: { app_id?: string; quick_launch_id?: string }) => {
          const appId = fields.app_id ?? "";
          const quickLaunchId = fields.quick_launch_id ?? "";
          if (!apps().catalog.apps.has(appId)) throw notFound("app", appId);
          if (!createdBy(quickLaunchesOf(all), quickLaunchId, user)) throw notFound("global default", id);
          return { app_id: appId, quick_launch_id: quickLaunchId };
        };
        scope.get("/quicklaunch/defaults/global", answers({ 200: GlobalDefaults }), async (request) =>
          defaultsOf(userOf(request)),
        );
        scope.post("/quicklaunch/defaults/global", answers({ 200: GlobalDefault }), async (request) => {
          const user = userOf(request);
          const id = randomUUID();
          const globalDefault = { id, ...checked(user, id, bind(request.body, FIELDS)) };
          state().globalDefaults.set(id, globalDefault);
          return globalDefault;
        });
        scope.get<Id>("/quicklaunch/defaults/global/:id", answers({ 200: GlobalDefault }), async (request) =>
          defaultOf(userOf(request, 404), request.params.id),
        );
        scope.patch<Id>("/quicklaunch/defaults/global/:id", answers({ 200: GlobalDefault }), async (request) => {
          const user = userOf(request, 404);
          const fields = bind(request.body, FIELDS);
          if (!fields.app_id || !fields.quick_launch_id) throw badRequest("app_id and quick_launch_id are required");
          const globalDefault = defaultOf(user, request.params.id);
          return Object.assign(globalDefault, checked(user, globalDefault.id, fields));
        });
        scope.delete<Id>("/quicklaunch/defaults/global/:id", answers({ 200: Deletion }), async (request) => {
          const user = userOf(request);
          if (defaultsOf(user).some((globalDefault) => globalDefault.id === request.params.id)) {
            state().globalDefaults.delete(request.params.id);
          }
          return { id: request.params.id };
        });
      }),
  });
}
