import type { BackendClient } from "@de-gateway/backend-clients";
import { isJsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { BasePaths } from "../backend-answers.js";
import { joinPath } from "../data-paths.js";
import { COGE_DATA_FOLDER } from "./settings.js";

/** The caller's CoGe folder in their home, created when it is missing (a folder already there is fine). */
export async function cogeDataFolder(fileInfo: BackendClient, request: FastifyRequest): Promise<string> {
  const { user_home_path: home } = await fileInfo.json<{ user_home_path: string }>(
    request,
    { path: "/navigation/base-paths" },
    BasePaths,
  );
  const folder = joinPath(home, COGE_DATA_FOLDER);
  const created = await fileInfo.call(request, {
    method: "POST",
    path: "/data/directories",
    json: { paths: [folder] },
  });
  const exists = isJsonObject(created.body) && created.body.error_code === "ERR_EXISTS";
  if (!exists) fileInfo.expectOk(created);
  return folder;
}
