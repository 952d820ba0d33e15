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

/** The chosen default-output value under whichever name the client used. */
function chosenDefaultOutput(preferences: Preferences): unknown {
  for (const key of [DEFAULT_OUTPUT_KEY, ...DEFAULT_OUTPUT_ALIASES]) {
    if (!isBlank(preferences[key])) return preferences[key];
  }
  return undefined;
}

/** A usable folder from a path string or a `{path, id?}` object; `undefined` for anything else. */
function asOutputFolder(value: unknown): OutputFolder | undefined {
  if (typeof value === "string" && value.startsWith("/")) return folderAt(value);
  if (isJsonObject(value) && typeof value.path === "string" && value.path.startsWith("/")) {
    return { ...value, id: typeof value.id === "string" && value.id ? value.id : value.path, path: value.path };
  }
  return undefined;
}

/** Rejects a submitted default-output entry that is neither absent nor a usable folder. */
export function assertValidDefaultOutput(preferences: Preferences): void {
  const chosen = chosenDefaultOutput(preferences);
  if (chosen !== undefined && !asOutputFolder(chosen)) {
    throw badRequest(
      `${DEFAULT_OUTPUT_KEY} must be an absolute path or an object {id, path} with an absolute path`,
      "ERR_BAD_OR_MISSING_FIELD",
    );
  }
}

/**
 * The preferences with both output-folder entries present under their stored names: the system default
 * is always the computed one, the default output is the user's choice or, when none is usable, the system
 * default. Other keys are kept as they are.
 */
export function withOutputFolders(preferences: Preferences, systemDefaultPath: string): Preferences {
  const systemDefault = folderAt(systemDefaultPath);
  const chosen = asOutputFolder(chosenDefaultOutput(preferences));
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
