import { dataPath, path } from "@de-gateway/backend-clients";
import { badRequest, ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { MovedSources } from "../backend-answers.js";
import type { Config } from "../config.js";
import { statOf, uuidOf } from "../data-items.js";
import { baseName, parentOf } from "../data-paths.js";
import { entryName } from "../file-record.js";
import { countPaths, refuseTooMany } from "../path-limit.js";
import { commonErrors, fieldCodes, PathBody, PathList, PathText, StatRecord } from "../schemas.js";

const MoveAnswer = Type.Object({ dest: Type.String(), sources: Type.Array(Type.String()) });
const errors = { 409: ErrorBody, ...commonErrors };

/** Creating folders, moving and renaming entries. */
export const changes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const fileInfo = app.backends.fileInfo;
  const limit = config.MAX_PATHS_IN_REQUEST;

  app.post(
    "/secured/filesystem/directory/create",
    {
      config: fieldCodes,
      schema: {
        summary: "Create a folder",
        tags: ["filesystem"],
        body: PathBody,
        response: { 200: StatRecord, ...errors },
      },
    },
    async (request) => {
      const folder = dataPath(request.body.path);
      entryName(baseName(folder), "path");
      await fileInfo.json(request, { method: "POST", path: "/data/directories", json: { paths: [folder] } });
      return statOf(fileInfo, request, folder);
    },
  );

  app.post(
    "/secured/filesystem/move",
    {
      config: fieldCodes,
      schema: {
        summary: "Move files and folders into a folder",
        description: `Sources and everything beneath them count against the path limit (ERR_TOO_MANY_PATHS).`,
        tags: ["filesystem"],
        body: Type.Object({ sources: PathList("the entries to move"), dest: PathText("the folder to move them into") }),
        response: { 200: MoveAnswer, ...errors },
      },
    },
    async (request) => {
      const sources = request.body.sources.map((source) => dataPath(source, "sources"));
      const dest = dataPath(request.body.dest, "dest");
      refuseTooMany(await countPaths(fileInfo, request, sources, limit), limit);
      await fileInfo.json(request, { method: "POST", path: "/mover", json: { sources, dest } });
      return { dest, sources };
    },
  );

  app.post(
    "/secured/filesystem/move-contents",
    {
      config: fieldCodes,
      schema: {
        summary: "Move everything in one folder into another",
        tags: ["filesystem"],
        body: Type.Object({
          source: PathText("the folder whose contents move"),
          dest: PathText("the folder to move them into"),
        }),
        response: { 200: MoveAnswer, ...errors },
      },
    },
    async (request) => {
      const source = dataPath(request.body.source, "source");
      const dest = dataPath(request.body.dest, "dest");
      // The folder itself stays; its contents and everything beneath them count.
      refuseTooMany((await countPaths(fileInfo, request, [source], limit + 1)) - 1, limit);
      const id = await uuidOf(fileInfo, request, source);
      const moved = await fileInfo.json<{ sources?: string[] }>(
        request,
        { method: "PUT", path: path`/data/${id}/children/dir`, json: { dirname: dest } },
        MovedSources,
      );
      return { dest, sources: moved.sources ?? [] };
    },
  );

  app.post(
    "/secured/filesystem/rename",
    {
      config: fieldCodes,
      schema: {
        summary: "Rename a file or folder within its folder",
        tags: ["filesystem"],
        body: Type.Object({ source: PathText("the entry's path"), dest: PathText("its new path, in the same folder") }),
        response: {
          200: Type.Object({ source: Type.String(), dest: Type.String() }, { additionalProperties: true }),
          ...errors,
        },
      },
    },
    async (request) => {
      const source = dataPath(request.body.source, "source");
      const dest = dataPath(request.body.dest, "dest");
      if (parentOf(source) !== parentOf(dest)) {
        throw badRequest(
          "source and dest must be in the same folder; use move to change folders",
          "ERR_BAD_OR_MISSING_FIELD",
        );
      }
      const id = await uuidOf(fileInfo, request, source);
      await fileInfo.json(request, {
        method: "PUT",
        path: path`/data/${id}/name`,
        json: { filename: entryName(baseName(dest), "dest") },
      });
      return { source, dest };
    },
  );
};
