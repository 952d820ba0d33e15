import { isoSeconds } from "./clock.js";
import type { StoredAttribute, StoredTemplate, TemplatesState } from "./template-store.js";

/** A template in listings: everything but its attributes. */
export const templateSummary = ({
  id,
  name,
  description,
  deleted,
  created_by,
  created_on,
  modified_by,
  modified_on,
}: StoredTemplate) => ({
  id,
  name,
  ...(description === undefined ? {} : { description }),
  deleted,
  created_by,
  created_on: isoSeconds(created_on),
  modified_by,
  modified_on: isoSeconds(modified_on),
});

/** The attributes with the given ids, in that order, each with those nested in it. */
export function attributesView(state: TemplatesState, ids: readonly string[]): Record<string, unknown>[] {
  return ids.flatMap((id) => {
    const attribute = state.attributes.get(id);
    return attribute ? [attributeView(state, attribute)] : [];
  });
}

/** An attribute as the backend shows it: enumeration values only for Enum attributes, no synonyms kept. */
export function attributeView(state: TemplatesState, attribute: StoredAttribute): Record<string, unknown> {
  return {
    id: attribute.id,
    name: attribute.name,
    description: attribute.description,
    required: attribute.required,
    type: attribute.type,
    created_by: attribute.created_by,
    created_on: isoSeconds(attribute.created_on),
    modified_by: attribute.modified_by,
    modified_on: isoSeconds(attribute.modified_on),
    synonyms: [],
    ...(attribute.type === "Enum" ? { values: attribute.values } : {}),
    ...(attribute.settings === undefined ? {} : { settings: attribute.settings }),
    ...(attribute.children.length ? { attributes: attributesView(state, attribute.children) } : {}),
  };
}

export const templateView = (state: TemplatesState, template: StoredTemplate) => ({
  ...templateSummary(template),
  attributes: attributesView(state, template.attributes),
});
