import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers } from "../../framework/answers.js";
import { Problem } from "../../framework/problems.js";
import { FileStat } from "../answer-schemas.js";
import { type CallerView, type FileInfoContext, viewFor } from "../caller-view.js";
import type { Entry } from "../catalogue.js";
import { badField, badParameter } from "../errors.js";
import { statOf } from "../formats.js";
import { BASE_TRASH_PATH, IRODS_HOME, userTrashPath } from "../navigation.js";
import { baseName, COMMUNITY_DATA } from "../paths.js";
import { canRead } from "../permissions.js";
import { body, queryBoolean, queryValue, queryValues, requiredQuery, stringList } from "../request-values.js";
import { newFilePath } from "./exports.js";

/** Path list kinds: the info type a list is tagged with, and the header line that identifies it. */
const PATH_LIST_HEADERS: Record<string, string> = {
  "ht-analysis-path-list": "# application/vnd.de.path-list+csv; version=1",
  "multi-input-path-list": "# application/vnd.de.multi-input-path-list+csv; version=1",
};

interface Selection {
  foldersOnly: boolean;
  recursive: boolean;
  infoTypes: Set<string>;
  namePattern: RegExp | undefined;
}

function selectionOf(request: FastifyRequest): Selection {
  const pattern = queryValue(request, "name-pattern");
  let namePattern: RegExp | undefined;
  try {
    namePattern = pattern === undefined ? undefined : new RegExp(pattern);
  } catch {
    throw badParameter("name-pattern", "is not a regular expression");
  }
  return {
    foldersOnly: queryBoolean(request, "folders-only"),
    recursive: queryBoolean(request, "recursive"),
    infoTypes: new Set(queryValues(request, "info-type")),
    namePattern,
  };
}

const typeMatches = (selection: Selection, entry: Entry) =>
  entry.type === "dir" || selection.infoTypes.size === 0 || selection.infoTypes.has(entry.infoType ?? "");

/** What lies in a folder for a path list: readable items (and, recursively, what lies in their folders). */
function contentsOf(view: CallerView, folder: Entry, selection: Selection): Entry[] {
  const children = view.store.catalogue
    .childrenOf(folder.path)
    .filter((child) => canRead(child, view.user) && typeMatches(selection, child))
    .filter((child) => selection.recursive || (child.type === "dir") === selection.foldersOnly)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return children.flatMap((child) =>
    selection.recursive && child.type === "dir" ? [child, ...contentsOf(view, child, selection)] : [child],
  );
}

/**
 * `POST /path-list-creator?dest&path-list-info-type&name-pattern&info-type&folders-only&recursive`
 * `{paths}` → `{file: stat}`: a path list file of the files (or folders) in the given folders, plus the
 * given files, filtered by info type and name pattern.
 */
export function pathListRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.post("/path-list-creator", answers({ 200: FileStat }), async (request) => {
    const view = viewFor(request, context);
    const kind = queryValue(request, "path-list-info-type") ?? "ht-analysis-path-list";
    const header = PATH_LIST_HEADERS[kind];
    if (!header) throw badParameter("path-list-info-type", `must be ${Object.keys(PATH_LIST_HEADERS).join(" or ")}`);
    const selection = selectionOf(request);
    const dest = newFilePath(view, requiredQuery(request, "dest"));
    const entries = view.entriesAt(stringList(body(request), "paths"));
    const basePaths = [userTrashPath(view.user), BASE_TRASH_PATH, IRODS_HOME, COMMUNITY_DATA];
    const refused = entries.filter((entry) => basePaths.includes(entry.path)).map((entry) => entry.path);
    if (refused.length > 0) throw badField("base folders cannot be listed", { paths: refused });
    const candidates = entries.flatMap((entry) =>
      entry.type === "dir"
        ? contentsOf(view, entry, selection)
        : canRead(entry, view.user) && typeMatches(selection, entry)
          ? [entry]
          : [],
    );
    const listed = candidates
      .filter((entry) => (entry.type === "dir") === selection.foldersOnly)
      .filter((entry) => !selection.namePattern || selection.namePattern.test(baseName(entry.path)))
      .map((entry) => entry.path);
    if (listed.length === 0) throw new Problem(404, "ERR_NOT_FOUND", "No paths matched the request.");
    const file = view.store.writeFile(dest, [header, ...listed].join("\n"), { owner: view.user });
    file.infoType = kind;
    return { file: statOf(view.store, file, view.user) };
  });
}
