import { randomUUID } from "node:crypto";
import { badRequest, Problem } from "../framework/problems.js";
import { canonicalUuid } from "./schemas.js";
import type { AttributeUpdate, TemplateUpdate } from "./template-schemas.js";

export interface EnumValue {
  id: string;
  value: string;
  is_default: boolean;
}

/**
 * A template attribute. Attributes live apart from templates, as in the backend's database: a
 * template and a parent attribute refer to them by id, and an update can reuse one by naming it.
 */
export interface StoredAttribute {
  id: string;
  name: string;
  description: string;
  required: boolean;
  type: string;
  settings?: Record<string, unknown>;
  values: EnumValue[];
  children: string[];
  created_by: string;
  created_on: number;
  modified_by: string;
  modified_on: number;
}

export interface StoredTemplate {
  id: string;
  name: string;
  description?: string;
  deleted: boolean;
  created_by: string;
  created_on: number;
  modified_by: string;
  modified_on: number;
  attributes: string[];
}

export interface TemplatesState {
  templates: Map<string, StoredTemplate>;
  attributes: Map<string, StoredAttribute>;
}

/** Who changes the templates, and when (milliseconds since the epoch). */
export interface Change {
  user: string;
  at: number;
}

const idOf = (requested: string | undefined) => (requested === undefined ? randomUUID() : canonicalUuid(requested));

function attributeIds(attributes: readonly AttributeUpdate[]): string[] {
  return attributes.flatMap((attribute) => [
    ...(attribute.id === undefined ? [] : [canonicalUuid(attribute.id)]),
    ...attributeIds(attribute.attributes ?? []),
  ]);
}

/** Naming one attribute twice in a request would make it its own ancestor or sibling. */
function refuseRepeatedAttributes(template: TemplateUpdate): string[] {
  const ids = attributeIds(template.attributes);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated) throw badRequest(`attribute ${repeated} appears more than once`, "ERR_ILLEGAL_ARGUMENT");
  return ids;
}

/** Saves an attribute and, in order, the attributes nested in it; returns its id. */
function saveAttribute(state: TemplatesState, request: AttributeUpdate, change: Change): string {
  const id = idOf(request.id);
  const current = state.attributes.get(id);
  const settings = request.settings ?? current?.settings;
  const attribute: StoredAttribute = {
    id,
    name: request.name,
    description: request.description,
    required: request.required ?? current?.required ?? false,
    type: request.type,
    ...(settings === undefined ? {} : { settings }),
    values: (request.values ?? []).map((value) => ({
      id: idOf(value.id),
      value: value.value,
      is_default: value.is_default ?? false,
    })),
    children: [],
    created_by: current?.created_by ?? change.user,
    created_on: current?.created_on ?? change.at,
    modified_by: change.user,
    modified_on: change.at,
  };
  state.attributes.set(id, attribute);
  attribute.children = (request.attributes ?? []).map((child) => saveAttribute(state, child, change));
  return id;
}

/** Drops the attributes no template uses any more, directly or nested. */
function removeUnusedAttributes(state: TemplatesState): void {
  const used = new Set<string>();
  const visit = (id: string) => {
    if (used.has(id)) return;
    used.add(id);
    for (const child of state.attributes.get(id)?.children ?? []) visit(child);
  };
  for (const template of state.templates.values()) template.attributes.forEach(visit);
  for (const id of state.attributes.keys()) if (!used.has(id)) state.attributes.delete(id);
}

/**
 * clojure-commons' assert-found throws `{error_code: ERR_NOT_FOUND, reason}` without a `:type`, which its unchecked
 * handler answers with 500 (assertions.clj not-found, exception.clj unchecked-handler).
 */
const notFound = (reason: string) => new Problem(500, "ERR_NOT_FOUND", reason);

export function existingTemplate(state: TemplatesState, templateId: string): StoredTemplate {
  const template = state.templates.get(canonicalUuid(templateId));
  if (!template) throw notFound(`metadata template ${templateId} not found`);
  return template;
}

export function existingAttribute(state: TemplatesState, attributeId: string): StoredAttribute {
  const attribute = state.attributes.get(canonicalUuid(attributeId));
  if (!attribute) throw notFound(`metadata attribute ${attributeId} not found`);
  return attribute;
}

/** Adds a template; ids the caller chose for it or its attributes must not be in use. */
export function addTemplate(state: TemplatesState, request: TemplateUpdate, change: Change): StoredTemplate {
  const id = idOf(request.id);
  const taken = [id, ...refuseRepeatedAttributes(request)].find(
    (candidate) => state.templates.has(candidate) || state.attributes.has(candidate),
  );
  if (taken) throw new Problem(400, "ERR_EXISTS", `${taken} is already in use`);
  const template: StoredTemplate = {
    id,
    name: request.name,
    ...(request.description === undefined ? {} : { description: request.description }),
    deleted: false,
    created_by: change.user,
    created_on: change.at,
    modified_by: change.user,
    modified_on: change.at,
    attributes: [],
  };
  state.templates.set(id, template);
  template.attributes = request.attributes.map((attribute) => saveAttribute(state, attribute, change));
  return template;
}

/**
 * Replaces a template's name, attributes and (when given) description and deleted flag. Attributes
 * named by an existing id are updated in place, others added; attributes left unused are dropped.
 */
export function updateTemplate(
  state: TemplatesState,
  templateId: string,
  request: TemplateUpdate,
  change: Change,
): StoredTemplate {
  const template = existingTemplate(state, templateId);
  refuseRepeatedAttributes(request);
  template.name = request.name;
  if (request.description !== undefined) template.description = request.description;
  if (request.deleted !== undefined) template.deleted = request.deleted;
  template.modified_by = change.user;
  template.modified_on = change.at;
  template.attributes = request.attributes.map((attribute) => saveAttribute(state, attribute, change));
  removeUnusedAttributes(state);
  return template;
}

/** Marks a template deleted, or removes it with its unused attributes when `permanent`. */
export function deleteTemplate(state: TemplatesState, templateId: string, change: Change, permanent: boolean): void {
  const template = existingTemplate(state, templateId);
  if (permanent) {
    state.templates.delete(template.id);
    removeUnusedAttributes(state);
    return;
  }
  template.deleted = true;
  template.modified_by = change.user;
  template.modified_on = change.at;
}
