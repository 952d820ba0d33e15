import type { BackendClient } from "@de-gateway/backend-clients";
import { badRequest, GatewayError } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { existingPaths } from "./data-items.js";
import { joinPath } from "./data-paths.js";

/** A name for a new file or folder: one segment, printable. */
export function entryName(name: string | undefined, field = "name"): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (!name || name === "." || name === ".." || /[/\u0000-\u001f\u007f]/.test(name)) {
    throw badRequest(`${field} must be a single printable path segment`, "ERR_BAD_OR_MISSING_FIELD", {
      [field]: name ?? null,
    });
  }
  return name;
}

/** Refuses to create what exists already (ERR_EXISTS), before any byte is sent. */
export async function refuseExisting(fileInfo: BackendClient, request: FastifyRequest, folder: string, name: string) {
  const path = joinPath(folder, name);
  if ((await existingPaths(fileInfo, request, [path])).has(path)) {
    throw new GatewayError(409, `${path} already exists`, "ERR_EXISTS", { path });
  }
}

/** The file-info backend's stat of a file it stored. */
export interface StoredFile {
  id: string;
  path: string;
  label: string;
  permission: string;
  "date-created": number;
  "date-modified": number;
  "file-size": number;
  [field: string]: unknown;
}

/** The interface's File record: the backend's stat of the new file, identified by its path (the UUID kept as `uuid`). */
export function fileRecord(answer: { file: StoredFile }) {
  return { file: { ...answer.file, id: answer.file.path, uuid: answer.file.id } };
}
