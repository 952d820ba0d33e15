/** Elements a DataCite kernel-4 record needs before its DOI can be registered (the identifier DataCite sets). */
const REQUIRED_ELEMENTS = ["creators", "titles", "publisher", "publicationYear", "resourceType"] as const;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

const hasElement = (xml: string, name: string) => new RegExp(`<(?:[\\w-]+:)?${name}[\\s>/]`).test(xml);

/** What is wrong with the base64-encoded metadata of a DOI to register, as DataCite's `errors` entries. */
export function metadataProblems(encoded: string | undefined): Array<{ source: string; title: string }> {
  if (!encoded) return [{ source: "xml", title: "Can't be blank" }];
  const compact = encoded.replace(/\s+/g, "");
  if (!BASE64.test(compact)) return [{ source: "xml", title: "Must be Base64-encoded XML" }];
  const xml = Buffer.from(compact, "base64").toString("utf8");
  if (!hasElement(xml, "resource")) return [{ source: "xml", title: "Must be a DataCite resource document" }];
  return REQUIRED_ELEMENTS.filter((name) => !hasElement(xml, name)).map((name) => ({
    source: "metadata",
    title: `Missing child element ${name}`,
  }));
}
