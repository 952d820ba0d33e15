import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers, NoBody } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { notFound } from "../framework/problems.js";
import { DataIdList } from "./answer-schemas.js";
import { canonicalUuid, DataItemParams, type DataType, DataTypeQuery, emptyOk } from "./schemas.js";
import { metadataScope, userOf } from "./service.js";

export interface FavoritesState {
  /** Each user's favorite data items: UUID → whether it is a file or a folder. */
  byUser: Map<string, Map<string, DataType>>;
}

const EntityTypeQuery = Type.Object({ "entity-type": Type.Enum(["any", "file", "folder"]) });
type EntityTypeQuery = Static<typeof EntityTypeQuery>;

function routes(scope: FastifyInstance, state: () => FavoritesState) {
  const favoritesOf = (username: string) => {
    const existing = state().byUser.get(username);
    if (existing) return existing;
    const created = new Map<string, DataType>();
    state().byUser.set(username, created);
    return created;
  };

  scope.get<{ Querystring: EntityTypeQuery }>(
    "/favorites/filesystem",
    { schema: { querystring: EntityTypeQuery }, ...answers({ 200: DataIdList }) },
    async (request) => {
      const favorites = favoritesOf(userOf(request));
      const wanted = request.query["entity-type"];
      return {
        filesystem: [...favorites].filter(([, type]) => wanted === "any" || type === wanted).map(([id]) => id),
      };
    },
  );

  // Marking an item twice keeps the first mark, as the backend does.
  scope.put<{ Params: DataItemParams; Querystring: DataTypeQuery }>(
    "/favorites/filesystem/:dataId",
    { schema: { params: DataItemParams, querystring: DataTypeQuery }, ...answers({ 200: NoBody }) },
    async (request, reply) => {
      const favorites = favoritesOf(userOf(request));
      const id = canonicalUuid(request.params.dataId);
      if (!favorites.has(id)) favorites.set(id, request.query["data-type"]);
      return emptyOk(reply);
    },
  );

  scope.delete<{ Params: DataItemParams }>(
    "/favorites/filesystem/:dataId",
    { schema: { params: DataItemParams }, ...answers({ 200: NoBody }) },
    async (request, reply) => {
      const user = userOf(request);
      const targetId = canonicalUuid(request.params.dataId);
      if (!favoritesOf(user).delete(targetId)) {
        throw notFound("The target-id wasn't marked as a favorite by the user", { user, "target-id": targetId });
      }
      return emptyOk(reply);
    },
  );

  scope.post<{ Body: Static<typeof DataIdList> }>(
    "/favorites/filter",
    { schema: { body: DataIdList }, ...answers({ 200: DataIdList }) },
    async (request) => {
      const favorites = favoritesOf(userOf(request));
      const asked = new Set(request.body.filesystem.map(canonicalUuid));
      return { filesystem: [...asked].filter((id) => favorites.has(id)) };
    },
  );
}

/**
 * Metadata backend: each user's favorite files and folders, kept by UUID with the item's data type;
 * marking, unmarking, listing by type and filtering a set of UUIDs down to the favorites.
 */
export const favorites = defineModule<FavoritesState>({
  makeState: () => ({ byUser: new Map() }),
  routes: (app, state) => metadataScope(app, (scope) => routes(scope, state)),
});
