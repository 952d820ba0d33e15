import { randomUUID } from "node:crypto";
import { isJsonObject, objectFields } from "../framework/json-object.js";
import { badRequest } from "../framework/problems.js";
import {
  type FileParameters,
  fileParametersOf,
  isDataStoreInput,
  isFileType,
  isListType,
  isOutput,
  isReferenceInput,
  type ListItem,
  type Validator,
} from "./catalog-store.js";
import { type RuleArgumentType, ruleArgumentTypes } from "./elements.js";

// What the apps service keeps of a parameter the app editor sends beyond its name and label
// (src/apps/service/apps/de/edit.clj `update-app-parameter`).

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A rule's argument as the service keeps it, refused as edit.clj `validate-rule-arg` refuses it. */
function ruleArgument(type: RuleArgumentType, value: unknown): string | number {
  if (value === null || value === undefined) throw badRequest("nil rule arguments are not allowed");
  const text = String(value).trim();
  if (type === "String") return String(value);
  const number = Number(text);
  const valid =
    type === "Integer" ? /^[+-]?\d+$/.test(text) && Number.isSafeInteger(number) : text !== "" && !Number.isNaN(number);
  if (!valid) throw badRequest(`invalid ${type === "Integer" ? "integer" : "double"} argument value: ${String(value)}`);
  return number;
}

/** The validators of an editor's parameter: each a known rule type with its number of arguments, of their types. */
export function validatorsFrom(value: unknown): Validator[] {
  return list(value).map((item) => {
    const { type, params } = objectFields(item);
    const argumentTypes = typeof type === "string" ? ruleArgumentTypes(type) : undefined;
    if (!argumentTypes) throw badRequest(`validation rule type ${String(type)} not found`);
    const given = list(params);
    if (given.length !== argumentTypes.length)
      throw badRequest(`incorrect number of arguments (${given.length}) for rule type ${type}`);
    return {
      type: type as string,
      params: argumentTypes.map((argumentType, index) => ruleArgument(argumentType, given[index])),
    };
  });
}

const LIST_ITEM_FIELDS = ["name", "value", "display", "description"] as const;

/** A list item or tree group as kept in `parameter_values`: its id (a new one if it had none) and its own fields. */
function listItemFrom(value: unknown): ListItem {
  const raw = objectFields(value);
  const item: ListItem = { id: typeof raw.id === "string" && raw.id ? raw.id : randomUUID() };
  for (const field of LIST_ITEM_FIELDS) if (typeof raw[field] === "string") item[field] = raw[field];
  item.isDefault = raw.isDefault === true;
  const groups = list(raw.groups).map(listItemFrom);
  const items = list(raw.arguments).map(listItemFrom);
  if (groups.length > 0) item.groups = groups;
  if (items.length > 0) item.arguments = items;
  return item;
}

/** A selection's items, or a tree selection's root (`selectionCascade`, `isSingleSelect`, its groups and items). */
export function listItemsFrom(type: string, value: unknown): ListItem[] {
  const given = list(value);
  if (type !== "TreeSelection") return given.map(listItemFrom);
  if (given.length === 0) return [];
  const root = objectFields(given[0]);
  const {
    name: _name,
    value: _value,
    display: _display,
    description: _description,
    isDefault: _d,
    ...tree
  } = listItemFrom(root);
  return [
    {
      ...tree,
      ...(typeof root.selectionCascade === "string" ? { selectionCascade: root.selectionCascade } : {}),
      isSingleSelect: root.isSingleSelect === true,
    },
  ];
}

/**
 * The default the service keeps (edit.clj `get-parameter-default-value`): an input's is the `path` of the `{path}`
 * the editor sends (a bare string has none), a reference input's the genome's id; a selection keeps none of its own
 * (its item flagged `isDefault` is its default); nothing blank is kept.
 */
export function defaultValueFrom(type: string, value: unknown): { defaultValue?: unknown } {
  if (isListType(type)) return {};
  const kept = isDataStoreInput(type)
    ? objectFields(value).path
    : isReferenceInput(type) && isJsonObject(value)
      ? value.id
      : value;
  return kept === undefined || kept === null || String(kept).trim() === "" ? {} : { defaultValue: kept };
}

/** A file parameter's settings from what the editor sent (none for the other types). */
export const fileSettingsFrom = (type: string, value: unknown): { file_parameters?: FileParameters } =>
  isFileType(type) ? { file_parameters: fileParametersOf(type, objectFields(value) as Partial<FileParameters>) } : {};

/** validation.clj `validate-parameter`: an output the user cannot name (hidden or implicit) needs a default name. */
export function refuseUnnamedHiddenOutput(
  type: string,
  visible: boolean,
  settings: { file_parameters?: FileParameters },
  kept: { defaultValue?: unknown },
) {
  const hidden = !visible || settings.file_parameters?.is_implicit === true;
  if (isOutput(type) && hidden && kept.defaultValue === undefined)
    throw badRequest("Hidden output parameters must define a default value.", "ERR_BAD_OR_MISSING_FIELD");
}
