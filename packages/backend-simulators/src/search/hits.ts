import type { Entry } from "../file-info/catalogue.js";
import { qualifiedName } from "./patterns.js";
import type { SortKey } from "./sorting.js";
import type { SearchView } from "./sources.js";

const INDEX = "data";

/** An entry as the index's document holds it (`_source`). */
function documentOf(entry: Entry, view: SearchView) {
  return {
    id: entry.id,
    path: entry.path,
    label: entry.path.slice(entry.path.lastIndexOf("/") + 1),
    doc_type: entry.type === "dir" ? "folder" : "file",
    creator: qualifiedName(entry.owner),
    dateCreated: entry.dateCreated,
    dateModified: entry.dateModified,
    fileSize: entry.type === "file" ? entry.size : 0,
    fileType: entry.infoType ?? "",
    userPermissions: view.userPermissions(entry),
    metadata: { irods: view.irodsAvus(entry), cyverse: view.cyverseAvus(entry) },
  };
}

/**
 * One hit as Elasticsearch answers it, with the searching user's permission as a script field. olivere/elastic's
 * SearchHit encodes `_seq_no` and `_primary_term` without omitempty (search.go), null unless asked for.
 */
export function hitOf(entry: Entry, view: SearchView, keys: readonly SortKey[]) {
  return {
    _index: INDEX,
    _id: entry.id,
    _seq_no: null,
    _primary_term: null,
    _source: documentOf(entry, view),
    fields: { permission: [view.permissionOf(entry) ?? null] },
    ...(keys.length > 0 ? { sort: keys.map((key) => key.value(entry)) } : {}),
  };
}
