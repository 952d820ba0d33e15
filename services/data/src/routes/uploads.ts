import type { Readable } from "node:stream";
import { dataPath } from "@de-gateway/backend-clients";
import { badRequest, ErrorBody, GatewayError } from "@de-gateway/service-kit";
import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { StoredFileAnswer } from "../backend-answers.js";
import { writeableFolder } from "../data-items.js";
import { entryName, fileRecord, refuseExisting, type StoredFile } from "../file-record.js";
import { singleFileForm } from "../multipart-body.js";
import { commonErrors, FileRecord, PathText } from "../schemas.js";

/** Text fields carry nothing an upload uses; the limit bounds what reading them may hold. */
const FORM_FIELDS = 10;

const malformed = (error: unknown) =>
  badRequest(
    `the upload is not a well-formed multipart/form-data body: ${(error as Error).message}`,
    "ERR_BAD_OR_MISSING_FIELD",
  );

/** What the form reader refuses, in the error model's words: its errors are the caller's (a broken form). */
function formError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === "FST_FILES_LIMIT") {
    return badRequest("an upload holds one file, and this form holds more", "ERR_BAD_OR_MISSING_FIELD", {
      field: "file",
    });
  }
  if (code === "FST_FIELDS_LIMIT") {
    return new GatewayError(413, `an upload's form holds at most ${FORM_FIELDS} text fields besides its file`);
  }
  // The plugin's other refusals carry their status; anything else is busboy failing on what was sent.
  return (error as { statusCode?: number }).statusCode ? error : malformed(error);
}

/**
 * The caller's form, read part by part as it arrives. Text fields carry nothing an upload uses; the first file is
 * the upload, and the rest of the form is read before the file is stored, so that a second file refuses the
 * upload whole instead of being dropped.
 */
function uploadForm(request: FastifyRequest) {
  const parts = request.parts();
  const next = () => parts.next().catch((error: unknown) => Promise.reject(formError(error)));
  return {
    async firstFile(): Promise<MultipartFile | undefined> {
      for (let part = await next(); !part.done; part = await next()) {
        if (part.value.type === "file") return part.value;
      }
      return undefined;
    },
    async rest(): Promise<void> {
      while (!(await next()).done);
    },
  };
}

/**
 * A form that breaks off (truncated, a part cut short) fails the backend request through the file's stream: that
 * is the caller's fault, not the backend's. The stream may have failed before anyone listened, so its state is
 * read, not its events; a stream stopped by the backend request failing only shows a premature close.
 */
function callerFault(file: Readable) {
  const error = file.errored as (Error & { code?: string }) | null;
  return error && error.code !== "ERR_STREAM_PREMATURE_CLOSE" ? malformed(error) : undefined;
}

/**
 * Upload: the multipart part named `file` is streamed on to the file-info backend's `POST /data` as it arrives,
 * never held in memory nor written to the gateway's disk. The destination is checked first, so a refused
 * upload costs no transfer; an upload that breaks off is abandoned on the backend too, which keeps no partial file.
 */
export const uploads: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    // Without a file size limit it would be the JSON body limit. Names in raw UTF-8 are decoded as UTF-8.
    limits: { files: 1, fileSize: Number.POSITIVE_INFINITY, fields: FORM_FIELDS, fieldSize: 4096 },
    // Reading ahead in larger steps keeps a big upload flowing on to the backend.
    fileHwm: 256 * 1024,
  });
  const fileInfo = app.backends.fileInfo;

  app.post(
    "/secured/fileio/upload",
    {
      config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
      schema: {
        summary: "Upload a file into a folder (multipart field `file`)",
        tags: ["fileio"],
        consumes: ["multipart/form-data"],
        querystring: Type.Object({ dest: PathText("the folder to upload into") }),
        response: { 200: FileRecord, 409: ErrorBody, 413: ErrorBody, ...commonErrors },
      },
    },
    async (request) => {
      const dest = dataPath(request.query.dest, "dest");
      if (!request.isMultipart()) {
        throw badRequest("the upload must be multipart/form-data with a file field", "ERR_BAD_OR_MISSING_FIELD");
      }
      await writeableFolder(fileInfo, request, dest);
      const form = uploadForm(request);
      const part = await form.firstFile();
      if (!part) throw badRequest("the upload has no file field", "ERR_BAD_OR_MISSING_FIELD", { field: "file" });
      // A refused upload's answer goes at once; service-kit reads and drops the rest of the body.
      if (part.fieldname !== "file") {
        throw badRequest(
          `the file must be sent in the field named file, not ${part.fieldname}`,
          "ERR_BAD_OR_MISSING_FIELD",
        );
      }
      await refuseExisting(fileInfo, request, dest, entryName(part.filename, "filename"));
      const sent = singleFileForm(
        "file",
        part.filename,
        part.mimetype || "application/octet-stream",
        part.file,
        form.rest,
      );
      const answer = await fileInfo
        .stream(request, {
          method: "POST",
          path: "/data",
          query: { dest },
          headers: { "content-type": sent.contentType },
          body: sent.body,
        })
        .catch((error: unknown) => {
          throw callerFault(part.file) ?? error;
        });
      return fileRecord(
        fileInfo.expectOk(await fileInfo.read<{ file: StoredFile }>(request, answer), StoredFileAnswer),
      );
    },
  );
};
