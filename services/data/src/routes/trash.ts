import { backendAnswerOf, dataPath, path } from "@de-gateway/backend-clients";
import { badRequest } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Config } from "../config.js";
import { uuidOf } from "../data-items.js";
import { isWithin } from "../data-paths.js";
import { answered, fieldCodes, PathBody, PathsBody } from "../schemas.js";
import { userTrashPath } from "../special-folders.js";

/**
 * data-info's answer to restoring a whole trash that holds nothing: its restore-paths returns nil, which its own
 * response schema refuses with 500 ERR_SCHEMA_VALIDATION (services/trash.clj, routes/trash.clj). There is nothing
 * else the schema could refuse, so it means nothing was restored.
 */
function nothingToRestore(error: unknown): boolean {
  const answer = backendAnswerOf(error);
  return answer?.status === 500 && answer.body.error_code === "ERR_SCHEMA_VALIDATION";
}

/** Deleting moves entries to the caller's trash; restoring puts them back where they were; the trash can be emptied. */
export const trash: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const fileInfo = app.backends.fileInfo;
  /**
   * data-info restores whatever path it is given (services/trash.clj restore-paths): one outside the trash, having no
   * origin, is moved to the caller's home, renamed `<name>.0` when taken. Only entries of the caller's trash may go.
   */
  const inTrash = (paths: string[], user: string) => {
    const userTrash = userTrashPath(config.TRASH_BASE_PATH, user);
    const outside = paths.filter((entry) => entry === userTrash || !isWithin(entry, userTrash));
    if (outside.length > 0) {
      throw badRequest("only entries of the caller's trash can be restored", "ERR_BAD_OR_MISSING_FIELD", {
        paths: outside,
      });
    }
    return paths;
  };

  app.post(
    "/secured/filesystem/delete",
    {
      config: fieldCodes,
      schema: {
        summary: "Move files and folders to the trash",
        tags: ["filesystem"],
        body: PathsBody,
        response: answered("{paths}"),
      },
    },
    async (request) => {
      const paths = request.body.paths.map((entry) => dataPath(entry, "paths"));
      return fileInfo.json(request, { method: "POST", path: "/deleter", json: { paths } });
    },
  );

  app.post(
    "/secured/filesystem/delete-contents",
    {
      config: fieldCodes,
      schema: {
        summary: "Move everything in a folder to the trash",
        tags: ["filesystem"],
        body: PathBody,
        response: answered("{paths}"),
      },
    },
    async (request) => {
      const id = await uuidOf(fileInfo, request, dataPath(request.body.path));
      return fileInfo.json(request, { method: "DELETE", path: path`/data/${id}/children` });
    },
  );

  app.post(
    "/secured/filesystem/restore",
    {
      config: fieldCodes,
      schema: {
        summary: "Restore entries of the trash to where they were deleted from",
        tags: ["filesystem"],
        body: PathsBody,
        response: answered("{restored: {trash path: {restored-path, partial-restore}}}"),
      },
    },
    async (request) => {
      const paths = inTrash(
        request.body.paths.map((entry) => dataPath(entry, "paths")),
        request.user.username,
      );
      return fileInfo.json(request, { method: "POST", path: "/restorer", json: { paths } });
    },
  );

  app.post(
    "/secured/filesystem/restore-all",
    {
      schema: {
        summary: "Restore everything in the caller's trash",
        tags: ["filesystem"],
        response: answered("{restored: {trash path: {restored-path, partial-restore}}}"),
      },
    },
    async (request) =>
      fileInfo.json(request, { method: "POST", path: "/restorer", json: {} }).catch((error: unknown) => {
        if (nothingToRestore(error)) return { restored: {} };
        throw error;
      }),
  );

  app.delete(
    "/secured/filesystem/trash",
    { schema: { summary: "Empty the caller's trash", tags: ["filesystem"], response: answered("{trash, paths}") } },
    async (request) => fileInfo.json(request, { method: "DELETE", path: "/trash" }),
  );
};
