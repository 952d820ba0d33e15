import { dataPath } from "@de-gateway/backend-clients";
import { badRequest } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { FolderPage, NavigationFolder, NavigationRoots } from "../backend-answers.js";
import type { Config } from "../config.js";
import { statOf, unreadableOrMissing } from "../data-items.js";
import { dataPathUrl, navigationPathUrl } from "../data-paths.js";
import { favoriteIds } from "../favorite-flags.js";
import { knownInfoTypes } from "../info-types.js";
import { directoryListing, navigationIds, pagedIds, pagedListing } from "../listing-format.js";
import { oneOf } from "../query-values.js";
import { BackendAnswer, commonErrors, DirectoryListing, PagedListing, PathText, RootListing } from "../schemas.js";
import { BAD_CHARS_PARAMETER, BAD_NAMES_PARAMETER, listingView } from "../special-folders.js";

type Json = Record<string, unknown>;

/** The interface's sort columns (any case) → the file-info backend's sort fields. */
const SORT_FIELDS: Record<string, string> = {
  name: "name",
  id: "path",
  path: "path",
  lastmodified: "datemodified",
  datemodified: "datemodified",
  datecreated: "datecreated",
  size: "size",
};

const PagedQuery = Type.Object({
  path: PathText("the folder to list"),
  limit: Type.Integer({ minimum: 1, description: "most entries in the page" }),
  offset: Type.Integer({ minimum: 0, default: 0, description: "entries of the sorted listing to skip" }),
  "sort-col": Type.Optional(
    Type.String({ description: "NAME, ID, PATH, LASTMODIFIED, DATEMODIFIED, DATECREATED or SIZE (any case)" }),
  ),
  "sort-field": Type.Optional(
    Type.String({ description: "the same as sort-col, the name the file-info backend uses" }),
  ),
  "sort-dir": Type.Optional(Type.String({ description: "ASC or DESC (any case)" })),
  "entity-type": Type.Optional(Type.String({ description: "ANY, FILE or FOLDER (any case)" })),
  "info-type": Type.Optional(Type.Array(Type.String(), { description: "only files of these info types; repeatable" })),
});

/** Folder navigation: the roots, one folder's subfolders, and the paged listing of a folder's contents. */
export const navigation: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { fileInfo, metadata } = app.backends;
  const flags = (request: FastifyRequest, ids: string[]) =>
    favoriteIds(metadata, request, ids, config.FAVORITES_TIMEOUT_MS);
  const navigationRoots = (request: FastifyRequest) =>
    fileInfo.json<{ roots: Json[]; "base-paths"?: { user_trash_path?: string } }>(
      request,
      { path: "/navigation/root" },
      NavigationRoots,
    );
  const viewOf = (request: FastifyRequest) => listingView(config, request.user.username);
  const subfolders = async (request: FastifyRequest, path: string) =>
    (await fileInfo.json<{ folder: Json }>(request, { path: navigationPathUrl(path) }, NavigationFolder)).folder;

  app.get(
    "/secured/filesystem/root",
    {
      schema: {
        summary: "The caller's navigation roots: home, community data, shared with me",
        tags: ["filesystem"],
        response: {
          200: BackendAnswer(
            "{roots: [folder], base-paths: {user_home_path, user_trash_path, base_trash_path}}, each root with hasSubDirs",
          ),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const answer = await navigationRoots(request);
      return { ...answer, roots: answer.roots.map((root) => ({ ...root, hasSubDirs: true })) };
    },
  );

  app.get(
    "/secured/filesystem/directory",
    {
      config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
      schema: {
        summary: "A folder's subfolders (without a path: every navigation root's), with favorite flags",
        tags: ["filesystem"],
        querystring: Type.Object({ path: Type.Optional(PathText("the folder to list")) }),
        response: { 200: Type.Union([DirectoryListing, RootListing]), ...commonErrors },
      },
    },
    async (request) => {
      const view = viewOf(request);
      if (request.query.path === undefined && request.user.kind === "anonymous") {
        // A visitor has no home, trash or shares: the community data is all there is to browse.
        const folder = await subfolders(request, config.COMMUNITY_DATA_PATH);
        return { roots: [directoryListing(folder, await flags(request, navigationIds(folder)), view)] };
      }
      if (request.query.path === undefined) {
        // Home, community data and shared-with-me, as the reference lists them: the trash is not browsed as a tree.
        const { roots, "base-paths": basePaths } = await navigationRoots(request);
        const browsed = roots.filter((root) => root.path !== basePaths?.user_trash_path);
        const folders = await Promise.all(browsed.map((root) => subfolders(request, String(root.path))));
        const favorites = await flags(request, folders.flatMap(navigationIds));
        return { roots: folders.map((folder) => directoryListing(folder, favorites, view)) };
      }
      const path = dataPath(request.query.path);
      const folder = await subfolders(request, path).catch((error) =>
        unreadableOrMissing(fileInfo, request, path, error),
      );
      return directoryListing(folder, await flags(request, navigationIds(folder)), view);
    },
  );

  app.get(
    "/secured/filesystem/paged-directory",
    {
      config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
      schema: {
        summary: "A page of a folder's files and subfolders, sorted, with favorite flags",
        tags: ["filesystem"],
        querystring: PagedQuery,
        response: { 200: PagedListing, ...commonErrors },
      },
    },
    async (request) => {
      const query = request.query;
      const path = dataPath(query.path);
      const [sortName, sortValue] =
        query["sort-field"] === undefined ? ["sort-col", query["sort-col"]] : ["sort-field", query["sort-field"]];
      const sortField = SORT_FIELDS[oneOf(sortValue, Object.keys(SORT_FIELDS), sortName, "name")] as string;
      const sortDir = oneOf(query["sort-dir"], ["asc", "desc"], "sort-dir", "asc").toUpperCase();
      const entityType = oneOf(query["entity-type"], ["any", "file", "folder"], "entity-type", "any");
      const infoTypes = await knownInfoTypes(fileInfo, request, query["info-type"]);
      const view = viewOf(request);
      const stat = await statOf(fileInfo, request, path);
      if (stat.type !== "dir") throw badRequest(`${path} is not a folder`, "ERR_NOT_A_FOLDER", { path });
      const page = await fileInfo.json<Json>(
        request,
        {
          path: dataPathUrl(path),
          query: {
            limit: query.limit,
            offset: query.offset,
            "sort-field": sortField,
            "sort-dir": sortDir,
            "entity-type": entityType,
            "info-type": infoTypes,
            "bad-chars": BAD_CHARS_PARAMETER,
            "bad-name": BAD_NAMES_PARAMETER,
            "bad-path": view.badPaths,
          },
        },
        FolderPage,
      );
      return pagedListing(page, await flags(request, pagedIds(page)), view);
    },
  );
};
