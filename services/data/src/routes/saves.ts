import { Readable } from "node:stream";
import { allowedRangesFrom, checkOutboundAddress, dataPath, httpAddress, path } from "@de-gateway/backend-clients";
import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { StoredFileAnswer } from "../backend-answers.js";
import type { Config } from "../config.js";
import { uuidOf, writeableFolder } from "../data-items.js";
import { baseName, parentOf } from "../data-paths.js";
import { entryName, fileRecord, refuseExisting, type StoredFile } from "../file-record.js";
import { singleFileForm } from "../multipart-body.js";
import { commonErrors, FileRecord, PathText } from "../schemas.js";
import { submitUrlImport } from "../url-import.js";

const SaveBody = Type.Object({
  content: Type.String({ description: "the file's new contents (UTF-8 text)" }),
  dest: PathText("the file's absolute path"),
});

const UrlUploadBody = Type.Object({
  dest: PathText("the folder to import into"),
  address: Type.String({ minLength: 1, description: "http or https address of the file to import" }),
});

const UrlUploadAnswer = Type.Object({
  msg: Type.String(),
  url: Type.String(),
  label: Type.String({ description: "the imported file's name, from the address's path" }),
  dest: Type.String(),
});

/** The name an imported file gets: the last segment of the address's path, else its host. */
function importTarget(address: string): { url: URL; name: string } {
  const url = httpAddress(address);
  const last = url.pathname.split("/").filter(Boolean).pop();
  let name = url.hostname;
  if (last) {
    try {
      name = decodeURIComponent(last);
    } catch {
      name = last;
    }
  }
  return { url, name };
}

/** Text content sent as a one-file multipart body, the form the file-info backend takes files in. */
const textForm = (name: string, content: string) =>
  singleFileForm("file", name, "application/octet-stream", Readable.from([Buffer.from(content, "utf8")]));

/** save (overwrite an existing file), saveas (create a new one) and urlupload (import from an address). */
export const saves: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const fileInfo = app.backends.fileInfo;
  const allowedImportRanges = allowedRangesFrom(config.URL_IMPORT_ALLOWED_RANGES);
  const saveSchema = (summary: string) => ({
    config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
    schema: {
      summary,
      tags: ["fileio"],
      body: SaveBody,
      response: { 200: FileRecord, 409: ErrorBody, ...commonErrors },
    },
  });

  async function sendText(
    request: FastifyRequest,
    method: "POST" | "PUT",
    target: string,
    query: Record<string, string>,
    name: string,
    content: string,
  ) {
    const form = textForm(name, content);
    const answer = await fileInfo.stream(request, {
      method,
      path: target,
      query,
      headers: { "content-type": form.contentType },
      body: form.body,
    });
    return fileRecord(fileInfo.expectOk(await fileInfo.read<{ file: StoredFile }>(request, answer), StoredFileAnswer));
  }

  app.post("/secured/fileio/save", saveSchema("Overwrite an existing file with text"), async (request) => {
    const dest = dataPath(request.body.dest, "dest");
    const id = await uuidOf(fileInfo, request, dest);
    return sendText(request, "PUT", path`/data/${id}`, {}, baseName(dest), request.body.content);
  });

  app.post("/secured/fileio/saveas", saveSchema("Create a new file with text"), async (request) => {
    const dest = dataPath(request.body.dest, "dest");
    const folder = parentOf(dest);
    const name = entryName(baseName(dest), "dest");
    await writeableFolder(fileInfo, request, folder);
    await refuseExisting(fileInfo, request, folder, name);
    return sendText(request, "POST", "/data", { dest: folder }, name, request.body.content);
  });

  app.post(
    "/secured/fileio/urlupload",
    {
      config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
      schema: {
        summary: "Import a file from an http or https address into a folder",
        tags: ["fileio"],
        body: UrlUploadBody,
        response: { 200: UrlUploadAnswer, 409: ErrorBody, ...commonErrors },
      },
    },
    async (request) => {
      const dest = dataPath(request.body.dest, "dest");
      const { url, name } = importTarget(request.body.address);
      entryName(name, "address");
      await checkOutboundAddress(url, request.body.address, allowedImportRanges);
      await writeableFolder(fileInfo, request, dest);
      await refuseExisting(fileInfo, request, dest, name);
      await submitUrlImport(app.backends.apps, request, {
        appId: config.URL_IMPORT_APP_ID,
        address: url.href,
        name,
        dest,
      });
      return { msg: "Upload scheduled.", url: request.body.address, label: name, dest };
    },
  );
};
