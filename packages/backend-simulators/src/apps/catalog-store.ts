import { forbidden, notFound } from "../framework/problems.js";
import { SEED_APP_IDS, SEED_TOOL_IDS } from "../seed-ids.js";

/** A selection's list item, or a tree selection's root or group (with `arguments` and `groups` of its own). */
export type ListItem = Record<string, unknown> & { id: string };

/** A file parameter's settings (the `file_parameters` table). */
export interface FileParameters {
  format: string;
  file_info_type: string;
  is_implicit: boolean;
  data_source: string;
  retain: boolean;
  repeat_option_flag: boolean;
}

/** A validation rule on a parameter's value: its type and arguments (numbers for the numeric ones). */
export interface Validator {
  type: string;
  params: Array<string | number>;
}

/** One parameter of an app, as the apps service keeps it (the editor and the launch form each show it their way). */
export interface AppParameter {
  id: string;
  name: string;
  label: string;
  description: string;
  type: string;
  order: number;
  required: boolean;
  isVisible: boolean;
  omit_if_blank: boolean;
  validators: Validator[];
  /** For the file types (inputs, reference inputs and outputs). */
  file_parameters?: FileParameters;
  /** For the selection types: the list items, the default among them flagged `isDefault`; a tree's root alone. */
  arguments?: ListItem[];
  /**
   * As the apps service keeps it: an input's bare path (the editor and the launch form show it as `{path}`), a
   * reference input's genome id; a selection's is its item flagged `isDefault`.
   */
  defaultValue?: unknown;
}

/** The parameter types whose values are data-store paths (persistence/app_metadata.clj `param-ds-input-types`). */
const DATA_STORE_INPUTS = new Set(["FileInput", "FolderInput", "MultiFileSelector", "FileFolderInput"]);
export const isDataStoreInput = (type: string) => DATA_STORE_INPUTS.has(type);

/** Inputs chosen from the reference genomes (`param-input-reference-types`). */
const REFERENCE_INPUTS = new Set(["ReferenceGenome", "ReferenceSequence", "ReferenceAnnotation"]);
export const isReferenceInput = (type: string) => REFERENCE_INPUTS.has(type);

/** Outputs (`param-output-types`). */
const OUTPUTS = new Set(["FileOutput", "FolderOutput", "MultiFileOutput"]);
export const isOutput = (type: string) => OUTPUTS.has(type);

/** The types whose value is an input, data-store or reference (`param-input-types`). */
export const isInput = (type: string) => isDataStoreInput(type) || isReferenceInput(type);

/** The types with file settings (`param-file-types`). */
export const isFileType = (type: string) => isInput(type) || isOutput(type);

/** An output the app names by itself: on no launch form and in no analysis' parameter rows. */
export const isImplicitOutput = (parameter: AppParameter) =>
  isOutput(parameter.type) && parameter.file_parameters?.is_implicit === true;

/** The types chosen from a list (`param-list-types`): the selections and the tree selection. */
export const isListType = (type: string) => type.endsWith("Selection");

export interface AppGroup {
  id: string;
  name: string;
  label: string;
  isVisible: boolean;
  parameters: AppParameter[];
  /** A pipeline's group: the step (from 0) whose app it belongs to; a single-step app's groups are its step 0's. */
  step?: number;
}

/** A pipeline step: the task that runs at that position (an app version's, `app-versions.ts` `taskIdOf`). */
export interface PipelineStep {
  task_id: string;
}

/** What each version of an app has of its own; the name, description and owner belong to the app. */
export const VERSIONED_FIELDS = [
  "version_id",
  "version",
  "tool_ids",
  "groups",
  "references",
  "edited_date",
  "integration_date",
  "disabled",
  "steps",
  "mappings",
  "htcondor_extra",
] as const;
export type AppVersionContent = Pick<AppRecord, (typeof VERSIONED_FIELDS)[number]>;

/**
 * An app as the apps backend keeps it (the fields other families rely on; more may be added). Its own versioned
 * fields are those of its latest version; the earlier versions, latest first, are kept in `older_versions`.
 */
