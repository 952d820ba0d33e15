import { DOI_REQUEST } from "../demo-world.js";
import { stableId } from "../framework/stable-id.js";
import type { StoredAvu } from "./avu-store.js";

interface SeedAvu {
  attr: string;
  value: string;
  unit: string;
  avus?: readonly SeedAvu[];
}

/**
 * The AVUs alice described the folder of her DOI request with, the day before she asked (`demo-world.ts`): the
 * DataCite template's attributes, some with AVUs attached, as the metadata form saved them through data-info.
 */
export function seededAvus(): Map<string, StoredAvu> {
  const avus = new Map<string, StoredAvu>();
  const { requestedBy, submittedAt, folderId } = DOI_REQUEST;
  const described = submittedAt - 86_400_000;
  const add = (avu: SeedAvu, target: { type: string; id: string }, key: string) => {
    const id = stableId("seeded avu", key);
    avus.set(id, {
      id,
      attribute: avu.attr,
      value: avu.value,
      unit: avu.unit,
      target_type: target.type,
      target_id: target.id,
      created_by: requestedBy,
      modified_by: requestedBy,
      created_on: described,
      modified_on: described,
    });
    for (const [index, child] of (avu.avus ?? []).entries()) add(child, { type: "avu", id }, `${key}/${index}`);
  };
  for (const [index, avu] of DOI_REQUEST.metadata.entries()) {
    add(avu, { type: "folder", id: folderId }, `${folderId}/${index}`);
  }
  return avus;
}
