import type { FastifyRequest } from "fastify";
import {
  asPreferences,
  assertValidDefaultOutput,
  hasConflictingDefaultOutputs,
  type Preferences,
  systemDefaultOutputPath,
  withOutputFolders,
} from "./output-folders.js";
import { readDocument, type UserDocumentSettings, writeDocument } from "./user-documents.js";

/** The settings that place a user's system default output folder. */
export interface OutputFolderSettings {
  IRODS_HOME: string;
  DEFAULT_OUTPUT_FOLDER: string;
}

export type PreferenceSettings = OutputFolderSettings & UserDocumentSettings;

export const systemDefaultFor = (request: FastifyRequest, settings: OutputFolderSettings) =>
  systemDefaultOutputPath(settings.IRODS_HOME, request.user.username, settings.DEFAULT_OUTPUT_FOLDER);

/** The caller's preferences with the output-folder entries always present (defaults when nothing is stored). */
export async function readPreferences(request: FastifyRequest, settings: PreferenceSettings): Promise<Preferences> {
  const stored = asPreferences(await readDocument(request, settings, "preferences"));
  return withOutputFolders(stored, systemDefaultFor(request, settings));
}

/**
 * Replaces the caller's whole preference set (keys not submitted disappear) and returns what was stored. A
 * submission naming different default-output folders under different names is resolved against what is stored.
 */
export async function replacePreferences(
  request: FastifyRequest,
  settings: PreferenceSettings,
  submitted: Preferences,
): Promise<Preferences> {
  assertValidDefaultOutput(submitted);
  const current = hasConflictingDefaultOutputs(submitted)
    ? asPreferences(await readDocument(request, settings, "preferences"))
    : {};
  const stored = await writeDocument(
    request,
    settings,
    "preferences",
    withOutputFolders(submitted, systemDefaultFor(request, settings), current),
  );
  return asPreferences(stored);
}
