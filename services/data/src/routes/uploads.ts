import type { Readable } from "node:stream";
import { badRequest, ErrorBody } from "@de-gateway/service-kit";
import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { StoredFileAnswer } from "../backend-answers.js";
import { writeableFolder } from "../data-items.js";
import { dataPath } from "../data-paths.js";
import { entryName, fileRecord, refuseExisting, type StoredFile } from "../file-record.js";
import { singleFileForm } from "../multipart-body.js";
import { commonErrors, FileRecord, PathText } from "../schemas.js";

const malformed = (error: unknown) =>
  badRequest(
    `the upload is not a well-formed multipart/form-data body: ${(error as Error).message}`,
    "ERR_BAD_OR_MISSING_FIELD",
  );

/** The caller's part of the upload, read by busboy: its errors are the caller's (a broken form, a connection gone). */
async function firstPart(request: FastifyRequest): Promise<MultipartFile | undefined> {
  try {
    return await request.file();
  } catch (error) {
    // The plugin's own refusals (limits) carry their status; anything else is busboy failing on what was sent.
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw malformed(error);
  }
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
    limits: { files: 1, fileSize: Number.POSITIVE_INFINITY, fields: 10, fieldSize: 4096 },
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
        response: { 200: FileRecord, 409: ErrorBody, ...commonErrors },
      },
    },
    async (request) => {
      const dest = dataPath(request.query.dest, "dest");
      if (!request.isMultipart()) {
        throw badRequest("the upload must be multipart/form-data with a file field", "ERR_BAD_OR_MISSING_FIELD");
      }
      await writeableFolder(fileInfo, request, dest);
      const part = await firstPart(request);
      if (!part) throw badRequest("the upload has no file field", "ERR_BAD_OR_MISSING_FIELD", { field: "file" });
      // A refused upload's answer goes at once; service-kit reads and drops the rest of the body.
      if (part.fieldname !== "file") {
        throw badRequest(
          `the file must be sent in the field named file, not ${part.fieldname}`,
          "ERR_BAD_OR_MISSING_FIELD",
        );
      }
      await refuseExisting(fileInfo, request, dest, entryName(part.filename, "filename"));
      const form = singleFileForm("file", part.filename, part.mimetype || "application/octet-stream", part.file);
      const answer = await fileInfo
        .stream(request, {
          method: "POST",
          path: "/data",
          query: { dest },
          headers: { "content-type": form.contentType },
          body: form.body,
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
