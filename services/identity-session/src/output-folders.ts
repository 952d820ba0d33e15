import { dataPath, isDataPath } from "@de-gateway/backend-clients";
import { badRequest, isJsonObject } from "@de-gateway/service-kit";

/** An output-folder preference: where analyses write their results. */
export interface OutputFolder {
  id: string;
  path: string;
  [key: string]: unknown;
}

export type Preferences = Record<string, unknown>;

/** The key the stored preferences use, and the other names clients have used for the same entry. */
export const DEFAULT_OUTPUT_KEY = "defaultOutputFolder";
export const SYSTEM_DEFAULT_OUTPUT_KEY = "systemDefaultOutputDir";
const DEFAULT_OUTPUT_ALIASES = ["defaultOutputDir", "default_output_folder"];
const SYSTEM_DEFAULT_OUTPUT_ALIASES = ["system_default_output_dir"];

/** The names the bootstrap result uses for the two entries. */
const BOOTSTRAP_NAMES: Record<string, string> = {
  [DEFAULT_OUTPUT_KEY]: "default_output_folder",
  [SYSTEM_DEFAULT_OUTPUT_KEY]: "system_default_output_dir",
};

const isBlankPath = (value: unknown) => value === undefined || value === null || value === "";
/** No folder chosen: nothing, an empty path, or a folder object without a path. */
const isBlank = (value: unknown) => isBlankPath(value) || (isJsonObject(value) && isBlankPath(value.path));

export const folderAt = (path: string): OutputFolder => ({ id: path, path });

/** `<home root>/<username>/<folder name>`: the folder analyses write to unless the user chose another. */
export function systemDefaultOutputPath(homeRoot: string, username: string, folderName: string): string {
  return `${homeRoot.replace(/\/+$/, "")}/${username}/${folderName}`;
}

/** The default-output entries a submission carries, one per name it used, blank ones left out. */
const submittedDefaultOutputEntries = (preferences: Preferences): Array<[string, unknown]> =>
  [DEFAULT_OUTPUT_KEY, ...DEFAULT_OUTPUT_ALIASES]
    .map((key): [string, unknown] => [key, preferences[key]])
    .filter(([, value]) => !isBlank(value));

/** The default-output values a submission carries, one per name it used, blank ones left out. */
const submittedDefaultOutputs = (preferences: Preferences): unknown[] =>
  submittedDefaultOutputEntries(preferences).map(([, value]) => value);

const pathOf = (value: unknown) => (isJsonObject(value) ? value.path : value);

/**
 * True when a submission names different default-output folders under different names. A client that keeps the
 * preferences under both the stored names and the bootstrap's (the web client caches a save's answer in its
 * bootstrap result) sends a stale copy beside the change; only what is stored tells which one is the change.
 */
export const hasConflictingDefaultOutputs = (preferences: Preferences): boolean =>
  new Set(submittedDefaultOutputs(preferences).map(pathOf)).size > 1;

/**
 * The chosen default-output value under whichever name the client used; of conflicting ones, the first that
 * differs from the stored folder (`storedPath`), since that one is the change. With nothing stored, that is the
 * first one (submitted values are never blank).
 */
function chosenDefaultOutput(preferences: Preferences, storedPath?: unknown): unknown {
  const submitted = submittedDefaultOutputs(preferences);
  return submitted.find((value) => pathOf(value) !== storedPath) ?? submitted[0];
}

/**
 * A usable folder from a path string or a `{path, id?}` object; `undefined` for anything else, a path that is not a
 * clean absolute data path included (the check every data path passes), so that a stored one from before the check
 * never reaches the data backend.
 */
function asOutputFolder(value: unknown): OutputFolder | undefined {
  if (typeof value === "string" && isDataPath(value)) return folderAt(value);
  if (isJsonObject(value) && typeof value.path === "string" && isDataPath(value.path)) {
    return { ...value, id: typeof value.id === "string" && value.id ? value.id : value.path, path: value.path };
  }
  return undefined;
}

/**
 * Rejects a submission with a default-output entry (under any of its names) that is not a usable folder: neither
 * a path nor an object with one, or a path the data-path check refuses (400 naming the entry, as every data path).
 */
export function assertValidDefaultOutput(preferences: Preferences): void {
  for (const [key, value] of submittedDefaultOutputEntries(preferences)) {
    const path = pathOf(value);
    if (typeof path !== "string") {
      throw badRequest(
        `${key} must be an absolute path or an object {id, path} with an absolute path`,
        "ERR_BAD_OR_MISSING_FIELD",
      );
    }
    dataPath(path, isJsonObject(value) ? `${key}.path` : key);
  }
}

/**
 * The preferences with both output-folder entries present under their stored names: the system default
 * is always the computed one, the default output is the user's choice (of conflicting ones, the one that differs
 * from the `stored` preferences) or, when none is usable, the system default. Other keys are kept as they are.
 */
export function withOutputFolders(
  preferences: Preferences,
  systemDefaultPath: string,
  stored: Preferences = {},
): Preferences {
  const systemDefault = folderAt(systemDefaultPath);
  const chosen = asOutputFolder(chosenDefaultOutput(preferences, pathOf(stored[DEFAULT_OUTPUT_KEY])));
  const kept = Object.fromEntries(
    Object.entries(preferences).filter(
      ([key]) => !DEFAULT_OUTPUT_ALIASES.includes(key) && !SYSTEM_DEFAULT_OUTPUT_ALIASES.includes(key),
    ),
  );
  return { ...kept, [DEFAULT_OUTPUT_KEY]: chosen ?? systemDefault, [SYSTEM_DEFAULT_OUTPUT_KEY]: systemDefault };
}

/** Stored preferences with the output-folder entries renamed as the bootstrap result names them. */
export function bootstrapNaming(preferences: Preferences): Preferences {
  return Object.fromEntries(Object.entries(preferences).map(([key, value]) => [BOOTSTRAP_NAMES[key] ?? key, value]));
}

/** A stored document as preferences: anything that is not a JSON object counts as none stored. */
export const asPreferences = (stored: unknown): Preferences => (isJsonObject(stored) ? stored : {});
