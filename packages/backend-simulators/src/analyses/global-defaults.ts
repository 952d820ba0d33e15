import { randomUUID } from "node:crypto";
import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { Deletion, GlobalDefault, GlobalDefaults } from "./answer-schemas.js";
import type { AppsState } from "./apps-catalogue.js";
import { bind } from "./binding.js";
import { foreignKey, unique, uuidColumn } from "./constraints.js";
import { badRequest, EchoError, echoScope, notFound } from "./echo-errors.js";
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
const TABLE = "quick_launch_global_defaults";

/**
 * `/quicklaunch/defaults/global`. Any user may call it, and each user reaches only the global defaults of quick
 * launches they created. What the table refuses (an id that is no UUID, a second global default of the app or of the
 * quick launch, a quick launch or app that does not exist) fails with 500; so does one made from another user's
 * quick launch: the service stores it, fails to read it back through its creator, and rolls it back.
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
        const columns = (fields: { app_id?: string; quick_launch_id?: string }) => ({
          app_id: uuidColumn(fields.app_id ?? ""),
          quick_launch_id: uuidColumn(fields.quick_launch_id ?? ""),
        });
        /** The table's UNIQUE (app_id), UNIQUE (quick_launch_id) and foreign keys. */
        const written = (row: { app_id: string; quick_launch_id: string }, except?: string) => {
          const others = [...state().globalDefaults.values()].filter((globalDefault) => globalDefault.id !== except);
          unique(
            TABLE,
            ["app_id"],
            others.some((other) => other.app_id === row.app_id),
          );
          unique(
            TABLE,
            ["quick_launch_id"],
            others.some((other) => other.quick_launch_id === row.quick_launch_id),
          );
          foreignKey(TABLE, "app_id", apps().catalog.apps.has(row.app_id));
          foreignKey(TABLE, "quick_launch_id", quickLaunchesOf(all).quickLaunches.has(row.quick_launch_id));
          return row;
        };
        scope.get("/quicklaunch/defaults/global", answers({ 200: GlobalDefaults }), async (request) =>
          defaultsOf(userOf(request)),
        );
        scope.post("/quicklaunch/defaults/global", answers({ 200: GlobalDefault }), async (request) => {
          const user = userOf(request);
          const row = written(columns(bind(request.body, FIELDS)));
          const id = randomUUID();
          if (!createdBy(quickLaunchesOf(all), row.quick_launch_id, user)) {
            throw new EchoError(500, `global default not found: ${id}`);
          }
          const globalDefault = { id, ...row };
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
          const row = columns(fields);
          const globalDefault = defaultOf(user, request.params.id);
          written(row, globalDefault.id);
          // Read back through its creator: another user's quick launch is not found, and the change rolled back.
          if (!createdBy(quickLaunchesOf(all), row.quick_launch_id, user))
            throw notFound("global default", globalDefault.id);
          return Object.assign(globalDefault, row);
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
