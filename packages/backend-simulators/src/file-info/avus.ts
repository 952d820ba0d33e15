import type { Avu, Entry } from "./catalogue.js";
import { badField, notAuthorized } from "./errors.js";

/** Attributes the DE reserves for itself (trash origin, info type…): hidden from users, never set by them. */
const isSystemAvu = (avu: Avu) => /^ipc/i.test(avu.attr);

export const userAvus = (entry: Entry): Avu[] => entry.avus.filter((avu) => !isSystemAvu(avu));

/** `irods-avus` of a request body: `{attr, value, unit}` objects, none of them system AVUs. */
export function requestedAvus(value: unknown): Avu[] {
  if (value === undefined) return [];
  const valid = (avu: unknown): avu is Avu =>
    typeof avu === "object" &&
    avu !== null &&
    typeof (avu as Avu).attr === "string" &&
    (avu as Avu).attr.trim() !== "" &&
    typeof (avu as Avu).value === "string" &&
    ((avu as Avu).unit === undefined || typeof (avu as Avu).unit === "string");
  if (!Array.isArray(value) || !value.every(valid)) {
    throw badField("irods-avus must be a list of {attr, value, unit}", { field: "irods-avus" });
  }
  const avus = value.map(({ attr, value: avuValue, unit }) => ({ attr, value: avuValue, unit: unit ?? "" }));
  const reserved = avus.filter(isSystemAvu);
  if (reserved.length > 0) throw notAuthorized("system AVUs cannot be set", { avus: reserved });
  return avus;
}

const sameAvu = (a: Avu) => (b: Avu) => a.attr === b.attr && a.value === b.value;

/** Adds AVUs, skipping any with an attribute and value the entry already has. */
export function addAvus(entry: Entry, avus: Avu[]): void {
  for (const avu of avus) if (!entry.avus.some(sameAvu(avu))) entry.avus.push(avu);
}

/** Makes the entry's user AVUs exactly `avus`; system AVUs stay. */
export function setAvus(entry: Entry, avus: Avu[]): void {
  entry.avus = entry.avus.filter(isSystemAvu);
  addAvus(entry, avus);
}

/** The metadata service's part of a request, which data-info passes on as it is: everything but `irods-avus`. */
export function metadataPart(fields: Record<string, unknown>): Record<string, unknown> {
  const { "irods-avus": _irods, ...rest } = fields;
  return rest;
}
