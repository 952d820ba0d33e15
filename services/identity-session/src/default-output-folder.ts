import { isSuccess } from "@de-gateway/backend-clients";
import { isJsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { DEFAULT_OUTPUT_KEY, type Preferences, SYSTEM_DEFAULT_OUTPUT_KEY } from "./output-folders.js";

const pathIn = (value: unknown): string | undefined =>
  isJsonObject(value) && typeof value.path === "string" ? value.path : undefined;

/**
 * Whether a folder exists (and the caller may see it). Asked before the preferences are read for the system default
 * folder, so that the usual case, no other folder chosen, costs bootstrap no extra round trip; a failure is thrown
 * where the answer is awaited, and never awaited when the preferences fail first.
 */
export function existenceOf(request: FastifyRequest, folder: string): Promise<boolean> {
  const fileInfo = request.server.backends.fileInfo;
  const asked = fileInfo
    .json(request, { method: "POST", path: "/existence-marker", json: { paths: [folder] } })
    .then((marked) => (marked as { paths?: Record<string, unknown> } | null)?.paths?.[folder] === true);
  asked.catch(() => undefined);
  return asked;
}

/**
 * Makes sure a folder exists in the data store, creating it (with its parents) as the caller when it does not.
 * False when it cannot be made there (the data backend refuses: not the caller's to write, a file in the way);
 * a backend failure is thrown.
 */
async function folderMade(request: FastifyRequest, folder: string, known?: Promise<boolean>): Promise<boolean> {
  if (await (known ?? existenceOf(request, folder))) return true;
  const fileInfo = request.server.backends.fileInfo;
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
 * folder is created when missing; when it cannot be made, the system default takes its place (and is created), in
 * a new object (the same one is returned when nothing changed).
 * The folders are a convenience of the client's (its preferences page refuses to save without one), so a data
 * backend failing leaves the preferences as they are, logged.
 */
export async function withExistingOutputFolder(
  request: FastifyRequest,
  preferences: Preferences,
  systemDefaultExists: Promise<boolean>,
) {
  const chosen = pathIn(preferences[DEFAULT_OUTPUT_KEY]);
  const systemDefault = preferences[SYSTEM_DEFAULT_OUTPUT_KEY];
  const fallback = pathIn(systemDefault);
  const knownFor = (folder: string) => (folder === fallback ? systemDefaultExists : undefined);
  try {
    if (chosen && (await folderMade(request, chosen, knownFor(chosen)))) return preferences;
    if (!fallback || fallback === chosen) return preferences;
    request.log.info({ folder: chosen }, "the default output folder cannot be made; the system default is used");
    await folderMade(request, fallback, systemDefaultExists);
    return { ...preferences, [DEFAULT_OUTPUT_KEY]: systemDefault };
  } catch (error) {
    request.log.warn({ err: error }, "could not make sure the default output folder exists");
    return preferences;
  }
}
