import { path } from "@de-gateway/backend-clients";
import { notFound } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { FavoriteIds } from "../backend-answers.js";
import { dataType, readableEntry, type Stat, statsByIds } from "../data-items.js";
import { ignoreRequestBodies } from "../ignored-bodies.js";
import { knownInfoTypes } from "../info-types.js";
import { oneOf } from "../query-values.js";
import { commonErrors, UuidText } from "../schemas.js";

/** The interface's favorites sort columns → the file-info backend's sort fields. */
const SORT_FIELDS: Record<string, string> = {
  name: "name",
  id: "path",
  lastmodified: "datemodified",
  datecreated: "datecreated",
  size: "size",
};

const FavoriteParams = Type.Object({ favorite: UuidText });
const DataIds = Type.Object(
  { filesystem: Type.Array(UuidText, { description: "UUIDs of files and folders" }) },
  { description: "a data id collection" },
);
const Listed = Type.Array(Type.Record(Type.String(), Type.Unknown()));
const FavoriteListing = Type.Object({
  filesystem: Type.Object({
    files: Listed,
    folders: Listed,
    total: Type.Integer({ description: "the caller's readable favorites of the chosen kinds, all pages" }),
  }),
});

type Page = { files?: Stat[]; folders?: Stat[]; total?: number };

/**
 * A stat as the interface's favorite object: identified by its path, the UUID kept as `uuid`, the media
 * type as `mime-type`, folders sized 0.
 */
const favoriteObject = (stat: Stat) => ({
  ...stat,
  id: stat.path,
  uuid: stat.id,
  "file-size": stat["file-size"] ?? 0,
  ...(stat["content-type"] === undefined ? {} : { "mime-type": stat["content-type"] }),
  isFavorite: true,
});
const marked = (entries: Stat[] | undefined) => (entries ?? []).map(favoriteObject);

/** Favorites: marks kept per user by the metadata backend, listed with stat data of what the caller can still read. */
export const favorites: FastifyPluginAsyncTypebox = async (app) => {
  const { fileInfo, metadata } = app.backends;

  await app.register(async (scope) => {
    ignoreRequestBodies(scope);
    scope.put(
      "/secured/favorites/filesystem/:favorite",
      {
        schema: {
          summary: "Mark a file or folder as a favorite",
          tags: ["favorites"],
          params: FavoriteParams,
          response: { 200: Type.Object({}), ...commonErrors },
        },
      },
      async (request) => {
        const id = (request.params as { favorite: string }).favorite;
        const entry = await readableEntry(fileInfo, request, id);
        if (!entry) throw notFound(`file or folder ${id} not found`);
        await metadata.json(request, {
          method: "PUT",
          path: path`/favorites/filesystem/${id}`,
          query: { "data-type": dataType(entry) },
        });
        return {};
      },
    );
    scope.delete(
      "/secured/favorites/filesystem/:favorite",
      {
        schema: {
          summary: "Unmark a favorite (404 when it was not one)",
          tags: ["favorites"],
          params: FavoriteParams,
          response: { 200: Type.Object({}), ...commonErrors },
        },
      },
      async (request) => {
        const id = (request.params as { favorite: string }).favorite;
        await metadata.json(request, { method: "DELETE", path: path`/favorites/filesystem/${id}` });
        return {};
      },
    );
  });

  app.get(
    "/secured/favorites/filesystem",
    {
      schema: {
        summary: "A page of the caller's favorites that they can still read, with stat data",
        tags: ["favorites"],
        querystring: Type.Object({
          "sort-col": Type.String({ description: "NAME, ID, LASTMODIFIED, DATECREATED or SIZE (any case)" }),
          "sort-dir": Type.String({ description: "ASC or DESC (any case)" }),
          limit: Type.Integer({ minimum: 1, description: "most entries in the page" }),
          offset: Type.Integer({ minimum: 0, description: "entries of the sorted listing to skip" }),
          "entity-type": Type.Optional(Type.String({ description: "ANY (default), FILE or FOLDER (any case)" })),
          "info-type": Type.Optional(Type.Array(Type.String(), { description: "only files of these info types" })),
        }),
        response: { 200: FavoriteListing, ...commonErrors },
      },
    },
    async (request) => {
      const query = request.query;
      const sortField = SORT_FIELDS[oneOf(query["sort-col"], Object.keys(SORT_FIELDS), "sort-col")] as string;
      const sortDir = oneOf(query["sort-dir"], ["asc", "desc"], "sort-dir").toUpperCase();
      const entityType = oneOf(query["entity-type"], ["any", "file", "folder"], "entity-type", "any");
      const infoTypes = await knownInfoTypes(fileInfo, request, query["info-type"]);
      const { filesystem: ids } = await metadata.json<{ filesystem: string[] }>(
        request,
        { path: "/favorites/filesystem", query: { "entity-type": entityType } },
        FavoriteIds,
      );
      if (ids.length === 0) return { filesystem: { files: [], folders: [], total: 0 } };
      const page = await fileInfo.json<Page>(request, {
        method: "POST",
        path: "/stat-lister",
        query: {
          "sort-field": sortField,
          "sort-dir": sortDir,
          limit: query.limit,
          offset: query.offset,
          "info-type": infoTypes,
        },
        json: { ids },
      });
      return { filesystem: { files: marked(page.files), folders: marked(page.folders), total: page.total ?? 0 } };
    },
  );

  app.post(
    "/secured/favorites/filter",
    {
      schema: {
        summary: "Which of the given files and folders are the caller's favorites (and readable)",
        tags: ["favorites"],
        body: DataIds,
        response: { 200: DataIds, ...commonErrors },
      },
    },
    async (request) => {
      const { filesystem: favored } = await metadata.json<{ filesystem: string[] }>(
        request,
        { method: "POST", path: "/favorites/filter", json: { filesystem: request.body.filesystem } },
        FavoriteIds,
      );
      if (favored.length === 0) return { filesystem: [] };
      const readable = await statsByIds(fileInfo, request, favored, { readableOnly: true });
      return { filesystem: favored.filter((id) => readable.has(id.toLowerCase())) };
    },
  );
};
