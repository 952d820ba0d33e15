import { dataPath, path } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { InfoTypeAnswer } from "../backend-answers.js";
import { uuidOf } from "../data-items.js";
import { commonErrors, PathText } from "../schemas.js";

/** Setting a file's info type (its owner only; an empty type resets it). */
export const fileTypes: FastifyPluginAsyncTypebox = async (app) => {
  const fileInfo = app.backends.fileInfo;
  app.post(
    "/secured/filetypes/type",
    {
      config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
      schema: {
        summary: "Set or reset a file's info type",
        tags: ["filetypes"],
        body: Type.Object({
          path: PathText("the file's path"),
          type: Type.String({ description: "an info type from the type list; empty resets it" }),
        }),
        response: { 200: Type.Object({ path: Type.String(), type: Type.String() }), ...commonErrors },
      },
    },
    async (request) => {
      const file = dataPath(request.body.path);
      const id = await uuidOf(fileInfo, request, file);
      const answer = await fileInfo.json<{ type?: string }>(
        request,
        { method: "PUT", path: path`/data/${id}/type`, json: { type: request.body.type } },
        InfoTypeAnswer,
      );
      return { path: file, type: answer.type ?? request.body.type };
    },
  );
};
