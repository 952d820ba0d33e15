import { stableId } from "../framework/stable-id.js";
import type { StoredAvu } from "../metadata/avu-store.js";
import type { Avu, Entry } from "./catalogue.js";
import { badField, notAuthorized } from "./errors.js";
import type { DataStore } from "./store.js";

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

/** The metadata service's part of a request: everything but `irods-avus`, with `avus` as a list. */
export function metadataPart(fields: Record<string, unknown>): Record<string, unknown> {
  const { "irods-avus": _irods, ...rest } = fields;
  if (rest.avus !== undefined && !Array.isArray(rest.avus)) throw badField("avus must be a list", { field: "avus" });
  return rest;
}

/** An AVU of the metadata service's part as it is kept (`{id?, attr, value, unit, avus?}`). */
interface KeptAvu {
  id?: unknown;
  attr?: unknown;
  value?: unknown;
  unit?: unknown;
  avus?: unknown;
}

/** A stable UUID for a kept AVU that was sent without one. */
const keyedUuid = (key: string) => stableId(`kept avu ${key}`);

function recordsOf(
  avu: KeptAvu,
  key: string,
  target: { type: string; id: string },
  entry: Entry,
  attached: StoredAvu[],
): StoredAvu {
  const id = typeof avu.id === "string" ? avu.id.toLowerCase() : keyedUuid(key);
  const children = Array.isArray(avu.avus) ? (avu.avus as KeptAvu[]) : [];
  children.forEach((child, index) => {
    attached.push(recordsOf(child, `${key}/${index}`, { type: "avu", id }, entry, attached));
  });
  return {
    id,
    attribute: String(avu.attr ?? ""),
    value: String(avu.value ?? ""),
    unit: String(avu.unit ?? ""),
    target_type: target.type,
    target_id: target.id,
    created_by: entry.owner,
    modified_by: entry.owner,
    created_on: entry.dateModified,
    modified_on: entry.dateModified,
  };
}

/**
 * The metadata-service AVUs of every file and folder (kept with the entry here, where data-info would hand them to the
 * metadata service), in the metadata backend's record shape, each with the AVUs attached to it: for its searches.
 */
export function keptMetadataAvus(store: DataStore): Array<{ avu: StoredAvu; attached: StoredAvu[] }> {
  return store.catalogue.all().flatMap((entry) => {
    const kept = Array.isArray(entry.metadata.avus) ? (entry.metadata.avus as KeptAvu[]) : [];
    const target = { type: entry.type === "dir" ? "folder" : "file", id: entry.id };
    return kept.map((avu, index) => {
      const attached: StoredAvu[] = [];
      return { avu: recordsOf(avu, `${entry.id}/${index}`, target, entry, attached), attached };
    });
  });
}
