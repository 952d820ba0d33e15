import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../../framework/answers.js";
import { FileStat, MetadataCsvParseResult } from "../answer-schemas.js";
import { addAvus, userAvus } from "../avus.js";
import { type CallerView, type FileInfoContext, viewFor } from "../caller-view.js";
import type { Entry } from "../catalogue.js";
import { parseCsv } from "../csv.js";
import { alreadyExists, badField } from "../errors.js";
import { createFolders, missingFolders } from "../folders.js";
import { statOf } from "../formats.js";
import { avuTargetOf, type MetadataService } from "../metadata-service.js";
import { baseName, logicalPath, parentOf } from "../paths.js";
import { canRead } from "../permissions.js";
import { body, queryValue, requiredQuery } from "../request-values.js";

type ById = { Params: { id: string } };

/** A path where the caller may create a new file: its folder exists and is writeable, the path is free. */
export function newFilePath(view: CallerView, dest: unknown): string {
  const path = logicalPath(dest);
  view.writeable(view.folder(view.entryAt(parentOf(path))));
  if (view.store.catalogue.at(path)) throw alreadyExists({ path });
  return path;
}

/** The metadata service's AVUs of an entry, as data-info asks for them (as the caller). */
const metadataAvus = async (view: CallerView, metadata: MetadataService, entry: Entry) =>
  (await metadata.listAvus(view.user, avuTargetOf(entry))).avus;

/**
 * An entry's stat with all its metadata, its iRODS AVUs then the metadata service's; folders (when `recursive`)
 * with their readable contents too (data-info `get-data-item-metadata-for-save`).
 */
async function exported(
  view: CallerView,
  metadata: MetadataService,
  entry: Entry,
  recursive: boolean,
): Promise<Record<string, unknown>> {
  const avus = [...userAvus(entry), ...(await metadataAvus(view, metadata, entry))];
  const item = { ...statOf(view.store, entry, view.user), metadata: avus };
  if (!recursive || entry.type !== "dir") return item;
  const children = view.store.catalogue.childrenOf(entry.path).filter((child) => canRead(child, view.user));
  const of = async (type: Entry["type"]) => {
    const listed = [];
    for (const child of children.filter((candidate) => candidate.type === type)) {
      listed.push(await exported(view, metadata, child, true));
    }
    return listed;
  };
  return { ...item, folders: await of("dir"), files: await of("file") };
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** Creates a file as the caller, or replaces the contents of one they can write to. */
function putFile(view: CallerView, path: string, contents: string): Entry {
  const existing = view.store.catalogue.at(path);
  if (!existing) return view.store.writeFile(path, contents, { owner: view.user });
  view.store.replaceContents(view.writeable(view.file(existing)), view.store.stage(contents));
  return existing;
}

const DATAONE_OBJECTS = "https://de.cyverse.org/dataone-node/rest/mn/v1/object";

/**
 * `POST /data/{id}/metadata/save` `{dest, recursive}` → `{file: stat}` (the metadata as JSON in a new
 * file); `POST /data/{id}/metadata/csv-parser?src&separator` → `{path-metadata: [{path, avus}]}` (AVUs
 * from a CSV file applied to the paths it names, relative ones under the item); `POST /data/{id}/ore/save`
 * writes a data set's OAI-ORE and metadata files into `../curated_metadata/{name}` (empty answer).
 */
export function exportRoutes(app: FastifyInstance, context: FileInfoContext) {
  const { metadata } = context;
  app.post<ById>("/data/:id/metadata/save", answers({ 200: FileStat }), async (request) => {
    const view = viewFor(request, context);
    const fields = body(request);
    if (typeof fields.recursive !== "boolean")
      throw badField("recursive must be true or false", { field: "recursive" });
    const source = view.readable(view.entryWithId(request.params.id));
    const dest = newFilePath(view, fields.dest);
    const json = JSON.stringify(await exported(view, metadata, source, fields.recursive), null, 2);
    return { file: statOf(view.store, view.store.writeFile(dest, json, { owner: view.user }), view.user) };
  });

  app.post<ById>("/data/:id/metadata/csv-parser", answers({ 200: MetadataCsvParseResult }), async (request) => {
    const view = viewFor(request, context);
    const target = view.readable(view.entryWithId(request.params.id));
    const source = view.readable(view.file(view.entryAt(requiredQuery(request, "src"))));
    const separator = decodeURIComponent(queryValue(request, "separator") ?? ",");
    const [header = [], ...rows] = parseCsv(readFileSync(view.store.disk.pathOf(source.path), "utf8"), separator)
      .map((record) => record.map((field) => field.trim()))
      .filter((record) => record.some((field) => field !== ""));
    const attrs = header.slice(1);
    const resolve = (path: string) => logicalPath(path.startsWith("/") ? path : `${target.path}/${path}`);
    const entries = view.allWriteable(view.entriesAt(rows.map(([path = ""]) => resolve(path))));
    const applied = [];
    for (const [index, entry] of entries.entries()) {
      const values = rows[index]?.slice(1) ?? [];
      const avus = attrs.map((attr, column) => ({ attr, value: values[column] ?? "", unit: "" }));
      // data-info `bulk-add-file-avus`: the row's AVUs added through the metadata service, none asked for none.
      if (avus.length > 0) await metadata.updateAvus(view.user, avuTargetOf(entry), { avus });
      applied.push({ path: entry.path, avus });
    }
    return { "path-metadata": applied };
  });

  app.post<ById>("/data/:id/ore/save", answers({ 200: NoBody }), async (request, reply) => {
    const view = viewFor(request, context);
    const dataSet = view.writeable(view.folder(view.entryWithId(request.params.id)));
    const metadataFolder = `${parentOf(parentOf(dataSet.path))}/curated_metadata/${baseName(dataSet.path)}`;
    view.writeable(missingFolders(view.store, metadataFolder).existing);
    createFolders(view.store, metadataFolder, view.user);
    const avus = await metadataAvus(view, metadata, dataSet);
    const files = view.store.catalogue.subtree(dataSet.path).filter((entry) => entry.type === "file");
    putFile(
      view,
      `${metadataFolder}/cyverse-metadata.xml`,
      `<?xml version="1.0" encoding="UTF-8"?>\n<metadata path="${xmlEscape(dataSet.path)}">\n${avus
        .map((avu) => `  <avu attr="${xmlEscape(String(avu.attr))}" value="${xmlEscape(String(avu.value))}"/>`)
        .join("\n")}\n</metadata>\n`,
    );
    const ore = putFile(
      view,
      `${metadataFolder}/ore.xml`,
      `<?xml version="1.0" encoding="UTF-8"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:ore="http://www.openarchives.org/ore/terms/">\n  <ore:Aggregation rdf:about="${DATAONE_OBJECTS}/${dataSet.id}">\n${files
        .map((file) => `    <ore:aggregates rdf:resource="${DATAONE_OBJECTS}/${file.id}"/>`)
        .join("\n")}\n  </ore:Aggregation>\n</rdf:RDF>\n`,
    );
    addAvus(ore, [
      { attr: "ipc-oai-ore", value: "true", unit: "" },
      { attr: "ipc-d1-format-id", value: "http://www.openarchives.org/ore/terms", unit: "" },
    ]);
    addAvus(dataSet, [{ attr: "ipc-d1-dirpath", value: metadataFolder, unit: "" }]);
    return reply.code(200).send();
  });
}
