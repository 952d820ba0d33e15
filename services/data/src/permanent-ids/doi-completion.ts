import { type Backends, encodeSegment, path } from "@de-gateway/backend-clients";
import { badRequest, errorCodeForStatus, GatewayError } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { type Curation, publishedPath, publishFolder, refuseTakenNames } from "./curation.js";
import { dataciteRecord, folderMetadataOf, publicationAvus } from "./datacite-metadata.js";
import { mintDoi } from "./doi-minting.js";
import { readableFolders, type StoredRequest } from "./requests.js";
import { MINTABLE_TYPE } from "./settings.js";

/** How a deployment publishes identified folders: the DOI prefix, the landing pages' site and the curation folders. */
export interface Publishing {
  prefix: string;
  landingPageUrl: string;
  curation: Curation;
}

/** Where a DOI resolves to: the landing page of the folder's published path. */
const landingPage = (publishing: Publishing, publishedAt: string) =>
  `${publishing.landingPageUrl.replace(/\/+$/, "")}${publishedAt.split("/").map(encodeSegment).join("/")}`;

/** What the requester reads in the completed request's history. */
const completionComments = (publishedAt: string, doi: string) =>
  `DOI ${doi} now identifies ${publishedAt}; its landing page is https://doi.org/${doi}. ` +
  "Ask the data curators for any change to the data set or its metadata.";

/**
 * The answer when DataCite minted the DOI (public at once) but moving the folder to where it resolves, or writing
 * it to the folder or the request, failed: a 502 (504 when a backend hung) that names the DOI and the published
 * path, so that the curator finishes by hand instead of minting a second one, since nothing stored stops a retry
 * from doing so.
 */
function mintedButNotRecorded(failure: unknown, doi: string, destination: string): GatewayError {
  const status = failure instanceof GatewayError && failure.statusCode === 504 ? 504 : 502;
  const cause = failure instanceof Error ? failure.message : String(failure);
  return new GatewayError(
    status,
    `DOI ${doi} was minted, but publishing it failed (${cause}): instead of minting again, finish by hand: the ` +
      `folder belongs at ${destination}, shared own with the curators, and the DOI on the folder and the request`,
    errorCodeForStatus(status),
    { permanent_id: doi, path: destination },
  );
}

/** The status change that completes a request with its new identifier. */
export interface Completion {
  permanent_id: string;
  comments: string;
}

/**
 * Mints a DOI for a request's folder (as the calling curator, who must be able to read it) from the folder's
 * metadata, resolving to the landing page of its published path; moves the folder into the publish folder, writes
 * the DOI to the folder's metadata, then has `recordCompletion` record it on the request. Refused before anything
 * is minted: a type other than DOI, a folder that is gone or unreadable (404), a request or folder that already has
 * an identifier, another folder of its name already published (409), metadata that cannot make a DataCite record
 * (400). A DOI minted but not published is logged with the failure and named in the answer (`mintedButNotRecorded`).
 */
export async function mintForRequest<T>(
  backends: Backends,
  request: FastifyRequest,
  stored: StoredRequest,
  publishing: Publishing,
  recordCompletion: (completion: Completion) => Promise<T>,
): Promise<{ completed: T; doi: string; publishedAt: string }> {
  const { fileInfo, metadata, datacite } = backends;
  if (stored.type.toUpperCase() !== MINTABLE_TYPE) {
    throw badRequest(
      `${stored.type} identifiers cannot be minted, only ${MINTABLE_TYPE}s`,
      "ERR_BAD_OR_MISSING_FIELD",
      {
        type: stored.type,
      },
    );
  }
  const folder = (await readableFolders(fileInfo, request, [stored.target_id])).get(stored.target_id.toLowerCase());
  if (!folder) {
    throw new GatewayError(404, "the request's folder does not exist or cannot be read", "ERR_NOT_FOUND", {
      path: stored.original_path ?? null,
    });
  }
  if (stored.permanent_id) {
    throw badRequest("the request already has an identifier", "ERR_BAD_REQUEST", { permanent_id: stored.permanent_id });
  }
  const { prefix, curation } = publishing;
  await refuseTakenNames(fileInfo, request, curation, folder.path, ["publish"]);
  const folderMetadata = await folderMetadataOf(fileInfo, request, folder.id);
  const record = dataciteRecord(folderMetadata, MINTABLE_TYPE, prefix);
  const destination = publishedPath(curation, folder.path);
  const doi = await mintDoi(datacite, request, { prefix, url: landingPage(publishing, destination), xml: record.xml });
  try {
    const publishedAt = await publishFolder(fileInfo, request, curation, folder);
    await metadata.json(request, {
      method: "POST",
      path: path`/avus/folder/${folder.id}`,
      json: { avus: publicationAvus(record.avus, doi, MINTABLE_TYPE) },
    });
    const completed = await recordCompletion({ permanent_id: doi, comments: completionComments(publishedAt, doi) });
    return { completed, doi, publishedAt };
  } catch (error) {
    request.log.error({ err: error, doi, requestId: stored.id }, "DOI minted but not recorded");
    throw mintedButNotRecorded(error, doi, destination);
  }
}
