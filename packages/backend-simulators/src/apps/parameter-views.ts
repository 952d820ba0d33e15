import {
  type AppParameter,
  type FileParameters,
  isDataStoreInput,
  isListType,
  isReferenceInput,
  type ListItem,
} from "./catalog-store.js";
import { genomeView, type ReferenceGenomesState } from "./reference-genomes.js";

// A parameter as the app editor (edit.clj `format-param`) and the launch form (job_view.clj `format-parameter`)
// each show it.

/** Finds a reference genome by id, as its value is shown (metadata/params.clj `format-reference-genome-value`). */
export type GenomeLookup = (id: string) => unknown;

export const genomeLookup =
  ({ genomes }: ReferenceGenomesState): GenomeLookup =>
  (id) => {
    const genome = genomes.get(id);
    return genome ? genomeView(genome) : undefined;
  };

/** A selection's item flagged as its default (a tree selection has none of its own). */
const defaultItem = (parameter: AppParameter): ListItem | undefined =>
  parameter.type === "TreeSelection" ? undefined : parameter.arguments?.find((item) => item.isDefault === true);

/** The parameter's default as the service reads it back (metadata/params.clj `get-default-value`), before any view. */
export const storedDefault = (parameter: AppParameter): unknown =>
  isListType(parameter.type) ? defaultItem(parameter) : parameter.defaultValue;

/** The file settings the editor shows: none for a reference input, the repeat flag only for a multi-file input. */
function editorFileSettings(parameter: AppParameter): { file_parameters?: Partial<FileParameters> } {
  if (!parameter.file_parameters || isReferenceInput(parameter.type)) return {};
  const { repeat_option_flag, ...settings } = parameter.file_parameters;
  return {
    file_parameters: parameter.type === "MultiFileSelector" ? { ...settings, repeat_option_flag } : settings,
  };
}

/**
 * The parameter as the editor loads it: everything the service keeps of it, the default as the editor takes it back
 * (an input's as `{path}`, a reference input's as its genome, a selection's as its default item), `null` when none.
 */
export function editorParameter(parameter: AppParameter, genome: GenomeLookup) {
  const { defaultValue, arguments: items, file_parameters: _settings, ...kept } = parameter;
  const shown = isListType(parameter.type)
    ? defaultItem(parameter)
    : defaultValue === undefined
      ? undefined
      : isDataStoreInput(parameter.type)
        ? { path: defaultValue }
        : isReferenceInput(parameter.type)
          ? genome(String(defaultValue))
          : defaultValue;
  return {
    ...kept,
    ...editorFileSettings(parameter),
    ...(items ? { arguments: items } : {}),
    ...(parameter.type === "TreeSelection" ? {} : { defaultValue: shown ?? null }),
  };
}

/**
 * The parameter as the launch form shows it, under the id analysis configs key it by: its list items (none for
 * other types), its validators, and the default the form starts from when there is one (`offered`, an input's
 * checked with data-info by the caller; a selection's default item; a reference input's genome).
 */
export function formParameter(parameter: AppParameter, id: string, offered: unknown, genome: GenomeLookup) {
  const defaultValue = isListType(parameter.type)
    ? defaultItem(parameter)
    : isReferenceInput(parameter.type) && offered !== undefined
      ? genome(String(offered))
      : offered;
  return {
    arguments: parameter.arguments ?? [],
    ...(defaultValue === undefined || defaultValue === null ? {} : { defaultValue }),
    description: parameter.description,
    id,
    isVisible: parameter.isVisible,
    label: parameter.label,
    name: parameter.name,
    required: parameter.required,
    type: parameter.type,
    validators: parameter.validators,
  };
}
