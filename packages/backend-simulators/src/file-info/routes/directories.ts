import type { FastifyInstance } from "fastify";
import { answers } from "../../framework/answers.js";
import { Paths } from "../answer-schemas.js";
import { type FileInfoContext, viewFor } from "../caller-view.js";
import { createDirectories } from "../folders.js";
import { body, stringList } from "../request-values.js";

/**
 * `POST /data/directories` `{paths}` → `{paths: [every folder created, parents included]}`, as data-info's
 * create-dirs (`createDirectories`).
 */
export function directoryRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.post("/data/directories", answers({ 200: Paths }), async (request) => {
    return { paths: createDirectories(viewFor(request, context), stringList(body(request), "paths")) };
  });
}
