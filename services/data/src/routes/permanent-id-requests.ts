import { path, registerPassthroughs, streamRequestBodies } from "@de-gateway/backend-clients";
import { badRequest } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import type { Static } from "typebox";
import type { Config } from "../config.js";
import { ignoreRequestBodies } from "../ignored-bodies.js";
import { dataciteRecord, type FolderMetadata } from "../permanent-ids/datacite-metadata.js";
import { mintForRequest } from "../permanent-ids/doi-completion.js";
import { notifyStatusChange, notifySubmitted } from "../permanent-ids/notices.js";
import { requestableFolder } from "../permanent-ids/requested-folder.js";
import {
  readableFolders,
  type ShownRequest,
  type StoredRequest,
  type StoredRow,
  shown,
  shownAll,
} from "../permanent-ids/requests.js";
import {
  ListingQuery,
  NewRequest,
  RequestDetails,
  RequestListing,
  RequestParams,
  StatusChange,
} from "../permanent-ids/schemas.js";
import { COMPLETED_STATUS } from "../permanent-ids/settings.js";
import { commonErrors } from "../schemas.js";

const USER_TAG = "permanent-id-requests";
const ADMIN_TAG = "admin-permanent-id-requests";
const admin = { auth: "admin" as const };

/** What the metadata backend's status endpoint takes. */
type StatusBody = { status?: string; comments?: string; permanent_id?: string };

/**
 * Requests for permanent identifiers (DOIs) on folders, kept by the metadata backend. The gateway checks the
 * folder and its metadata when a request is made, shows each request with its folder's stat, tells requesters
 * about changes, and mints DOIs through DataCite for curators.
 */
