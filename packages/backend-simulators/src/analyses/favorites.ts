import { randomUUID } from "node:crypto";
import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { Deletion, Favorite, Favorites } from "./answer-schemas.js";
import { bind } from "./binding.js";
import { foreignKey, unique, uuidColumn } from "./constraints.js";
import { echoScope, notFound } from "./echo-errors.js";
import { quickLaunchesOf } from "./quick-launches.js";
import { userOf } from "./users.js";

/** A user's mark on a quick launch. */
export interface FavoriteRecord {
  id: string;
  quick_launch_id: string;
  /** The qualified name of the user who marked it. */
  user: string;
}

export interface FavoritesState {
  favorites: Map<string, FavoriteRecord>;
}

type Id = { Params: { id: string } };

/**
 * `/quicklaunch/favorites`: a user's favorite quick launches. Reads join the quick launch, so the favorite of a
 * deleted quick launch is gone; marking one that does not exist, or one already marked, fails on the table's
 * foreign key or its UNIQUE (user_id, quick_launch_id).
 */
export const favorites = defineModule<FavoritesState>({
  makeState: () => ({ favorites: new Map() }),
  routes: (app, state, all) =>
    echoScope(app, (scope) => {
      const favoritesOf = (user: string) =>
        [...state().favorites.values()].filter(
          (favorite) => favorite.user === user && quickLaunchesOf(all).quickLaunches.has(favorite.quick_launch_id),
        );
      const favoriteOf = (user: string, id: string) => {
        const favorite = favoritesOf(user).find((candidate) => candidate.id === id);
        if (!favorite) throw notFound("favorite", id);
        return favorite;
      };
      scope.get("/quicklaunch/favorites", answers({ 200: Favorites }), async (request) => favoritesOf(userOf(request)));
      scope.post("/quicklaunch/favorites", answers({ 200: Favorite }), async (request) => {
        const user = userOf(request);
        const quickLaunchId = uuidColumn(bind(request.body, { quick_launch_id: "string" }).quick_launch_id ?? "");
        const marked = [...state().favorites.values()].some(
          (favorite) => favorite.user === user && favorite.quick_launch_id === quickLaunchId,
        );
        unique("quick_launch_favorites", ["user_id", "quick_launch_id"], marked);
        foreignKey("quick_launch_favorites", "quick_launch_id", quickLaunchesOf(all).quickLaunches.has(quickLaunchId));
        const favorite: FavoriteRecord = { id: randomUUID(), quick_launch_id: quickLaunchId, user };
        state().favorites.set(favorite.id, favorite);
        return favorite;
      });
      scope.get<Id>("/quicklaunch/favorites/:id", answers({ 200: Favorite }), async (request) =>
        favoriteOf(userOf(request, 404), request.params.id),
      );
      scope.delete<Id>("/quicklaunch/favorites/:id", answers({ 200: Deletion }), async (request) => {
        const user = userOf(request);
        if (state().favorites.get(request.params.id)?.user === user) state().favorites.delete(request.params.id);
        return { id: request.params.id };
      });
    }),
});
