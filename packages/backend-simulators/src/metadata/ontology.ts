/** One class of an ontology: its IRI, label (null without an rdfs:label) and the classes it is a subclass of. */
export interface OntologyClass {
  iri: string;
  label: string | null;
  parents: string[];
}

/**
 * What the service reads of an ontology (util/ontology.clj format-ontology-id): its IRI (OWL API's default document
 * IRI: the version IRI, else the ontology IRI; null for an anonymous ontology), its version (the version IRI, else
 * a doap:Version annotation; null without either) and its classes.
 */
export interface ParsedOntology {
  iri: string | null;
  version: string | null;
  classes: Map<string, OntologyClass>;
}

/** A class hierarchy as the metadata and apps backends return it. */
export interface HierarchyNode {
  iri: string;
  label: string | null;
  subclasses?: HierarchyNode[];
}

const decodeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

const firstMatch = (text: string, pattern: RegExp) => {
  const found = pattern.exec(text)?.[1];
  return found === undefined ? undefined : decodeXml(found.trim());
};

/**
 * Reads the parts of an OWL (RDF/XML) document the platform uses: the ontology's IRI and version, and every named
 * class with its label and superclasses. Undefined when it is no RDF/XML document.
 */
export function parseOntology(xml: string): ParsedOntology | undefined {
  if (!/<rdf:RDF\b/.test(xml)) return undefined;
  const ontologyIri = firstMatch(xml, /<owl:Ontology\b[^>]*\brdf:about="([^"]*)"/);
  const versionIri = firstMatch(xml, /<owl:versionIRI\b[^>]*\brdf:resource="([^"]*)"/);
  const classes = new Map<string, OntologyClass>();
  for (const match of xml.matchAll(/<owl:Class\b[^>]*\brdf:about="([^"]+)"\s*(?:\/>|>([\s\S]*?)<\/owl:Class>)/g)) {
    const classIri = decodeXml(match[1] ?? "");
    const body = match[2] ?? "";
    classes.set(classIri, {
      iri: classIri,
      label: firstMatch(body, /<rdfs:label\b[^>]*>([\s\S]*?)<\/rdfs:label>/) ?? null,
      parents: [...body.matchAll(/<rdfs:subClassOf\b[^>]*\brdf:resource="([^"]+)"/g)].map((m) => decodeXml(m[1] ?? "")),
    });
  }
  return {
    iri: versionIri ?? ontologyIri ?? null,
    version: versionIri ?? firstMatch(xml, /<doap:Version\b[^>]*>([\s\S]*?)<\/doap:Version>/) ?? null,
    classes,
  };
}

/** The hierarchy rooted at a class, or undefined when the ontology has no such class. */
export function hierarchyOf(
  classes: Map<string, OntologyClass>,
  rootIri: string,
  seen = new Set<string>(),
): HierarchyNode | undefined {
  const root = classes.get(rootIri);
  if (!root || seen.has(rootIri)) return undefined;
  const inside = new Set([...seen, rootIri]);
  const subclasses = [...classes.values()]
    .filter((candidate) => candidate.parents.includes(rootIri))
    .flatMap((child) => hierarchyOf(classes, child.iri, inside) ?? []);
  return { iri: root.iri, label: root.label, ...(subclasses.length ? { subclasses } : {}) };
}

export const classIrisOf = (node: HierarchyNode): string[] => [
  node.iri,
  ...(node.subclasses ?? []).flatMap(classIrisOf),
];

/** A small EDAM-like ontology both backends start with, with two saved hierarchy roots. */
const EDAM = "http://edamontology.org";
export const SEED_ONTOLOGY_IRI = EDAM;
export const SEED_ONTOLOGY_VERSION = `${EDAM}/1.0/2026/01/15/00-00-00.0`;
export const SEED_HIERARCHY_ROOTS = [`${EDAM}/topic_0003`, `${EDAM}/operation_0004`];
export const SEED_CLASSES = {
  sequenceAnalysis: `${EDAM}/topic_0080`,
  dataHandling: `${EDAM}/operation_2409`,
  alignment: `${EDAM}/operation_0292`,
  qualityControl: `${EDAM}/operation_3218`,
};

const owlClass = (id: string, label: string, parent?: string) =>
  `  <owl:Class rdf:about="${EDAM}/${id}">\n    <rdfs:label>${label}</rdfs:label>\n` +
  (parent ? `    <rdfs:subClassOf rdf:resource="${EDAM}/${parent}"/>\n` : "") +
  "  </owl:Class>\n";

export const SEED_ONTOLOGY_XML = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
         xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#"
         xmlns:owl="http://www.w3.org/2002/07/owl#"
         xmlns:doap="http://usefulinc.com/ns/doap#">
  <owl:Ontology rdf:about="${EDAM}">
    <doap:Version>1.0</doap:Version>
  </owl:Ontology>
${owlClass("topic_0003", "Topic")}${owlClass("topic_3070", "Biology", "topic_0003")}${owlClass(
  "topic_0080",
  "Sequence analysis",
  "topic_3070",
)}${owlClass("topic_3316", "Computer science", "topic_0003")}${owlClass("operation_0004", "Operation")}${owlClass(
  "operation_2409",
  "Data handling",
  "operation_0004",
)}${owlClass("operation_0292", "Sequence alignment", "operation_0004")}${owlClass(
  "operation_3218",
  "Sequencing quality control",
  "operation_0004",
)}</rdf:RDF>
`;
