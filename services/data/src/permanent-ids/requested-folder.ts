import type { BackendClient } from "@de-gateway/backend-clients";
import { badRequest, GatewayError } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { notReadable, type Stat, statsByIds } from "../data-items.js";
import { isWithin, parentOf } from "../data-paths.js";

/** Where folders that can never be staged live: the homes' folder and the trash folders' base. */
export interface UnmovableFolders {
  IRODS_HOME: string;
  TRASH_BASE_PATH: string;
}

/**
 * The folder a caller asks an identifier for: it must exist and be readable (the file-info backend's 404 or
 * 403 otherwise), be owned by the caller, be a folder, and hold something (checked in the reference gateway's
 * order); and, since it is moved to the curators, be neither a home folder nor in the trash.
 */
export async function requestableFolder(
  fileInfo: BackendClient,
  request: FastifyRequest,
  id: string,
  unmovable: UnmovableFolders,
): Promise<Stat> {
  const folder = (await statsByIds(fileInfo, request, [id], { readableOnly: false })).get(id.toLowerCase());
  // Left out of the stat: it exists (the backend checks that as its service account) but the caller has no access to it.
  if (!folder) throw notReadable(request, id, { folder: id });
  if (folder.permission !== "own") {
    throw new GatewayError(403, `${request.user.username} does not own ${folder.path}`, "ERR_NOT_OWNER", {
      folder: folder.id,
    });
  }
  if (folder.type !== "dir") {
    throw badRequest(`${folder.path} is not a folder`, "ERR_BAD_OR_MISSING_FIELD", { folder: folder.id });
  }
  if ((folder["file-count"] ?? 0) + (folder["dir-count"] ?? 0) < 1) {
    throw badRequest(`${folder.path} is empty`, "ERR_BAD_OR_MISSING_FIELD", { folder: folder.id });
  }
  if (parentOf(folder.path) === unmovable.IRODS_HOME || isWithin(folder.path, unmovable.TRASH_BASE_PATH)) {
    throw badRequest(
      `${folder.path} is a home folder or in the trash: it cannot be given to the curators`,
      "ERR_BAD_OR_MISSING_FIELD",
      {
        folder: folder.id,
      },
    );
  }
  return folder;
}
