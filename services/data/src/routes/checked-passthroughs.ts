import { dataPath, PassedOnAnswer } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { commonErrors, PathList, PathText, UuidText } from "../schemas.js";

const PathsBody = Type.Object({ paths: PathList("data-store paths") }, { additionalProperties: true });
const CopyBody = Type.Object(
  { destination_ids: Type.Array(UuidText, { minItems: 1, description: "the files and folders to copy to" }) },
  { additionalProperties: true },
);
const PathListQuery = Type.Object({ dest: PathText("the path list file to write") }, { additionalProperties: true });
const MetadataSaveBody = Type.Object(
  { dest: PathText("the new file the metadata is written to") },
  { additionalProperties: true },
);
const answers = { "2xx": PassedOnAnswer, ...commonErrors };
const checked = { config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" } } as const;

/**
 * The file-info rows that pass through once their paths are checked (a metadata save's `dest` too), as every other
 * data route checks them (absolute, no empty, `.` or `..` segments): the backend would otherwise resolve
 * `/iplant/home/alice/../bob` itself. The body is parsed for the check and sent on as parsed, the caller's query as it came.
 */
export const checkedPassthroughs: FastifyPluginAsyncTypebox = async (app) => {
  const fileInfo = app.backends.fileInfo;

  app.post(
    "/secured/filesystem/directories",
    {
      ...checked,
      schema: { summary: "Create several folders ({paths})", tags: ["filesystem"], body: PathsBody, response: answers },
    },
    (request, reply) => {
      for (const path of request.body.paths) dataPath(path, "paths");
      return fileInfo.forward(request, reply, { path: "/data/directories" });
    },
  );

  app.post(
    "/secured/filesystem/path-list-creator",
    {
      ...checked,
      schema: {
        summary: "Write an HT path list file for paths",
        tags: ["filesystem"],
        querystring: PathListQuery,
        body: PathsBody,
        response: answers,
      },
    },
    (request, reply) => {
      dataPath(request.query.dest, "dest");
      for (const path of request.body.paths) dataPath(path, "paths");
      return fileInfo.forward(request, reply, { path: "/path-list-creator" });
    },
  );

  app.post(
    "/secured/filesystem/:dataId/metadata/save",
    {
      ...checked,
      schema: {
        summary: "Save metadata to a file",
        tags: ["file-metadata"],
        params: Type.Object({ dataId: UuidText }),
        body: MetadataSaveBody,
        response: answers,
      },
    },
    (request, reply) => {
      dataPath(request.body.dest, "dest");
      return fileInfo.forward(request, reply, { path: `/data/${request.params.dataId}/metadata/save` });
    },
  );

  app.post(
    "/secured/filesystem/:dataId/metadata/copy",
    {
      ...checked,
      schema: {
        summary: "Copy metadata to other files and folders",
        tags: ["file-metadata"],
        params: Type.Object({ dataId: UuidText }),
        body: CopyBody,
        response: answers,
      },
    },
    (request, reply) => fileInfo.forward(request, reply, { path: `/data/${request.params.dataId}/metadata/copy` }),
  );
};
