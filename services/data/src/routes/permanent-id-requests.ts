import { path, registerPassthroughs, streamRequestBodies } from "@de-gateway/backend-clients";
import { Mailer } from "@de-gateway/mailer";
import { badRequest } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import type { Static } from "typebox";
import { StoredRequestRows, StoredRequestShape } from "../backend-answers.js";
import type { Config } from "../config.js";
import type { Stat } from "../data-items.js";
import { ignoreRequestBodies } from "../ignored-bodies.js";
import { type Curation, refuseTakenNames, stageFolder } from "../permanent-ids/curation.js";
import {
  type CuratorMailbox,
  mailCompletion,
  mailNewRequest,
  mailStagingFailure,
} from "../permanent-ids/curator-mail.js";
import { dataciteRecord, folderMetadataOf } from "../permanent-ids/datacite-metadata.js";
import { mintForRequest } from "../permanent-ids/doi-completion.js";
import { notifyStatusChange, notifySubmitted } from "../permanent-ids/notices.js";
import { requestableFolder } from "../permanent-ids/requested-folder.js";
import { requesterOf } from "../permanent-ids/requester.js";
import {
  type DetailedRequest,
  readableFolders,
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
 * folder and its metadata when a request is made and moves it to the curators, shows each request with its
 * folder's stat, tells requesters and curators about changes, and mints DOIs through DataCite for curators,
 * publishing the folder where the DOI resolves.
 */
export const permanentIdRequests: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const curation: Curation = {
    stagingFolder: config.PERMANENT_ID_STAGING_FOLDER,
    publishFolder: config.PERMANENT_ID_PUBLISH_FOLDER,
    curatorsGroup: config.PERMANENT_ID_CURATORS_GROUP,
    adminAccount: config.DATA_STORE_ADMIN,
  };
  const publishing = {
    prefix: config.DATACITE_DOI_PREFIX,
    landingPageUrl: config.PERMANENT_ID_LANDING_PAGE_URL,
    curation,
  };
  const mailbox: CuratorMailbox = { mailer: new Mailer(config), address: config.PERMANENT_ID_CURATORS_EMAIL };
  app.addHook("onClose", async () => mailbox.mailer.close());
  const { fileInfo, groups, metadata, notifications } = app.backends;

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
    const answer = await metadata.json<{ requests: StoredRow[]; total: number }>(
      request,
      { path: backendPath, query },
      StoredRequestRows,
    );
    return { requests: await shownAll(fileInfo, request, answer.requests), total: answer.total };
  }

  /** A request's details: its folder as the caller sees it, and the requester looked up, both at once. */
  async function detailed(request: FastifyRequest, stored: StoredRequest): Promise<DetailedRequest> {
    const [folders, requester] = await Promise.all([
      readableFolders(fileInfo, request, [stored.target_id]),
      requesterOf(groups, request, stored.requested_by),
    ]);
    return { ...shown(stored, folders), requested_by: requester };
  }

  async function details(request: FastifyRequest, backendPath: string): Promise<DetailedRequest> {
    return detailed(request, await metadata.json<StoredRequest>(request, { path: backendPath }, StoredRequestShape));
  }

  /**
   * Moves a newly requested folder to the curators. The request is recorded by then: when staging fails, the
   * curators are told to finish it by hand, and the requester's answer is still the request.
   */
  async function stageRequested(request: FastifyRequest, stored: StoredRequest, folder: Stat): Promise<void> {
    try {
      await stageFolder(fileInfo, request, curation, folder);
    } catch (error) {
      request.log.error({ err: error, requestId: stored.id, path: folder.path }, "requested folder not staged");
      await mailStagingFailure(mailbox, request, {
        requestId: stored.id,
        path: folder.path,
        destination: curation.stagingFolder,
        error,
      });
    }
  }

  /** Records a status change (as the calling curator) and tells the requester. */
  async function changeStatus(
    request: FastifyRequest,
    requestId: string,
    change: StatusBody,
  ): Promise<DetailedRequest> {
    const stored = await metadata.json<StoredRequest>(
      request,
      {
        method: "POST",
        path: path`/admin/permanent-id-requests/${requestId}/status`,
        json: change,
      },
      StoredRequestShape,
    );
    const changed = await detailed(request, stored);
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
          "The folder must exist, be the caller's, hold something, be neither a home folder nor in the trash, carry " +
          "metadata that makes a DataCite record and have a name no staged or published folder holds. It then moves " +
          "to the curators' staging folder (the curators own it, the caller may still write to it).",
        tags: [USER_TAG],
        body: NewRequest,
        response: { 200: RequestDetails, ...commonErrors },
      },
    },
    async (request) => {
      const { type, folder: folderId } = request.body;
      const folder = await requestableFolder(fileInfo, request, folderId, config);
      const folderMetadata = await folderMetadataOf(fileInfo, request, folder.id);
      // Metadata that could never be published is refused now rather than when curators mint the identifier.
      dataciteRecord(folderMetadata, type, config.DATACITE_DOI_PREFIX);
      await refuseTakenNames(fileInfo, request, curation, folder.path, ["staging", "publish"]);
      const stored = await metadata.json<StoredRequest>(
        request,
        {
          method: "POST",
          path: "/permanent-id-requests",
          json: { type, target_id: folder.id, target_type: "folder", original_path: folder.path },
        },
        StoredRequestShape,
      );
      await stageRequested(request, stored, folder);
      await notifySubmitted(notifications, request, stored, folder.path);
      // Where the folder is now, staged or not (a failed staging may still have moved it).
      const created = await detailed(request, stored);
      await mailNewRequest(mailbox, request, { type, requestId: stored.id, path: created.folder?.path ?? folder.path });
      return created;
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
            "Builds the DataCite record from the folder's metadata, registers and publishes the DOI (resolving to the " +
            "landing page of the folder's published path), moves the folder to the publish folder, writes the DOI to " +
            "its metadata and records the completion. DataCite failing: 502, nothing recorded.",
          tags: [ADMIN_TAG],
          params: RequestParams,
          response: { 200: RequestDetails, ...commonErrors },
        },
      },
      async (request) => {
        const { requestId } = request.params;
        const stored = await metadata.json<StoredRequest>(
          request,
          {
            path: path`/admin/permanent-id-requests/${requestId}`,
          },
          StoredRequestShape,
        );
        const { completed, doi, publishedAt } = await mintForRequest(
          app.backends,
          request,
          stored,
          publishing,
          (completion) => changeStatus(request, requestId, { status: COMPLETED_STATUS, ...completion }),
        );
        await mailCompletion(mailbox, request, { type: stored.type, requestId, doi, path: publishedAt });
        return completed;
      },
    );
  });
};
