import { classIrisOf, type HierarchyNode } from "./ontology.js";

/**
 * The classes and class–subclass pairs saved for one ontology version (tables ontology_classes and
 * ontology_hierarchies): saved hierarchies are kept as these, not as a list of roots.
 */
export interface SavedHierarchies {
  /** Each saved class's label (null when the class has none), by IRI. */
  classes: Map<string, string | null>;
  pairs: Array<{ parent: string; child: string }>;
}

export const noSavedHierarchies = (): SavedHierarchies => ({ classes: new Map(), pairs: [] });

/** services/ontology.clj save-hierarchy: adds the hierarchy's classes and pairs that are not saved yet. */
export function saveHierarchy(saved: SavedHierarchies, node: HierarchyNode): void {
  if (!saved.classes.has(node.iri)) saved.classes.set(node.iri, node.label);
  for (const subclass of node.subclasses ?? []) {
    if (!saved.pairs.some(({ parent, child }) => parent === node.iri && child === subclass.iri)) {
      saved.pairs.push({ parent: node.iri, child: subclass.iri });
    }
    saveHierarchy(saved, subclass);
  }
}

/**
 * The hierarchy saved under a class, null when the class is not saved (services/ontology.clj format-hierarchy over the
 * database's ontology_class_hierarchy function, which gives each class's IRI and label only: never a description).
 */
export function savedHierarchy(saved: SavedHierarchies, iri: string, seen = new Set<string>()): HierarchyNode | null {
  if (!saved.classes.has(iri) || seen.has(iri)) return null;
  const inside = new Set([...seen, iri]);
  const subclasses = saved.pairs
    .filter(({ parent }) => parent === iri)
    .flatMap(({ child }) => savedHierarchy(saved, child, inside) ?? []);
  return { iri, label: saved.classes.get(iri) ?? null, ...(subclasses.length ? { subclasses } : {}) };
}

/**
 * persistence/ontologies.clj get-ontology-hierarchy-roots: the classes with saved subclasses that are no class's
 * subclass. A saved class without subclasses is no root; saving a class's parent makes the parent the root.
 */
export function savedRoots(saved: SavedHierarchies): string[] {
  const subclasses = new Set(saved.pairs.map(({ child }) => child));
  return [...new Set(saved.pairs.map(({ parent }) => parent))].filter((iri) => !subclasses.has(iri));
}

/**
 * services/ontology.clj delete-hierarchy: removes the classes saved under any class (a root or not), with every pair
 * naming them; nothing when the class is not saved.
 */
export function deleteHierarchy(saved: SavedHierarchies, iri: string): void {
  const root = savedHierarchy(saved, iri);
  if (!root) return;
  const removed = new Set(classIrisOf(root));
  for (const gone of removed) saved.classes.delete(gone);
  saved.pairs = saved.pairs.filter(({ parent, child }) => !removed.has(parent) && !removed.has(child));
}
