import { type Static, Type } from "typebox";
import { Uuid } from "../schemas.js";

const open = { additionalProperties: true };

const EnumValue = Type.Object(
  { id: Type.Optional(Uuid("the value's id, kept when given")), value: Type.Optional(Type.Unknown()) },
  { ...open, description: "a value an enumeration attribute may take" },
);

/** An attribute as administrators send it: only the ids and nesting are read here; the metadata backend checks the rest. */
const TemplateAttribute = Type.Cyclic(
  {
    TemplateAttribute: Type.Object(
      {
        id: Type.Optional(Uuid("the attribute's id: one in use is updated by a change, refused by an addition")),
        values: Type.Optional(Type.Array(EnumValue)),
        attributes: Type.Optional(Type.Array(Type.Ref("TemplateAttribute"))),
      },
      open,
    ),
  },
  "TemplateAttribute",
);

/** A metadata template as administrators add or replace it (common-swagger-api's MetadataTemplateUpdate). */
export const TemplateBody = Type.Object(
  {
    id: Type.Optional(Uuid("the new template's id (made by the backend when absent)")),
    attributes: Type.Array(TemplateAttribute, { description: "the template's attributes, in order" }),
  },
  { ...open, description: "the template; the metadata backend checks the rest of it" },
);
export type TemplateBody = Static<typeof TemplateBody>;
type Attribute = TemplateBody["attributes"][number];

/** Ids compare as the backend stores them: as UUIDs, whatever their letters' case. */
const key = (id: string) => id.toLowerCase();

interface Occurrence {
  attribute: Attribute;
  /** Where the attribute is named: one place per occurrence in the body. */
  place: number;
  /** The occurrence it is nested in; none at the template's top. */
  parent?: Occurrence | undefined;
}

/** Every attribute of a body at any depth, in the order the backend saves them, each with where it is nested. */
function occurrencesOf(attributes: readonly Attribute[]): Occurrence[] {
  const found: Occurrence[] = [];
  const walk = (named: readonly Attribute[], parent?: Occurrence) => {
    for (const attribute of named) {
      const occurrence = { attribute, place: found.length, parent };
      found.push(occurrence);
      walk((attribute.attributes ?? []) as Attribute[], occurrence);
    }
  };
  walk(attributes);
  return found;
}

/**
 * Who an attribute is as the database sees it: its id, or, without one, the new id its occurrence gets. An
 * attribute named twice in a change is one row, saved twice.
 */
const rowOf = ({ attribute, place }: Occurrence) => (attribute.id === undefined ? `#${place}` : key(attribute.id));

/** The first id given to two different owners, for a refusal that names it. */
function sharedId(entries: Array<{ id: string; owner: string }>): string | undefined {
  const owners = new Map<string, string>();
  for (const { id, owner } of entries) {
    const held = owners.get(key(id));
    if (held !== undefined && held !== owner) return id;
    owners.set(key(id), owner);
  }
  return undefined;
}

/** An id or value given twice in one list: attributes nested in one attribute, or an attribute's values. */
function repeatedIn(items: readonly { id?: string | undefined }[], what: string): string | undefined {
  const seen = new Set<string>();
  for (const { id } of items) {
    if (id === undefined) continue;
    if (seen.has(key(id))) return `${what} ${id} is given twice in one attribute`;
    seen.add(key(id));
  }
  return undefined;
}

function repeatedValue(attribute: Attribute): string | undefined {
  const values = (attribute.values ?? []).map(({ value }) => JSON.stringify(value));
  const twice = values.find((value, index) => values.indexOf(value) !== index);
  return twice === undefined
    ? repeatedIn(attribute.values ?? [], "value id")
    : `value ${twice} is given twice in one attribute`;
}

/**
 * What in a body alone would break a key of the metadata database, which the service does not check first: it
 * answers them as 500s after rolling the change back (persistence/templates.clj; the attr_attrs, attributes and
 * attr_enum_values keys of de-database's metadata schema). An addition inserts every attribute, so each id is given
 * once. A change updates the attributes it names, replacing what is nested in them and their values, so an attribute
 * may come twice, but nested in one attribute only, and never in itself; a value id belongs to one attribute.
 * Undefined when nothing clashes.
 */
export function clashInBody(body: TemplateBody, adding: boolean): string | undefined {
  const all = occurrencesOf(body.attributes);
  const withIds = all.filter(({ attribute }) => attribute.id !== undefined);
  if (adding) {
    const repeated = sharedId(
      withIds.map((occurrence) => ({ id: occurrence.attribute.id as string, owner: `#${occurrence.place}` })),
    );
    if (repeated) return `attribute id ${repeated} is given more than once`;
  }
  for (const occurrence of all) {
    const { attribute, parent } = occurrence;
    if (parent && rowOf(parent) === rowOf(occurrence)) return `attribute ${attribute.id} is nested in itself`;
    const repeated =
      repeatedIn((attribute.attributes ?? []) as Attribute[], "nested attribute") ?? repeatedValue(attribute);
    if (repeated) return repeated;
  }
  const twoParents = sharedId(
    withIds.flatMap((occurrence) =>
      occurrence.parent ? [{ id: occurrence.attribute.id as string, owner: rowOf(occurrence.parent) }] : [],
    ),
  );
  if (twoParents) return `attribute ${twoParents} is nested in more than one attribute`;
  const sharedValue = sharedId(
    all.flatMap((occurrence) =>
      (occurrence.attribute.values ?? []).flatMap(({ id }) => (id ? [{ id, owner: rowOf(occurrence) }] : [])),
    ),
  );
  return sharedValue ? `value id ${sharedValue} is given to more than one attribute` : undefined;
}

/** The attribute ids a body gives, each once: on an addition, each must be new. */
export const attributeIdsOf = (body: TemplateBody): string[] => [
  ...new Set(occurrencesOf(body.attributes).flatMap(({ attribute }) => (attribute.id ? [key(attribute.id)] : []))),
];
