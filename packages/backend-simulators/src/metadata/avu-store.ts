import { randomUUID } from "node:crypto";
import { Problem } from "../framework/problems.js";
import { isoSeconds, now } from "./clock.js";
import { canonicalUuid } from "./schemas.js";

/** An attribute/value/unit triple on one target, as the backend stores it. */
export interface StoredAvu {
  id: string;
  attribute: string;
  value: string;
  unit: string;
  target_type: string;
  target_id: string;
  created_by: string;
  modified_by: string;
  created_on: number;
  modified_on: number;
}

export interface AvusState {
  /** In the order they were added. */
  avus: Map<string, StoredAvu>;
}

/** An AVU as the backend answers it, with the AVUs attached to it (`attachedTo` finds them). */
export function shownAvu(avu: StoredAvu, attachedTo: (avuId: string) => StoredAvu[]): Record<string, unknown> {
  return {
    id: avu.id,
    attr: avu.attribute,
    value: avu.value,
    unit: avu.unit,
    target_id: avu.target_id,
    created_by: avu.created_by,
    modified_by: avu.modified_by,
    created_on: avu.created_on,
    modified_on: avu.modified_on,
    avus: attachedTo(avu.id).map((attached) => shownAvu(attached, attachedTo)),
  };
}

/** What an AVU is on: a target of one of the service's types, or another AVU (type `avu`). */
export interface AvuTarget {
  type: string;
  id: string;
}

/** An AVU as a request names it: an `id` names one to change; the AVUs to attach to it nested. */
export interface AvuChange {
  id?: string;
  attr: string;
  value: string;
  unit: string;
  avus?: readonly AvuChange[];
}

const isOn = (avu: StoredAvu, target: AvuTarget) => avu.target_type === target.type && avu.target_id === target.id;

/** The target's AVUs, in the order they were added. */
export const avusOn = (state: AvusState, target: AvuTarget): StoredAvu[] =>
  [...state.avus.values()].filter((avu) => isOn(avu, target));

/** The target's AVUs as the backend lists them (`AvuList`'s entries), those attached to each nested. */
export const listedAvus = (state: AvusState, target: AvuTarget): Record<string, unknown>[] =>
  avusOn(state, target).map((avu) => shownAvu(avu, (id) => avusOn(state, { type: "avu", id })));

/** The target's AVUs as a request would name them to keep them: by id, those attached to each nested. */
export const avusAsNamed = (state: AvusState, target: AvuTarget): AvuChange[] =>
  avusOn(state, target).map(({ id, attribute, value, unit }) => ({
    id,
    attr: attribute,
    value,
    unit,
    avus: avusAsNamed(state, { type: "avu", id }),
  }));

/** An AVU as its database row prints (persistence/avu.clj get-avu-by-id; cheshire writes timestamps as ISO text). */
const avuRow = ({ created_on, modified_on, ...row }: StoredAvu) => ({
  ...row,
  created_on: isoSeconds(created_on),
  modified_on: isoSeconds(modified_on),
});

function added(target: AvuTarget, id: string | undefined, change: AvuChange, user: string): StoredAvu {
  const time = now();
  return {
    id: id ?? randomUUID(),
    attribute: change.attr,
    value: change.value,
    unit: change.unit,
    target_type: target.type,
    target_id: target.id,
    created_by: user,
    modified_by: user,
    created_on: time,
    modified_on: time,
  };
}

/**
 * Saves one requested AVU and those attached to it (the service's add-or-update): an identical AVU already on the
 * target is kept as it is, one named by `id` is changed (refused when it belongs to another target), anything else
 * is added.
 */
export function saveAvu(state: AvusState, user: string, target: AvuTarget, change: AvuChange): void {
  const id = change.id === undefined ? undefined : canonicalUuid(change.id);
  const identical = avusOn(state, target).find(
    (avu) =>
      avu.attribute === change.attr &&
      avu.value === change.value &&
      avu.unit === change.unit &&
      (id === undefined || avu.id === id),
  );
  const existing = id === undefined ? undefined : state.avus.get(id);
  if (!identical && existing && !isOn(existing, target)) {
    throw new Problem(400, "ERR_EXISTS", "AVU already attached to another target item.", { avu: avuRow(existing) });
  }
  const saved =
    identical ??
    (existing
      ? Object.assign(existing, {
          attribute: change.attr,
          value: change.value,
          unit: change.unit,
          modified_by: user,
          modified_on: now(),
        })
      : added(target, id, change, user));
  state.avus.set(saved.id, saved);
  for (const child of change.avus ?? []) saveAvu(state, user, { type: "avu", id: saved.id }, child);
}

/** Removes an AVU with everything attached to it. */
function removeAvu(state: AvusState, avu: StoredAvu): void {
  for (const attached of avusOn(state, { type: "avu", id: avu.id })) removeAvu(state, attached);
  state.avus.delete(avu.id);
}

/** Removes the target's AVUs the request does not name by id, with everything attached to them (the service's set). */
export function removeUnnamed(state: AvusState, target: AvuTarget, kept: readonly AvuChange[]): void {
  const keptIds = new Set(kept.flatMap((avu) => (avu.id === undefined ? [] : [canonicalUuid(avu.id)])));
  for (const avu of avusOn(state, target)) if (!keptIds.has(avu.id)) removeAvu(state, avu);
  for (const avu of kept) {
    if (avu.id !== undefined) removeUnnamed(state, { type: "avu", id: canonicalUuid(avu.id) }, avu.avus ?? []);
  }
}

/** Removes the target's AVUs of an attribute, value and unit, with everything attached to them (the service's delete). */
export function deleteAvus(state: AvusState, target: AvuTarget, avu: Pick<AvuChange, "attr" | "value" | "unit">) {
  for (const kept of avusOn(state, target)) {
    if (kept.attribute === avu.attr && kept.value === avu.value && kept.unit === avu.unit) removeAvu(state, kept);
  }
}

/** Applies a change in full or not at all, as the backend does in one transaction. */
export function atomically(state: AvusState, change: () => void): void {
  const before = new Map([...state.avus].map(([id, avu]) => [id, { ...avu }]));
  try {
    change();
  } catch (error) {
    state.avus = before;
    throw error;
  }
}
