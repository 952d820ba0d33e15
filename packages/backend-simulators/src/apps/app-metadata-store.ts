import { randomUUID } from "node:crypto";

/** A metadata AVU on an app (or on another AVU), as the metadata service keeps it for the apps service. */
export interface Avu {
  id: string;
  attr: string;
  value: string;
  unit: string;
  target_id: string;
  created_by: string;
  modified_by: string;
  created_on: number;
  modified_on: number;
  avus?: Avu[];
}

export interface Documentation {
  app_id: string;
  version_id: string;
  documentation: string;
  references: string[];
  created_on: number;
  created_by: string;
  modified_on: number;
  modified_by: string;
}

/** Metadata attached to apps: attribute/value/unit triples (ontology classes among them) and documentation. */
export interface AppMetadataState {
  avus: Map<string, Avu[]>;
  documentation: Map<string, Documentation>;
}

/** An AVU as a request names it, its own AVUs (`avus`) nested. */
export interface AvuRequest {
  id?: string;
  attr: string;
  value: string;
  unit: string;
  avus?: AvuRequest[];
}

/** The attribute under which apps carry the ontology classes they belong to. */
export const CLASS_ATTRIBUTE = "rdf:type";

/** The attribute under which an app carries the communities it belongs to (full group names). */
export const COMMUNITY_ATTRIBUTE = "cyverse-community";

/**
 * The AVU that marks an app in beta, which publishing adds (apps `de/metadata.clj` beta-avu, its attribute and
 * label from `util/config.clj`); listings answer `beta: true` for an app carrying it.
 */
export const BETA_AVU: AvuRequest = {
  attr: "n2t.net/ark:/99152/h1459",
  value: "beta",
  unit: "",
  avus: [{ attr: "rdfs:label", value: "releaseStatus", unit: "attr" }],
};

/**
 * The AVU that marks an app reviewed and certified by administrators, which blessing adds (`de/constants.clj`
 * certified-avu): the featured apps, listed with `isBlessed: true`.
 */
export const CERTIFIED_AVU: AvuRequest = { attr: "cyverse-blessed", value: "true", unit: "" };

/** Attributes only administrators may see or set on an app (`de/validation.clj` protected-attrs). */
export const PROTECTED_ATTRIBUTES: ReadonlySet<string> = new Set([
  BETA_AVU.attr,
  COMMUNITY_ATTRIBUTE,
  CERTIFIED_AVU.attr,
]);

export const appMetadataOf = (all: () => Record<string, unknown>) => all().appMetadata as AppMetadataState;

/** A new AVU on a target (an app or an AVU), made by the user now; an `id` given is kept, as the metadata service keeps it. */
export function newAvu(targetId: string, username: string, avu: AvuRequest): Avu {
  const now = Date.now();
  const id = avu.id ?? randomUUID();
  return {
    id,
    attr: avu.attr,
    value: avu.value,
    unit: avu.unit,
    target_id: targetId,
    created_by: username,
    modified_by: username,
    created_on: now,
    modified_on: now,
    ...(avu.avus?.length ? { avus: avu.avus.map((nested) => newAvu(id, username, nested)) } : {}),
  };
}

const sameAvu = (a: { attr: string; value: string }, b: { attr: string; value: string }) =>
  a.attr === b.attr && a.value === b.value;

/** Whether the app carries an AVU of this attribute and value (the metadata service's `filter-by-avus`). */
export const carries = (state: AppMetadataState, appId: string, avu: { attr: string; value: string }) =>
  (state.avus.get(appId) ?? []).some((kept) => sameAvu(kept, avu));

/** Whether an administrator blessed the app: it carries the certified AVU (the featured apps). */
export const isBlessed = (all: () => Record<string, unknown>, appId: string) =>
  carries(appMetadataOf(all), appId, CERTIFIED_AVU);

/** Adds AVUs to an app, each replacing one of the same attribute and value (the metadata service's update). */
export function addAvus(state: AppMetadataState, appId: string, added: Avu[]) {
  const kept = (state.avus.get(appId) ?? []).filter((avu) => !added.some((change) => sameAvu(change, avu)));
  state.avus.set(appId, [...kept, ...added]);
}

/** Removes the app's AVUs of this attribute and value. */
export function removeAvus(state: AppMetadataState, appId: string, removed: { attr: string; value: string }) {
  state.avus.set(
    appId,
    (state.avus.get(appId) ?? []).filter((avu) => !sameAvu(avu, removed)),
  );
}
