import { createHash } from "node:crypto";
import { createWriteStream, rmSync } from "node:fs";
import { Transform } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers } from "../../framework/answers.js";
import { Problem } from "../../framework/problems.js";
import { FileStat } from "../answer-schemas.js";
import { type CallerView, type FileInfoContext, viewFor } from "../caller-view.js";
import type { Entry } from "../catalogue.js";
import { alreadyExists, badField } from "../errors.js";
import { statOf } from "../formats.js";
import { joinPath, newName } from "../paths.js";
import { requiredQuery } from "../request-values.js";
import type { DataStore, StagedFile } from "../store.js";

/** The multipart part named `file` of an upload. */
async function filePart(request: FastifyRequest): Promise<MultipartFile> {
  if (!request.isMultipart())
    throw badField("the body must be multipart/form-data with a file part", { field: "file" });
  const part = await request.file();
  if (part?.fieldname !== "file") throw badField("the request needs a multipart part named file", { field: "file" });
  return part;
}

/**
 * Streams an upload into a staging file outside the visible tree, measuring and digesting it on the
 * way. Whatever goes wrong (the client aborts, the part is too large) deletes the staging file.
 */
async function staged(store: DataStore, part: MultipartFile): Promise<StagedFile> {
  const stagingPath = store.stagingFile();
  const digest = createHash("md5");
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      digest.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const staging = createWriteStream(stagingPath);
  try {
    await pipeline(part.file, measure, staging);
    if (part.file.truncated) throw new Problem(413, "ERR_REQUEST_TOO_LARGE", "the file is larger than allowed");
  } catch (error) {
    // A client gone before the file was even opened: the open still completes (creating the file) after
    // the pipeline has failed, so the file is removed once it is closed, not before.
    await finished(staging).catch(() => {});
    rmSync(stagingPath, { force: true });
    throw error;
  }
  return { stagingPath, size, md5: digest.digest("hex") };
}

/** Runs `place` with a finished upload, deleting the staging file when placing it is refused. */
function placed<T>(staging: StagedFile, place: () => T): T {
  try {
    return place();
  } catch (error) {
    rmSync(staging.stagingPath, { force: true });
    throw error;
  }
}

const writeableFolder = (view: CallerView, path: string) => view.writeable(view.folder(view.entryAt(path)));

function freePathIn(view: CallerView, folder: Entry, name: string): string {
  const path = joinPath(folder.path, name);
  if (view.store.catalogue.at(path)) throw alreadyExists({ path });
  return path;
}

/** Runs checks on a part not read yet; a refusal discards the rest of it so the connection stays usable. */
function refusingUnread<T>(part: MultipartFile, check: () => T): T {
  try {
    return check();
  } catch (error) {
    part.file.resume();
    throw error;
  }
}

const fileStat = (view: CallerView, entry: Entry) => ({ file: statOf(view.store, entry, view.user) });

/**
 * `POST /data?dest=` uploads a new file into a folder; `PUT /data/{id}` replaces a file's contents.
 * The bytes appear at their path only once completely received; checks run before and again after.
 */
export function uploadRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.post("/data", answers({ 200: FileStat }), async (request) => {
    const view = viewFor(request, context);
    const dest = requiredQuery(request, "dest");
    writeableFolder(view, dest);
    const part = await filePart(request);
    const name = refusingUnread(part, () => {
      const checked = newName(part.filename ?? "");
      freePathIn(view, writeableFolder(view, dest), checked);
      return checked;
    });
    const upload = await staged(view.store, part);
    return placed(upload, () => {
      const path = freePathIn(view, writeableFolder(view, dest), name);
      return fileStat(view, view.store.addFile(path, upload, { owner: view.user }));
    });
  });

  app.put<{ Params: { id: string } }>("/data/:id", answers({ 200: FileStat }), async (request) => {
    const view = viewFor(request, context);
    const checkedFile = () => view.writeable(view.file(view.entryWithId(request.params.id)));
    checkedFile();
    const upload = await staged(view.store, await filePart(request));
    return placed(upload, () => {
      const entry = checkedFile();
      view.store.replaceContents(entry, upload);
      return fileStat(view, entry);
    });
  });
}
