import { dataPath, path } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { uuidOf } from "../data-items.js";
import { BackendAnswer, commonErrors, PathText } from "../schemas.js";

/** Applying metadata from a CSV file to the files it names in a folder. */
export const metadataCsv: FastifyPluginAsyncTypebox = async (app) => {
  const fileInfo = app.backends.fileInfo;
  app.post(
    "/secured/filesystem/metadata/csv-parser",
    {
      config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
      schema: {
        summary: "Apply metadata from a CSV or TSV file to the files it names in a folder",
        tags: ["file-metadata"],
        querystring: Type.Object({
          dest: PathText("the folder searched for the files named in the CSV"),
          src: PathText("the CSV file"),
          separator: Type.Optional(Type.String({ minLength: 1, maxLength: 2, description: "default ," })),
        }),
        response: { 200: BackendAnswer("the parse result per file"), ...commonErrors },
      },
    },
    async (request) => {
      const { separator } = request.query;
      const id = await uuidOf(fileInfo, request, dataPath(request.query.dest, "dest"));
      return fileInfo.json(request, {
        method: "POST",
        path: path`/data/${id}/metadata/csv-parser`,
        query: { src: dataPath(request.query.src, "src"), separator },
      });
    },
  );
};
