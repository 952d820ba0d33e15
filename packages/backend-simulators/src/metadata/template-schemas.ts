import { type Static, Type } from "typebox";
import { Uuid } from "./schemas.js";

/** The value types a template attribute can have. */
export const VALUE_TYPES = [
  "String",
  "Timestamp",
  "Boolean",
  "Number",
  "Integer",
  "Multiline Text",
  "URL/URI",
  "Enum",
  "OLS Ontology Term",
  "UAT Ontology Term",
  "Grouping",
] as const;

const EnumValueUpdate = Type.Object({
  id: Type.Optional(Uuid),
  is_default: Type.Optional(Type.Boolean()),
  value: Type.String(),
});

/** An attribute as administrators send it; attributes nest (a Grouping holds others). */
export const AttributeUpdate = Type.Cyclic(
  {
    TemplateAttributeUpdate: Type.Object({
      id: Type.Optional(Uuid),
      name: Type.String(),
      description: Type.String(),
      required: Type.Optional(Type.Boolean()),
      type: Type.Enum([...VALUE_TYPES]),
      values: Type.Optional(Type.Array(EnumValueUpdate)),
      settings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      attributes: Type.Optional(Type.Array(Type.Ref("TemplateAttributeUpdate"))),
    }),
  },
  "TemplateAttributeUpdate",
);
export type AttributeUpdate = Static<typeof AttributeUpdate>;

/** A template as administrators add or replace it. */
export const TemplateUpdate = Type.Object({
  id: Type.Optional(Uuid),
  name: Type.String(),
  description: Type.Optional(Type.String()),
  deleted: Type.Optional(Type.Boolean()),
  attributes: Type.Array(AttributeUpdate),
});
export type TemplateUpdate = Static<typeof TemplateUpdate>;
