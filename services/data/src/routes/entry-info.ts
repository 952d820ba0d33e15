import { dataPath, path } from "@de-gateway/backend-clients";
import { badRequest } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { refuseLeftOut, uuidOf } from "../data-items.js";
import { answered, fieldCodes, PathQuery, PathsBody, PathText, UuidText, WholeNumber } from "../schemas.js";

const count = (description: string) => WholeNumber(0, description);

/**
 * The column separator of a tabular chunk, URL-encoded as the file-info backend takes it (`%2C`, `%09` for a tab):
 * it decodes it once more. A separator sent plain (`,`) decodes to itself. Whatever it is, it must stand for one
 * character.
 */
function separatorOf(value: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    decoded = "";
  }
  if ([...decoded].length !== 1) {
    throw badRequest(
      "separator must be one character, URL-encoded (e.g. %2C for a comma, %09 for a tab)",
      "ERR_BAD_OR_MISSING_FIELD",
      {
        separator: value,
      },
    );
  }
  return value;
}

/** What is there and what the caller may do with it: existence, stat, permissions, manifests and file chunks. */
export const entryInfo: FastifyPluginAsyncTypebox = async (app) => {
  const fileInfo = app.backends.fileInfo;
  const checkedPaths = (paths: readonly string[]) => paths.map((entry) => dataPath(entry, "paths"));

  app.post(
    "/secured/filesystem/exists",
    {
      config: fieldCodes,
      schema: {
        summary: "Whether each path exists",
        tags: ["filesystem"],
        body: PathsBody,
        response: answered("{paths: {path: boolean}}"),
      },
    },
    async (request) =>
      fileInfo.json(request, {
        method: "POST",
        path: "/existence-marker",
        json: { paths: checkedPaths(request.body.paths) },
      }),
  );

  app.post(
    "/secured/filesystem/stat",
    {
      config: fieldCodes,
      schema: {
        summary: "Stat records of files and folders, by path or by UUID",
        tags: ["filesystem"],
        body: Type.Object({
          paths: Type.Optional(Type.Array(PathText("a path"))),
          ids: Type.Optional(Type.Array(UuidText)),
        }),
        response: answered("{paths: {path: stat}, ids: {uuid: stat}}"),
      },
    },
    async (request) => {
      const { paths, ids } = request.body;
      if (!paths?.length && !ids?.length) throw badRequest("give paths or ids", "ERR_BAD_OR_MISSING_FIELD");
      const asked = { ...(paths ? { paths: checkedPaths(paths) } : {}), ...(ids ? { ids } : {}) };
      const answer = await fileInfo.json<{ paths?: Record<string, unknown>; ids?: Record<string, unknown> }>(request, {
        method: "POST",
        path: "/stat-gatherer",
        json: asked,
      });
      refuseLeftOut(request, asked, answer);
      return answer;
    },
  );

  app.post(
    "/secured/filesystem/user-permissions",
    {
      config: fieldCodes,
      schema: {
        summary: "Who may do what with each path",
        tags: ["filesystem"],
        body: PathsBody,
        response: answered("{paths: [{path, user-permissions: [{user, permission}]}]}"),
      },
    },
    async (request) =>
      fileInfo.json(request, {
        method: "POST",
        path: "/permissions-gatherer",
        json: { paths: checkedPaths(request.body.paths) },
      }),
  );

  app.get(
    "/secured/filesystem/file/manifest",
    {
      config: fieldCodes,
      schema: {
        summary: "A file's content type, info type and viewer URLs",
        tags: ["filesystem"],
        querystring: PathQuery,
        response: answered("{content-type, infoType, urls}"),
      },
    },
    async (request) => {
      const id = await uuidOf(fileInfo, request, dataPath(request.query.path));
      return fileInfo.json(request, { path: path`/data/${id}/manifest` });
    },
  );

  app.post(
    "/secured/filesystem/read-chunk",
    {
      config: fieldCodes,
      schema: {
        summary: "A chunk of a text file",
        tags: ["filesystem"],
        body: Type.Object({
          path: PathText("the file's path"),
          position: count("byte offset of the chunk"),
          "chunk-size": count("bytes to read"),
        }),
        response: answered("{path, user, start, chunk-size, file-size, chunk}"),
      },
    },
    async (request) => {
      const id = await uuidOf(fileInfo, request, dataPath(request.body.path));
      return fileInfo.json(request, {
        path: path`/data/${id}/chunks`,
        query: { position: Number(request.body.position), size: Number(request.body["chunk-size"]) },
      });
    },
  );

  app.post(
    "/secured/filesystem/read-csv-chunk",
    {
      config: fieldCodes,
      schema: {
        summary: "A page of a CSV or TSV file, split into rows and columns",
        tags: ["filesystem"],
        body: Type.Object({
          path: PathText("the file's path"),
          separator: Type.String({
            minLength: 1,
            maxLength: 12,
            description: "the column separator, one character, URL-encoded: %2C for a comma, %09 for a tab",
          }),
          page: WholeNumber(1, "which page, from 1"),
          "chunk-size": count("bytes per page"),
        }),
        response: answered("{path, page, number-pages, max-cols, chunk-size, file-size, csv}"),
      },
    },
    async (request) => {
      const separator = separatorOf(request.body.separator);
      const id = await uuidOf(fileInfo, request, dataPath(request.body.path));
      return fileInfo.json(request, {
        path: path`/data/${id}/chunks-tabular`,
        query: { separator, page: Number(request.body.page), size: Number(request.body["chunk-size"]) },
      });
    },
  );
};
