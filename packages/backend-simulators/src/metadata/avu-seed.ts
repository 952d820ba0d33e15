import { CERTIFIED_AVU, CLASS_ATTRIBUTE } from "../app-avus.js";
import { DOI_REQUEST } from "../demo-world.js";
import { stableId } from "../framework/stable-id.js";
import { SEED_APP_IDS } from "../seed-ids.js";
import type { AvuChange, StoredAvu } from "./avu-store.js";
import { SEED_CLASSES } from "./ontology.js";

/** Who put a set of seed AVUs on their target, and when. */
interface Described {
  by: string;
  at: number;
}

/** Adds an AVU and those attached to it to the store, their ids stable from `key`. */
function addSeeded(
  avus: Map<string, StoredAvu>,
  avu: AvuChange,
  target: { type: string; id: string },
  key: string,
  { by, at }: Described,
) {
  const id = stableId("seeded avu", key);
  avus.set(id, {
    id,
    attribute: avu.attr,
    value: avu.value,
    unit: avu.unit,
    target_type: target.type,
    target_id: target.id,
    created_by: by,
    modified_by: by,
    created_on: at,
    modified_on: at,
  });
  for (const [index, child] of (avu.avus ?? []).entries()) {
    addSeeded(avus, child, { type: "avu", id }, `${key}/${index}`, { by, at });
  }
}

const classified = (...classes: string[]): AvuChange[] =>
  classes.map((value) => ({ attr: CLASS_ATTRIBUTE, value, unit: "" }));

/**
 * The AVUs an administrator put on the demo apps through the apps service: Word Count classified in the seed
 * ontology and blessed (featured), FastQC classified twice; Alice's Aligner has none.
 */
const SEED_APP_AVUS: [string, AvuChange[]][] = [
  [SEED_APP_IDS.wordCount, [...classified(SEED_CLASSES.dataHandling), CERTIFIED_AVU]],
  [SEED_APP_IDS.fastqc, classified(SEED_CLASSES.qualityControl, SEED_CLASSES.sequenceAnalysis)],
];

/** The demo apps' AVUs, as the apps service keeps them in the metadata service (target type `app`). */
export function seededAppAvus(avus = new Map<string, StoredAvu>()): Map<string, StoredAvu> {
  const described = { by: "carol", at: Date.UTC(2026, 0, 15) };
  for (const [appId, appAvus] of SEED_APP_AVUS) {
    for (const [index, avu] of appAvus.entries()) {
      addSeeded(avus, avu, { type: "app", id: appId }, `${appId}/${index}`, described);
    }
  }
  return avus;
}

/**
 * The metadata service's seed: the demo apps' AVUs, and those alice described the folder of her DOI request with,
 * the day before she asked (`demo-world.ts`): the DataCite template's attributes, some with AVUs attached, as the
 * metadata form saved them through data-info.
 */
export function seededAvus(): Map<string, StoredAvu> {
  const avus = seededAppAvus();
  const { requestedBy, submittedAt, folderId } = DOI_REQUEST;
  const described = { by: requestedBy, at: submittedAt - 86_400_000 };
  for (const [index, avu] of DOI_REQUEST.metadata.entries()) {
    addSeeded(avus, avu, { type: "folder", id: folderId }, `${folderId}/${index}`, described);
  }
  return avus;
}