export interface AppRecord {
  id: string;
  system_id: string;
  version_id: string;
  version: string;
  older_versions: AppVersionContent[];
  name: string;
  description: string;
  integrator_username: string;
  integrator_email: string;
  is_public: boolean;
  deleted: boolean;
  disabled: boolean;
  integration_date: number;
  edited_date: number;
  integrator_name: string;
  tool_ids: string[];
  groups: AppGroup[];
  references: string[];
  wiki_url?: string;
  /** Pipelines only: the steps and how outputs feed later inputs. */
  steps?: PipelineStep[];
  mappings?: unknown[];
  /** What an administrator asked of HTCondor for this version's jobs (`apps_htcondor_extra`). */
  htcondor_extra?: string;
}

export type AppPermission = "own" | "write" | "read";

export interface CatalogState {
  apps: Map<string, AppRecord>;
  /** Who each app is shared with, and how: app id → username → permission. */
  shares: Map<string, Map<string, AppPermission>>;
}

const parameter = (id: string, name: string, label: string, type: string, order: number): AppParameter => ({
  id,
  name,
  label,
  description: label,
  type,
  order,
  required: type === "FileInput",
  isVisible: true,
  omit_if_blank: false,
  validators: [],
  ...(isFileType(type) ? { file_parameters: fileParametersOf(type) } : {}),
});

const seedApp = (
  id: string,
  name: string,
  description: string,
  integrator: string,
  isPublic: boolean,
  toolId: string,
  parameters: AppParameter[],
): AppRecord => ({
  id,
  system_id: "de",
  version_id: `${id.slice(0, 8)}-0000-4000-9000-000000000001`,
  version: "1.0",
  older_versions: [],
  name,
  description,
  integrator_username: integrator,
  integrator_email: `${integrator}@example.org`,
  is_public: isPublic,
  deleted: false,
  disabled: false,
  // Only publishing dates an app version (app_metadata.clj update-app-version): a private one has none.
  integration_date: isPublic ? Date.UTC(2026, 0, 15) : 0,
  edited_date: Date.UTC(2026, 5, 1),
  integrator_name: integrator === "alice" ? "Alice Liddell" : "Carol Danvers",
  tool_ids: [toolId],
  groups: [
    { id: `${id.slice(0, 8)}-0000-4000-8000-000000000001`, name: "", label: "Parameters", isVisible: true, parameters },
  ],
  references: [],
});

/**
 * A file parameter's settings as the apps service saves them (edit.clj `format-file-parameter-for-save`) from what
 * the editor sent, the app editor's own defaults for what it left out: a reference input's are fixed, an output is
 * kept with the analysis' results unless told otherwise.
 */
export function fileParametersOf(type: string, given: Partial<FileParameters> = {}): FileParameters {
  if (isReferenceInput(type))
    return {
      format: "Unspecified",
      file_info_type: type,
      data_source: "file",
      is_implicit: false,
      retain: false,
      repeat_option_flag: true,
    };
  return {
    format: given.format ?? "Unspecified",
    file_info_type: given.file_info_type ?? "File",
    data_source: given.data_source ?? "file",
    is_implicit: given.is_implicit ?? false,
    retain: given.retain ?? isOutput(type),
    repeat_option_flag: given.repeat_option_flag ?? true,
  };
}

/** Who integrated the platform's own apps (apps `constants.clj`): listings and searches leave their apps out. */
export const INTERNAL_APP_INTEGRATOR = "Internal DE Tools";

/**
 * Demo apps: public ones (an interactive one among them), the platform's internal URL import app and one private app
 * of alice's.
 */
