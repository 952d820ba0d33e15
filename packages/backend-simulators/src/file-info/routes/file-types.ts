import type { FastifyInstance } from "fastify";
import { answers } from "../../framework/answers.js";
import { FileTypeReturn, TypesList } from "../answer-schemas.js";
import { type FileInfoContext, viewFor } from "../caller-view.js";
import { FILE_TYPES, UNKNOWN_TYPE } from "../content-types.js";
import { badField } from "../errors.js";
import { body } from "../request-values.js";

/**
 * `GET /file-types` → `{types}`; `PUT /data/{id}/type` `{type}` sets a file's info type (owner only; `unknown`
 * or an empty string resets it to `unknown`) → `{path, type, user}`.
 */
export function fileTypeRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.get("/file-types", answers({ 200: TypesList }), async () => ({ types: [...FILE_TYPES] }));

  app.put<{ Params: { id: string } }>("/data/:id/type", answers({ 200: FileTypeReturn }), async (request) => {
    const view = viewFor(request, context);
    const type = body(request).type;
    // common-swagger-api `ValidInfoTypesEnumPlusBlank`: the file types, `unknown` and blank.
    const known = (FILE_TYPES as readonly string[]).includes(type as string) || type === UNKNOWN_TYPE;
    if (typeof type !== "string" || (type.trim() !== "" && !known)) {
      throw badField("type must be one of the file types, unknown or empty", { type });
    }
    const entry = view.file(view.owned(view.entryWithId(request.params.id)));
    entry.infoType = type.trim() === "" ? UNKNOWN_TYPE : type;
    return { path: entry.path, type: entry.infoType, user: view.user };
  });
}
