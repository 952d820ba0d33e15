import type { FastifyRequest } from "fastify";
import type { CallerView } from "../caller-view.js";
import type { Entry } from "../catalogue.js";
import { type BadNameRules, listingItem } from "../formats.js";
import { listingFilter, pageOf } from "../paging.js";
import { baseName } from "../paths.js";
import { canRead } from "../permissions.js";
import { queryValue, queryValues } from "../request-values.js";

/** The names data-info looks for, in order, to point a listing at its folder's README. */
const README_NAMES = ["README.md", "README.txt", "README", "readme.md", "readme.txt", "readme"];

function badNameRules(request: FastifyRequest): BadNameRules {
  const asPath = (value: string) => {
    const absolute = value.startsWith("/") ? value : `/${value}`;
    return absolute.length > 1 && absolute.endsWith("/") ? absolute.slice(0, -1) : absolute;
  };
  return {
    chars: new Set(queryValue(request, "bad-chars") ?? ""),
    names: new Set(queryValues(request, "bad-name")),
    paths: new Set(queryValues(request, "bad-path").map(asPath)),
  };
}

/**
 * A page of a folder's contents the caller can read, as data-info's paged listing answers it: the folder
 * itself, then `files`, `folders`, `total` (both kinds, all pages), `totalBad` and `readme`.
 */
export function folderListing(view: CallerView, folder: Entry, request: FastifyRequest) {
  const rules = badNameRules(request);
  const visible = view.store.catalogue.childrenOf(folder.path).filter((child) => canRead(child, view.user));
  const { total, folders, files } = pageOf(visible.filter(listingFilter(request)), request, true);
  const readme = README_NAMES.map((name) =>
    visible.find((child) => child.type === "file" && baseName(child.path) === name),
  ).find(Boolean);
  return {
    ...listingItem(folder, view.user, rules),
    infoType: null,
    size: 0,
    files: files.map((entry) => listingItem(entry, view.user, rules)),
    folders: folders.map((entry) => listingItem(entry, view.user, rules)),
    // clj-irods core.clj items-in-folder takes `total_count` from the page's first row: none on an empty page.
    total: files.length + folders.length > 0 ? total : null,
    totalBad: 0,
    readme: readme ? listingItem(readme, view.user, rules) : false,
  };
}