export const SEED_APPS: readonly AppRecord[] = [
  seedApp(SEED_APP_IDS.wordCount, "Word Count", "Counts the words in a text file", "carol", true, SEED_TOOL_IDS.wc, [
    parameter("0b9b4f2e-1d3c-4a5b-8c7d-000000000011", "", "Input file", "FileInput", 1),
    parameter("0b9b4f2e-1d3c-4a5b-8c7d-000000000012", "-l", "Count lines only", "Flag", 0),
    // The counts go to a file the tool names itself, which a pipeline can take on to its next step.
    {
      ...parameter("0b9b4f2e-1d3c-4a5b-8c7d-000000000013", "", "Word counts", "FileOutput", 2),
      file_parameters: { ...fileParametersOf("FileOutput"), is_implicit: true, format: "Plain text" },
      defaultValue: "wc_out.txt",
    },
  ]),
  seedApp(SEED_APP_IDS.fastqc, "FastQC", "Quality control of sequencing reads", "carol", true, SEED_TOOL_IDS.fastqc, [
    parameter("0b9b4f2e-1d3c-4a5b-8c7d-000000000021", "", "Reads", "FileInput", 1),
  ]),
  seedApp(
    SEED_APP_IDS.aliceAligner,
    "Alice's Aligner",
    "Aligns reads the way alice likes",
    "alice",
    false,
    SEED_TOOL_IDS.aligner,
    [
      parameter("0b9b4f2e-1d3c-4a5b-8c7d-000000000031", "--reads", "Reads", "FileInput", 1),
      parameter("0b9b4f2e-1d3c-4a5b-8c7d-000000000032", "--reference", "Reference genome", "ReferenceGenome", 2),
    ],
  ),
  // de-database's internal app for URL imports: no user integrated it, and listings leave it out.
  {
    ...seedApp(
      SEED_APP_IDS.urlImport,
      "Curl Wrapper",
      "curl wrapper for DE URL imports",
      "carol",
      true,
      SEED_TOOL_IDS.curl,
      [
        {
          ...parameter("0b9b4f2e-1d3c-4a5b-8c7d-000000000042", "-o", "Output Filename", "FileOutput", 0),
          required: true,
        },
        { ...parameter("0b9b4f2e-1d3c-4a5b-8c7d-000000000041", "", "Source URL", "Text", 1), required: true },
      ],
    ),
    integrator_username: "",
    integrator_email: "support@iplantcollaborative.org",
    integrator_name: INTERNAL_APP_INTEGRATOR,
  },
  seedApp(
    SEED_APP_IDS.jupyterLab,
    "JupyterLab Data Science",
    "JupyterLab with Python, R and Julia, running in the browser as a VICE app",
    "carol",
    true,
    SEED_TOOL_IDS.jupyterLab,
    [parameter("0b9b4f2e-1d3c-4a5b-8c7d-000000000051", "", "Working folder", "FolderInput", 0)],
  ),
];

/** alice shared her aligner with carol for reading, before asking for its publication (its tool went with it). */
const SEED_APP_SHARES: ReadonlyArray<[string, ReadonlyArray<[string, AppPermission]>]> = [
  [SEED_APP_IDS.aliceAligner, [["carol", "read"]]],
];

export const catalogOf = (all: () => Record<string, unknown>) => all().catalog as CatalogState;

/** How the user may use an app: integrators own theirs, shares grant theirs, public apps are readable by all. */
export function permissionOf(state: CatalogState, app: AppRecord, username: string): AppPermission | undefined {
  if (app.integrator_username === username) return "own";
  const shared = state.shares.get(app.id)?.get(username);
  if (shared) return shared;
  return app.is_public ? "read" : undefined;
}

export function existingApp(state: CatalogState, id: string): AppRecord {
  const app = state.apps.get(id);
  if (!app) throw notFound(`app ${id} not found`);
  return app;
}

/** The app, if the caller may see it: 404 when unknown, 403 when neither public, owned nor shared. */
export function readableApp(state: CatalogState, id: string, username: string): AppRecord {
  const app = existingApp(state, id);
  if (!permissionOf(state, app, username)) throw forbidden(`insufficient privileges for app ${id}`);
  return app;
}

/** The app, if the caller may change it (own or write permission). */
export function writableApp(state: CatalogState, id: string, username: string): AppRecord {
  const app = readableApp(state, id, username);
  const permission = permissionOf(state, app, username);
  if (permission !== "own" && permission !== "write") throw forbidden(`insufficient privileges for app ${id}`);
  return app;
}

/** The app, if the caller owns it (permissions.clj `check-app-permissions` at `own`). */
export function ownedApp(state: CatalogState, id: string, username: string): AppRecord {
  const app = readableApp(state, id, username);
  if (permissionOf(state, app, username) !== "own") throw forbidden(`insufficient privileges for apps: ${id}`);
  return app;
}

/** Apps a user sees in listings: readable, not deleted and not internal (`app_listing.clj`, `app_search.clj`). */
export const visibleApps = (state: CatalogState, username: string): AppRecord[] =>
  [...state.apps.values()].filter(
    (app) => !app.deleted && app.integrator_name !== INTERNAL_APP_INTEGRATOR && permissionOf(state, app, username),
  );

/** The catalogue as the backend starts: the demo apps and alice's share. */
export const makeCatalogState = (): CatalogState => ({
  apps: new Map(SEED_APPS.map((app) => [app.id, structuredClone(app)])),
  shares: new Map(SEED_APP_SHARES.map(([id, shares]) => [id, new Map(shares)])),
});