export const permanentIdRequests: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const publishing = {
    prefix: config.DATACITE_DOI_PREFIX,
    publishFolder: config.PERMANENT_ID_PUBLISH_FOLDER,
    landingPageUrl: config.PERMANENT_ID_LANDING_PAGE_URL,
  };
  const { fileInfo, metadata, notifications } = app.backends;

  await app.register(async (scope) => {
    streamRequestBodies(scope);
    registerPassthroughs(
      scope,
      [
        {
          tag: USER_TAG,
          rows: [
            {
              method: "GET",
              path: "/permanent-id-requests/status-codes",
              summary: "The statuses requests have been given (reusable by curators)",
            },
            { method: "GET", path: "/permanent-id-requests/types", summary: "The kinds of identifier one can request" },
          ],
        },
      ],
      { parameters: {}, defaultBackend: "metadata" },
    );
  });

  async function listing(request: FastifyRequest, backendPath: string, query: Static<typeof ListingQuery>) {
    const answer = await metadata.json<{ requests: StoredRow[]; total: number }>(request, { path: backendPath, query });
    return { requests: await shownAll(fileInfo, request, answer.requests), total: answer.total };
  }

  async function details(request: FastifyRequest, backendPath: string): Promise<ShownRequest> {
    const stored = await metadata.json<StoredRequest>(request, { path: backendPath });
    return shown(stored, await readableFolders(fileInfo, request, [stored.target_id]));
  }

  /** Records a status change (as the calling curator) and tells the requester. */
  async function changeStatus(request: FastifyRequest, requestId: string, change: StatusBody): Promise<ShownRequest> {
    const stored = await metadata.json<StoredRequest>(request, {
      method: "POST",
      path: path`/admin/permanent-id-requests/${requestId}/status`,
      json: change,
    });
    const changed = shown(stored, await readableFolders(fileInfo, request, [stored.target_id]));
    await notifyStatusChange(notifications, request, changed);
    return changed;
  }

  app.get(
    "/permanent-id-requests",
    {
      schema: {
        summary: "The caller's permanent-id requests, with their folders",
        tags: [USER_TAG],
        querystring: ListingQuery,
        response: { 200: RequestListing, ...commonErrors },
      },
    },
    (request) => listing(request, "/permanent-id-requests", request.query),
  );

  app.post(
    "/permanent-id-requests",
    {
      schema: {
        summary: "Request a permanent identifier for a folder the caller owns",
        description:
          "The folder must exist, be the caller's, hold something and carry metadata that makes a DataCite record.",
        tags: [USER_TAG],
        body: NewRequest,
        response: { 200: RequestDetails, ...commonErrors },
      },
    },
    async (request) => {
      const { type, folder: folderId } = request.body;
      const folder = await requestableFolder(fileInfo, request, folderId);
      const folderMetadata = await fileInfo.json<FolderMetadata>(request, { path: path`/data/${folder.id}/metadata` });
      // Metadata that could never be published is refused now rather than when curators mint the identifier.
      dataciteRecord(folderMetadata, type, config.DATACITE_DOI_PREFIX);
      const stored = await metadata.json<StoredRequest>(request, {
        method: "POST",
        path: "/permanent-id-requests",
        json: { type, target_id: folder.id, target_type: "folder", original_path: folder.path },
      });
      await notifySubmitted(notifications, request, stored, folder.path);
      return shown(stored, new Map([[folder.id.toLowerCase(), folder]]));
    },
  );

  app.get(
    "/permanent-id-requests/:requestId",
    {
      schema: {
        summary: "One of the caller's permanent-id requests, with its folder and status history",
        tags: [USER_TAG],
        params: RequestParams,
        response: { 200: RequestDetails, ...commonErrors },
      },
    },
    (request) => details(request, path`/permanent-id-requests/${request.params.requestId}`),
  );

  app.get(
    "/admin/permanent-id-requests",
    {
      config: admin,
      schema: {
        summary: "Everyone's permanent-id requests, with their folders as the curator sees them",
        tags: [ADMIN_TAG],
        querystring: ListingQuery,
        response: { 200: RequestListing, ...commonErrors },
      },
    },
    (request) => listing(request, "/admin/permanent-id-requests", request.query),
  );

  app.get(
    "/admin/permanent-id-requests/:requestId",
    {
      config: admin,
      schema: {
        summary: "Any permanent-id request, with its folder and status history",
        tags: [ADMIN_TAG],
        params: RequestParams,
        response: { 200: RequestDetails, ...commonErrors },
      },
    },
    (request) => details(request, path`/admin/permanent-id-requests/${request.params.requestId}`),
  );

  app.post(
    "/admin/permanent-id-requests/:requestId/status",
    {
      config: admin,
      schema: {
        summary: "Give a permanent-id request a new status (the requester is notified)",
        tags: [ADMIN_TAG],
        params: RequestParams,
        body: StatusChange,
        response: { 200: RequestDetails, ...commonErrors },
      },
    },
    async (request) => {
      const { permanent_id, ...change } = request.body;
      if (permanent_id !== undefined) {
        throw badRequest("permanent_id is recorded only by minting the identifier (POST .../ezid)", "ERR_BAD_REQUEST", {
          field: "permanent_id",
        });
      }
      return changeStatus(request, request.params.requestId, change);
    },
  );

  await app.register(async (scope) => {
    ignoreRequestBodies(scope);
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      "/admin/permanent-id-requests/:requestId/ezid",
      {
        config: admin,
        schema: {
          summary: "Mint the request's DOI through DataCite and complete the request",
          description:
            "Builds the DataCite record from the folder's metadata, registers and publishes the DOI, writes it to " +
            "the folder's metadata and records the completion. DataCite failing: 502, nothing recorded.",
          tags: [ADMIN_TAG],
          params: RequestParams,
          response: { 200: RequestDetails, ...commonErrors },
        },
      },
      async (request) => {
        const { requestId } = request.params;
        const stored = await metadata.json<StoredRequest>(request, {
          path: path`/admin/permanent-id-requests/${requestId}`,
        });
        return mintForRequest(app.backends, request, stored, publishing, (completion) =>
          changeStatus(request, requestId, { status: COMPLETED_STATUS, ...completion }),
        );
      },
    );
  });
};
