import { dataPath, path } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { uuidOf } from "../data-items.js";
import { answered, fieldCodes, PathBody, PathsBody } from "../schemas.js";

/** Deleting moves entries to the caller's trash; restoring puts them back where they were; the trash can be emptied. */
export const trash: FastifyPluginAsyncTypebox = async (app) => {
  const fileInfo = app.backends.fileInfo;

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
      const paths = request.body.paths.map((entry) => dataPath(entry, "paths"));
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
    async (request) => fileInfo.json(request, { method: "POST", path: "/restorer", json: {} }),
  );

  app.delete(
    "/secured/filesystem/trash",
    { schema: { summary: "Empty the caller's trash", tags: ["filesystem"], response: answered("{trash, paths}") } },
    async (request) => fileInfo.json(request, { method: "DELETE", path: "/trash" }),
  );
};
