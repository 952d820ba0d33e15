import { randomUUID } from "node:crypto";
import { Problem } from "../framework/problems.js";
import { canonicalUuid } from "./schemas.js";
import type { AttributeUpdate, TemplateUpdate } from "./template-schemas.js";
import { checkViolation, duplicateKey } from "./unchecked.js";

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

/**
 * How an attribute is saved: adding a template inserts every attribute (an id in use breaks the primary key), updating
 * one updates those that exist (persistence/templates.clj insert-attribute, insert-or-update-attribute).
 */
type Saving = "insert" | "upsert";

/** attr_attrs: a child is nested in one attribute only (unique index on child_id), never in itself (check). */
function nest(state: TemplatesState, parent: StoredAttribute, childId: string): void {
  if (parent.id === childId) throw checkViolation("attr_attrs", "attr_attrs_check", `${childId}, ${childId}`);
  const nested = [...state.attributes.values()].some((attribute) => attribute.children.includes(childId));
  if (nested) throw duplicateKey("attr_attrs_child_id", "child_id", childId);
  parent.children.push(childId);
}

/** attr_enum_values: value ids are unique everywhere, a value once per attribute. */
function enumValues(state: TemplatesState, attributeId: string, request: AttributeUpdate): EnumValue[] {
  const taken = new Set([...state.attributes.values()].flatMap((attribute) => attribute.values.map(({ id }) => id)));
  const values: EnumValue[] = [];
  for (const value of request.values ?? []) {
    const id = idOf(value.id);
    if (taken.has(id)) throw duplicateKey("attr_enum_values_pkey", "id", id);
    if (values.some((saved) => saved.value === value.value)) {
      throw duplicateKey(
        "attr_enum_values_attribute_id_value_key",
        "attribute_id, value",
        `${attributeId}, ${value.value}`,
      );
    }
    taken.add(id);
    values.push({ id, value: value.value, is_default: value.is_default ?? false });
  }
  return values;
}

/**
 * Saves an attribute, nested in `parent` when given, then the attributes nested in it, in the service's order: the
 * row, its place, its enumeration values (replaced), its nested attributes (replaced). Returns its id.
 */
function saveAttribute(
  state: TemplatesState,
  request: AttributeUpdate,
  change: Change,
  saving: Saving,
  parent?: StoredAttribute,
): string {
  const id = idOf(request.id);
  const current = state.attributes.get(id);
  if (current && saving === "insert") throw duplicateKey("attributes_pkey", "id", id);
  const settings = request.settings ?? current?.settings;
  const attribute: StoredAttribute = {
    id,
    name: request.name,
    description: request.description,
    required: request.required ?? current?.required ?? false,
    type: request.type,
    ...(settings === undefined ? {} : { settings }),
    values: [],
    children: [],
    created_by: current?.created_by ?? change.user,
    created_on: current?.created_on ?? change.at,
    modified_by: change.user,
    modified_on: change.at,
  };
  state.attributes.set(id, attribute);
  if (parent) nest(state, parent, id);
  attribute.values = enumValues(state, id, request);
  for (const child of request.attributes ?? []) saveAttribute(state, child, change, saving, attribute);
  return id;
}

/** Runs a change as one database transaction: when it fails, nothing of it stays. */
function inTransaction<T>(state: TemplatesState, change: () => T): T {
  const before = structuredClone({ templates: state.templates, attributes: state.attributes });
  try {
    return change();
  } catch (error) {
    state.templates = before.templates;
    state.attributes = before.attributes;
    throw error;
  }
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

/**
 * Adds a template and its attributes, all inserted: an id in use, or one attribute id given twice, breaks a primary key
 * (a 500, as the service does not check first).
 */
export function addTemplate(state: TemplatesState, request: TemplateUpdate, change: Change): StoredTemplate {
  return inTransaction(state, () => {
    const id = idOf(request.id);
    if (state.templates.has(id)) throw duplicateKey("templates_pkey", "id", id);
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
    template.attributes = request.attributes.map((attribute) => saveAttribute(state, attribute, change, "insert"));
    return template;
  });
}

/**
 * Replaces a template's name, attributes and (when given) description and deleted flag. Attributes named by an
 * existing id are updated in place (one named twice at the top is listed twice), others added. Attributes left
 * unused stay, nested ones still nested: the service's orphan clean-up is a lazy sequence nobody reads
 * (persistence/templates.clj delete-orphan-attributes).
 */
export function updateTemplate(
  state: TemplatesState,
  templateId: string,
  request: TemplateUpdate,
  change: Change,
): StoredTemplate {
  const template = existingTemplate(state, templateId);
  return inTransaction(state, () => {
    template.name = request.name;
    if (request.description !== undefined) template.description = request.description;
    if (request.deleted !== undefined) template.deleted = request.deleted;
    template.modified_by = change.user;
    template.modified_on = change.at;
    template.attributes = request.attributes.map((attribute) => saveAttribute(state, attribute, change, "upsert"));
    return template;
  });
}

/** Marks a template deleted, or removes it when `permanent` (its attributes stay, as after an update). */
export function deleteTemplate(state: TemplatesState, templateId: string, change: Change, permanent: boolean): void {
  const template = existingTemplate(state, templateId);
  if (permanent) {
    state.templates.delete(template.id);
    return;
  }
  template.deleted = true;
  template.modified_by = change.user;
  template.modified_on = change.at;
}
