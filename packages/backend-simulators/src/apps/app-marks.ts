import { NoBody } from "../framework/answers.js";
import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest } from "../framework/problems.js";
import { bodyObject } from "../framework/request-values.js";
import { RatingResponse } from "./answer-schemas/apps.js";
import { appRoutes } from "./app-paths.js";
import { type AppRecord, catalogOf, existingApp, readableApp } from "./catalog-store.js";
import { workspaceOf } from "./login.js";
import { TAPIS_REFUSALS } from "./systems.js";

/** Per-user marks on apps: favorites and ratings. */
export interface AppMarksState {
  /** username → ids of the apps the user marked as favorites. */
  favorites: Map<string, Set<string>>;
  /** app id → username → rating from 1 to 5. */
  ratings: Map<string, Map<string, number>>;
}

export const marksOf = (all: () => Record<string, unknown>) => all().appMarks as AppMarksState;

export function ratingOf(state: AppMarksState, appId: string, username: string) {
  const ratings = [...(state.ratings.get(appId)?.values() ?? [])];
  const average = ratings.length ? ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length : 0;
  const mine = state.ratings.get(appId)?.get(username);
  return { average, total: ratings.length, ...(mine === undefined ? {} : { user: mine }) };
}

function refusePrivate(app: AppRecord, reason: string) {
  if (!app.is_public) throw badRequest(`${reason}, ${app.id}`, "ERR_BAD_OR_MISSING_FIELD");
}

/** Apps backend: favorite marks on apps the caller can see, and ratings of public apps. */
export const appMarks = defineModule<AppMarksState>({
  makeState: () => ({ favorites: new Map(), ratings: new Map() }),
  routes: (app, state, all) =>
    backendScope(app, (scope) => {
      // The backend answers favorite marks with no body.
      const favorite = { tapis: TAPIS_REFUSALS.favorite, answers: { 200: NoBody } };
      appRoutes(scope, "PUT", "/favorite", favorite, async (request, { appId }, reply) => {
        const caller = callerOf(request);
        readableApp(catalogOf(all), appId, caller.username);
        workspaceOf(all, caller.username);
        const favorites = state().favorites.get(caller.username) ?? new Set<string>();
        favorites.add(appId);
        state().favorites.set(caller.username, favorites);
        return reply.send();
      });
      appRoutes(scope, "DELETE", "/favorite", favorite, async (request, { appId }, reply) => {
        const caller = callerOf(request);
        readableApp(catalogOf(all), appId, caller.username);
        workspaceOf(all, caller.username);
        state().favorites.get(caller.username)?.delete(appId);
        return reply.send();
      });
      const rating = { tapis: TAPIS_REFUSALS.rating, answers: { 200: RatingResponse } };
      // Ratings are for public apps only, whoever may read the app (de/metadata.clj `rate-app`).
      appRoutes(scope, "POST", "/rating", rating, async (request, { appId }) => {
        const caller = callerOf(request);
        const app = existingApp(catalogOf(all), appId);
        const given = bodyObject(request.body).rating;
        if (typeof given !== "number" || !Number.isInteger(given) || given < 1 || given > 5) {
          throw badRequest("rating must be an integer from 1 to 5", "ERR_BAD_OR_MISSING_FIELD");
        }
        refusePrivate(app, "Unable to rate private app");
        const ratings = state().ratings.get(appId) ?? new Map<string, number>();
        ratings.set(caller.username, given);
        state().ratings.set(appId, ratings);
        const { average, total } = ratingOf(state(), appId, caller.username);
        return { average, total };
      });
      appRoutes(scope, "DELETE", "/rating", rating, async (request, { appId }) => {
        const caller = callerOf(request);
        refusePrivate(existingApp(catalogOf(all), appId), "Unable to remove rating from private app");
        state().ratings.get(appId)?.delete(caller.username);
        const { average, total } = ratingOf(state(), appId, caller.username);
        return { average, total };
      });
    }),
});
