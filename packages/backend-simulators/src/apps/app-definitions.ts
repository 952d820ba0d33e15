import { randomUUID } from "node:crypto";
import { type Caller, fullName } from "../framework/caller.js";
import { objectFields } from "../framework/json-object.js";
import { badRequest } from "../framework/problems.js";
import { bodyObject, requiredText } from "../framework/request-values.js";
import { type AppGroup, type AppParameter, type AppRecord, isListType } from "./catalog-store.js";
import {
  defaultValueFrom,
  fileSettingsFrom,
  listItemsFrom,
  refuseUnnamedHiddenOutput,
  validatorsFrom,
} from "./parameter-settings.js";

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);

function parameterFrom(value: unknown, index: number): AppParameter {
  const raw = objectFields(value);
  if (typeof raw.type !== "string" || !raw.type)
    throw badRequest("every parameter needs a type", "ERR_BAD_OR_MISSING_FIELD");
  const type = raw.type;
  const isVisible = raw.isVisible !== false;
  const fileSettings = fileSettingsFrom(type, raw.file_parameters);
  const kept = defaultValueFrom(type, raw.defaultValue);
  refuseUnnamedHiddenOutput(type, isVisible, fileSettings, kept);
  return {
    id: text(raw.id) || randomUUID(),
    name: text(raw.name),
    label: text(raw.label),
    description: text(raw.description),
    type,
    order: typeof raw.order === "number" ? raw.order : index,
    required: raw.required === true,
    isVisible,
    omit_if_blank: raw.omit_if_blank === true,
    validators: validatorsFrom(raw.validators),
    ...fileSettings,
    ...(isListType(type) ? { arguments: listItemsFrom(type, raw.arguments) } : {}),
    ...kept,
  };
}

export function groupsFrom(value: unknown): AppGroup[] {
  return list(value).map((item) => {
    const raw = objectFields(item);
    return {
      id: text(raw.id) || randomUUID(),
      name: text(raw.name),
      label: text(raw.label, "Parameters"),
      isVisible: raw.isVisible !== false,
      parameters: list(raw.parameters).map(parameterFrom),
    };
  });
}

/** Tool ids named by an app definition's `tools` (objects with an `id`, or plain ids). */
const toolIdsFrom = (value: unknown): string[] =>
  list(value)
    .map((tool) => (typeof tool === "string" ? tool : text(objectFields(tool).id)))
    .filter(Boolean);

export const referencesFrom = (value: unknown): string[] => list(value).filter((item) => typeof item === "string");

/** What distinguishes one new app from another; everything else starts the same for every new app. */
export type AppContent = Pick<AppRecord, "name" | "description" | "tool_ids" | "groups"> & Partial<AppRecord>;

/** A new private, unpublished app of the caller's with the given content. */
export function newPrivateApp(caller: Caller, content: AppContent): AppRecord {
  return {
    id: randomUUID(),
    system_id: "de",
    version_id: randomUUID(),
    version: "1.0",
    older_versions: [],
    integrator_username: caller.username,
    integrator_email: caller.email,
    integrator_name: fullName(caller),
    is_public: false,
    deleted: false,
    disabled: false,
    integration_date: 0,
    edited_date: Date.now(),
    references: [],
    ...content,
  };
}

/** A new private app of the caller's, from an app definition (the body of `POST /apps`). */
export function newApp(body: unknown, caller: Caller): AppRecord {
  const definition = bodyObject(body);
  return newPrivateApp(caller, {
    name: requiredText(definition, "name"),
    description: text(definition.description),
    tool_ids: toolIdsFrom(definition.tools),
    groups: groupsFrom(definition.groups),
    references: referencesFrom(definition.references),
    ...(typeof definition.version === "string" && definition.version.trim() ? { version: definition.version } : {}),
  });
}
