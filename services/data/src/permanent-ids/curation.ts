import { type BackendClient, path } from "@de-gateway/backend-clients";
import { GatewayError, isJsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { existingPaths, type Stat } from "../data-items.js";
import { baseName, joinPath } from "../data-paths.js";
import { firstRefusedShare, type Grant } from "../data-store-shares.js";

/**
 * Where requested folders wait for the data curators and where published ones go, and the accounts involved: the
 * data store's administrative account moves and shares them, the curators' group owns them there.
 */
export interface Curation {
  stagingFolder: string;
  publishFolder: string;
  curatorsGroup: string;
  adminAccount: string;
}

/** Access for one user or group on the path being moved. */
type Access = Omit<Grant, "paths">;

/** Where a folder waits for the curators: the staging folder, under its own name. */
const stagedPath = (curation: Curation, folderPath: string) => joinPath(curation.stagingFolder, baseName(folderPath));

/** Where a folder given a DOI is published: the publish folder, under its own name. */
export const publishedPath = (curation: Curation, folderPath: string) =>
  joinPath(curation.publishFolder, baseName(folderPath));

/**
 * Refuses a folder whose name another folder already holds in the staging or the publish folder (409 `ERR_EXISTS`
 * with the taken `path`): it could not be moved there. The folder itself being there already is fine.
 */
export async function refuseTakenNames(
  fileInfo: BackendClient,
  request: FastifyRequest,
  curation: Curation,
  folderPath: string,
  places: ReadonlyArray<"staging" | "publish">,
): Promise<void> {
  const destinations = places.map((place) =>
    place === "staging" ? stagedPath(curation, folderPath) : publishedPath(curation, folderPath),
  );
  const taken = await existingPaths(fileInfo, request, destinations, curation.adminAccount);
  places.forEach((place, index) => {
    const destination = destinations[index] as string;
    if (destination === folderPath || !taken.has(destination)) return;
    const why =
      place === "staging"
        ? "has already been submitted for a permanent identifier"
        : "has already been published with a permanent identifier";
    throw new GatewayError(409, `a folder named ${baseName(folderPath)} ${why}`, "ERR_EXISTS", { path: destination });
  });
}

/** Gives access to a path as the administrative account; a share the data store refuses is a backend failure. */
async function share(
  fileInfo: BackendClient,
  request: FastifyRequest,
  curation: Curation,
  target: string,
  grant: Access,
) {
  const { user, permission } = grant;
  const refused = await firstRefusedShare(
    fileInfo,
    request,
    [{ user, paths: [target], permission }],
    curation.adminAccount,
  );
  if (refused) {
    const error = isJsonObject(refused.error) ? refused.error : {};
    const reason = typeof error.reason === "string" ? error.reason : "refused";
    throw new GatewayError(502, `the file-info backend did not share ${target} with ${user} (${reason})`);
  }
}

/** Makes the staging or publish folder when it is missing, owned by the administrative account and the curators. */
async function ensureFolder(fileInfo: BackendClient, request: FastifyRequest, curation: Curation, folder: string) {
  if ((await existingPaths(fileInfo, request, [folder], curation.adminAccount)).has(folder)) return;
  request.log.warn({ folder, curators: curation.curatorsGroup }, "creating the permanent-id curation folder");
  await fileInfo.json(request, {
    method: "POST",
    path: "/data/directories",
    actAs: curation.adminAccount,
    json: { paths: [folder] },
  });
  await share(fileInfo, request, curation, folder, { user: curation.curatorsGroup, permission: "own" });
}

/** Moves a folder into a curation folder as the administrative account and gives the access the step calls for. */
async function moveInto(
  fileInfo: BackendClient,
  request: FastifyRequest,
  curation: Curation,
  folder: Stat,
  destinationFolder: string,
  grants: Access[],
): Promise<string> {
  const destination = joinPath(destinationFolder, baseName(folder.path));
  if (folder.path === destination) return destination;
  await ensureFolder(fileInfo, request, curation, destinationFolder);
  await fileInfo.json(request, {
    method: "PUT",
    path: path`/data/${folder.id}/dir`,
    actAs: curation.adminAccount,
    json: { dirname: destinationFolder },
  });
  try {
    // One at a time, in order: the requester loses ownership only once the curators have it.
    for (const grant of grants) await share(fileInfo, request, curation, destination, grant);
  } catch (error) {
    const status = error instanceof GatewayError ? error.statusCode : 502;
    const why = error instanceof Error ? error.message : String(error);
    throw new GatewayError(status, `${folder.path} was moved to ${destination}, but its access was not set: ${why}`);
  }
  return destination;
}

/**
 * Stages a requested folder for the curators: it moves into the staging folder, the curators' group owns it and
 * the requester may still write to it (but no longer move, share or delete it). Gives its staged path.
 */
export const stageFolder = (fileInfo: BackendClient, request: FastifyRequest, curation: Curation, folder: Stat) =>
  moveInto(fileInfo, request, curation, folder, curation.stagingFolder, [
    { user: curation.curatorsGroup, permission: "own" },
    { user: request.user.username, permission: "write" },
  ]);

/** Publishes a folder given a DOI: it moves into the publish folder, owned by the curators' group. Gives its path. */
export const publishFolder = (fileInfo: BackendClient, request: FastifyRequest, curation: Curation, folder: Stat) =>
  moveInto(fileInfo, request, curation, folder, curation.publishFolder, [
    { user: curation.curatorsGroup, permission: "own" },
  ]);
