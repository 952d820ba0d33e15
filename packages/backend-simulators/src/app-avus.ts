/**
 * The AVUs the apps service puts on apps, which the metadata service keeps (target type `app`): shared by the apps
 * simulator, which reads and writes them, and the metadata simulator, whose seed carries the demo apps'.
 */
interface AppAvu {
  attr: string;
  value: string;
  unit: string;
  avus?: readonly AppAvu[];
}

/** The attribute under which apps carry the ontology classes they belong to. */
export const CLASS_ATTRIBUTE = "rdf:type";

/** The attribute under which an app carries the communities it belongs to (full group names). */
export const COMMUNITY_ATTRIBUTE = "cyverse-community";

/**
 * The AVU that marks an app in beta, which publishing adds (apps `de/metadata.clj` beta-avu, its attribute and
 * label from `util/config.clj`); listings answer `beta: true` for an app carrying it.
 */
export const BETA_AVU: AppAvu = {
  attr: "n2t.net/ark:/99152/h1459",
  value: "beta",
  unit: "",
  avus: [{ attr: "rdfs:label", value: "releaseStatus", unit: "attr" }],
};

/**
 * The AVU that marks an app reviewed and certified by administrators, which blessing adds (`de/constants.clj`
 * certified-avu): the featured apps, listed with `isBlessed: true`.
 */
export const CERTIFIED_AVU: AppAvu = { attr: "cyverse-blessed", value: "true", unit: "" };

/** Attributes only administrators may see or set on an app (`de/validation.clj` protected-attrs). */
export const PROTECTED_ATTRIBUTES: ReadonlySet<string> = new Set([
  BETA_AVU.attr,
  COMMUNITY_ATTRIBUTE,
  CERTIFIED_AVU.attr,
]);
