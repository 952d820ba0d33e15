import { CERTIFIED_AVU, PROTECTED_ATTRIBUTES } from "../app-avus.js";
import {
  type AvuChange,
  type AvusState,
  atomically,
  avusAsNamed,
  avusOn,
  deleteAvus,
  listedAvus,
  removeUnnamed,
  saveAvu,
} from "../metadata/avu-store.js";
import { peerServicesOf } from "./peer-services.js";

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

/**
 * What the apps service keeps of apps' metadata in its own database: documentation. Their AVUs (ontology classes,
 * community tags, the beta and certified marks) it keeps in the metadata service (`clients/metadata.clj`), reached
 * through the peer services (`appAvusOf`).
 */
export interface AppMetadataState {
  documentation: Map<string, Documentation>;
}

export {
  BETA_AVU,
  CERTIFIED_AVU,
  CLASS_ATTRIBUTE,
  COMMUNITY_ATTRIBUTE,
  PROTECTED_ATTRIBUTES,
} from "../app-avus.js";

export const appMetadataOf = (all: () => Record<string, unknown>) => all().appMetadata as AppMetadataState;

type All = () => Record<string, unknown>;
type AvuNamed = Pick<AvuChange, "attr" | "value">;

/** The metadata service's AVUs, where the apps service reads and writes apps' (target type `app`). */
const appAvusOf = (all: All): AvusState => peerServicesOf(all).metadataAvus();
const appTarget = (appId: string) => ({ type: "app", id: appId });

/** The app's AVUs as the metadata service lists them (`list-avus`), those attached to each nested. */
export const listedAppAvus = (all: All, appId: string) => listedAvus(appAvusOf(all), appTarget(appId));

/** The app's AVUs of the protected attributes, named by id so that a replacement keeps them. */
export const protectedAppAvus = (all: All, appId: string): AvuChange[] =>
  avusAsNamed(appAvusOf(all), appTarget(appId)).filter((avu) => PROTECTED_ATTRIBUTES.has(avu.attr));

/** The values of the app's AVUs of one attribute. */
export const appAvuValues = (all: All, appId: string, attr: string): string[] =>
  avusOn(appAvusOf(all), appTarget(appId))
    .filter((avu) => avu.attribute === attr)
    .map((avu) => avu.value);

/** Whether the app carries an AVU of this attribute and value (the metadata service's `filter-by-avus`). */
export function carries(all: All, appId: string, avu: AvuNamed): boolean {
  // Listings ask this twice an app: a pass over the store, without copying it.
  for (const kept of appAvusOf(all).avus.values()) {
    const onApp = kept.target_type === "app" && kept.target_id === appId;
    if (onApp && kept.attribute === avu.attr && kept.value === avu.value) return true;
  }
  return false;
}

/** Whether an administrator blessed the app: it carries the certified AVU (the featured apps). */
export const isBlessed = (all: All, appId: string) => carries(all, appId, CERTIFIED_AVU);

/** Adds AVUs to the app or updates those named by id, as the user (`update-avus`); all or none. */
export function updateAppAvus(all: All, username: string, appId: string, avus: readonly AvuChange[]) {
  const state = appAvusOf(all);
  atomically(state, () => {
    for (const avu of avus) saveAvu(state, username, appTarget(appId), avu);
  });
}

/** Sets the app's AVUs to these, as the user (`set-avus`): those not named by id go; all or none. */
export function setAppAvus(all: All, username: string, appId: string, avus: readonly AvuChange[]) {
  const state = appAvusOf(all);
  atomically(state, () => {
    removeUnnamed(state, appTarget(appId), avus);
    for (const avu of avus) saveAvu(state, username, appTarget(appId), avu);
  });
}

/** Removes the app's AVUs of these attributes, values and units (`delete-avus`). */
export function deleteAppAvus(all: All, appId: string, avus: readonly AvuChange[]) {
  for (const avu of avus) deleteAvus(appAvusOf(all), appTarget(appId), avu);
}
