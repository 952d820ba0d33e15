import type { FastifyInstance } from "fastify";
import { answers } from "../../framework/answers.js";
import { FileTypeReturn, TypesList } from "../answer-schemas.js";
import { type FileInfoContext, viewFor } from "../caller-view.js";
import { FILE_TYPES, UNKNOWN_TYPE } from "../content-types.js";
import { badField } from "../errors.js";
import { body } from "../request-values.js";

/**
 * `GET /file-types` → `{types}`; `PUT /data/{id}/type` `{type}` sets a file's info type (owner only; an
 * empty string resets it to `unknown`) → `{path, type, user}`.
 */
export function fileTypeRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.get("/file-types", answers({ 200: TypesList }), async () => ({ types: [...FILE_TYPES] }));

  app.put<{ Params: { id: string } }>("/data/:id/type", answers({ 200: FileTypeReturn }), async (request) => {
    const view = viewFor(request, context);
    const type = body(request).type;
    if (typeof type !== "string" || (type.trim() !== "" && !(FILE_TYPES as readonly string[]).includes(type))) {
      throw badField("type must be one of the file types or empty", { type });
    }
    const entry = view.file(view.owned(view.entryWithId(request.params.id)));
    entry.infoType = type.trim() === "" ? UNKNOWN_TYPE : type;
    return { path: entry.path, type: entry.infoType, user: view.user };
  });
}
