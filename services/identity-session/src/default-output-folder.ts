import { isSuccess } from "@de-gateway/backend-clients";
import { isJsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { DEFAULT_OUTPUT_KEY, type Preferences, SYSTEM_DEFAULT_OUTPUT_KEY } from "./output-folders.js";

const pathIn = (value: unknown): string | undefined =>
  isJsonObject(value) && typeof value.path === "string" ? value.path : undefined;

/**
 * Makes sure a folder exists in the data store, creating it (with its parents) as the caller when it does not.
 * False when it cannot be made there (the data backend refuses: not the caller's to write, a file in the way);
 * a backend failure is thrown.
 */
async function folderMade(request: FastifyRequest, folder: string): Promise<boolean> {
  const fileInfo = request.server.backends.fileInfo;
  const marked = await fileInfo.json(request, { method: "POST", path: "/existence-marker", json: { paths: [folder] } });
  const exists = (marked as { paths?: Record<string, unknown> } | null)?.paths?.[folder];
  if (exists === true) return true;
  const created = await fileInfo.call(request, {
    method: "POST",
    path: "/data/directories",
    json: { paths: [folder] },
  });
  if (isSuccess(created.status)) return true;
  if (created.status >= 400 && created.status < 500) return false;
  fileInfo.expectOk(created);
  return false;
}

/**
 * The preferences with a default output folder that exists, as the reference's bootstrap leaves them: the chosen
 * folder is created when missing; when it cannot be made, the system default takes its place (and is created).
 * The folders are a convenience of the client's (its preferences page refuses to save without one), so a data
 * backend failing leaves the preferences as they are, logged.
 */
export async function withExistingOutputFolder(request: FastifyRequest, preferences: Preferences) {
  const chosen = pathIn(preferences[DEFAULT_OUTPUT_KEY]);
  const systemDefault = preferences[SYSTEM_DEFAULT_OUTPUT_KEY];
  try {
    if (chosen && (await folderMade(request, chosen))) return preferences;
    const fallback = pathIn(systemDefault);
    if (!fallback || fallback === chosen) return preferences;
    request.log.info({ folder: chosen }, "the default output folder cannot be made; the system default is used");
    await folderMade(request, fallback);
    return { ...preferences, [DEFAULT_OUTPUT_KEY]: systemDefault };
  } catch (error) {
    request.log.warn({ err: error }, "could not make sure the default output folder exists");
    return preferences;
  }
}
