import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { notFound, Problem } from "../framework/problems.js";
import { paged } from "../framework/request-values.js";
import { PREDICATES } from "../framework/schema-refusals.js";
import {
  PermanentIdRequestDetails,
  PermanentIdRequestList,
  PermanentIdRequestStatusCodeList,
  PermanentIdRequestTypeList,
} from "./answer-schemas.js";
import { now } from "./clock.js";
import {
  INITIAL_STATUS,
  REQUEST_TYPES,
  type RequestType,
  type StatusCode,
  seedStatusCodes,
} from "./permanent-id-codes.js";
import { seededIdRequests } from "./permanent-id-seed.js";
import { canonicalUuid, DataType, NonBlank, Uuid } from "./schemas.js";
import { metadataScope, userOf } from "./service.js";

/** One entry of a request's status history; dates in milliseconds since the epoch. */
export interface StatusUpdate {
  status: string;
  status_date: number;
  updated_by: string;
  comments?: string;
}

export interface StoredIdRequest {
  id: string;
  type: RequestType;
  target_id: string;
  target_type: DataType;
  requested_by: string;
  original_path?: string;
  permanent_id?: string;
  /** Oldest first; never empty (a request starts Submitted). */
  history: StatusUpdate[];
}

export interface PermanentIdRequestsState {
  requests: Map<string, StoredIdRequest>;
  statusCodes: StatusCode[];
}

const SORT_FIELDS = ["type", "target_type", "requested_by", "date_submitted", "status", "date_updated", "updated_by"];
const ListingQuery = Type.Object({
  statuses: Type.Optional(Type.Array(Type.String())),
  // Kept as text for `paged`, which reads the raw query values.
  limit: Type.Optional(Type.String({ pattern: "^0*[1-9][0-9]*$", [PREDICATES]: { pattern: "positive-integer?" } })),
  offset: Type.Optional(Type.String({ pattern: "^[0-9]+$", [PREDICATES]: { pattern: "non-negative-integer?" } })),
  "sort-field": Type.Optional(Type.Enum(SORT_FIELDS)),
  "sort-dir": Type.Optional(Type.Enum(["ASC", "DESC"])),
});
type ListingQuery = Static<typeof ListingQuery>;
const NewRequest = Type.Object({
  type: Type.Enum(REQUEST_TYPES.map((requestType) => requestType.type)),
  target_id: Uuid,
  target_type: DataType,
  original_path: Type.Optional(Type.String()),
  // Accepted as the backend's schema does, but a new request never carries an identifier.
  permanent_id: Type.Optional(Type.String()),
});
type NewRequest = Static<typeof NewRequest>;
const StatusChange = Type.Object({
  status: Type.Optional(NonBlank()),
  comments: Type.Optional(Type.String()),
  permanent_id: Type.Optional(NonBlank()),
});
type StatusChange = Static<typeof StatusChange>;
const RequestParams = Type.Object({ requestId: Uuid });
type RequestParams = Static<typeof RequestParams>;

const submission = (request: StoredIdRequest) => request.history[0] as StatusUpdate;
const latest = (request: StoredIdRequest) => request.history.at(-1) as StatusUpdate;

const summary = ({ id, type, target_id, target_type, requested_by, original_path }: StoredIdRequest) => ({
  id,
  type,
  target_id,
  target_type,
  requested_by,
  ...(original_path === undefined ? {} : { original_path }),
});

const details = (request: StoredIdRequest) => ({
  ...summary(request),
  ...(request.permanent_id === undefined ? {} : { permanent_id: request.permanent_id }),
  history: request.history,
});

const listed = (request: StoredIdRequest) => ({
  ...summary(request),
  date_submitted: submission(request).status_date,
  status: latest(request).status,
  date_updated: latest(request).status_date,
  updated_by: latest(request).updated_by,
});

function routes(scope: FastifyInstance, state: () => PermanentIdRequestsState) {
  /** Requests filtered by status, sorted (newest submission first unless told) and paged, with the total. */
  const listing = (requests: StoredIdRequest[], query: ListingQuery) => {
    const wanted = query.statuses;
    const rows = requests.map(listed).filter((row) => !wanted || wanted.includes(row.status));
    const order = query["sort-field"] ? query : { ...query, "sort-field": "date_submitted", "sort-dir": "DESC" };
    const page = paged(rows, order, "date_submitted");
    // The total is the page's rows' `count(*) OVER ()`: a page past the end has no row to carry it, and it is 0
    // (persistence/permanent_id_requests.clj list-permanent-id-requests, services/permanent_id_requests.clj).
    return { requests: page, total: page.length > 0 ? rows.length : 0 };
  };
  /** The request, or 404 (services/permanent_id_requests.clj assert-…-found); with a requester, only theirs. */
  const existing = (requestId: string, requester?: string) => {
    const id = canonicalUuid(requestId);
    const request = state().requests.get(id);
    if (requester !== undefined && request?.requested_by !== requester) {
      throw notFound("A Permanent ID Request with this ID was not found for this user.", { user: requester, id });
    }
    if (!request) throw notFound("A Permanent ID Request with this ID was not found.", { id });
    return request;
  };
  const statusCode = (name: string) => {
    if (!state().statusCodes.some((code) => code.name === name)) {
      state().statusCodes.push({ id: randomUUID(), name, description: name });
    }
  };

  scope.get<{ Querystring: ListingQuery }>(
    "/permanent-id-requests",
    { schema: { querystring: ListingQuery }, ...answers({ 200: PermanentIdRequestList }) },
    async (request) => {
      const requester = userOf(request);
      const own = [...state().requests.values()].filter((candidate) => candidate.requested_by === requester);
      return listing(own, request.query);
    },
  );

  // One request per identifier type and data item, whoever asks.
  scope.post<{ Body: NewRequest }>(
    "/permanent-id-requests",
    { schema: { body: NewRequest }, ...answers({ 200: PermanentIdRequestDetails }) },
    async (request) => {
      const requester = userOf(request);
      const { type, target_type, original_path } = request.body;
      const target_id = canonicalUuid(request.body.target_id);
      const duplicate = [...state().requests.values()].find(
        (candidate) => candidate.type === type && candidate.target_id === target_id,
      );
      if (duplicate) {
        throw new Problem(
          400,
          "ERR_NOT_UNIQUE",
          "A Permanent ID Request of this type for this item was already submitted.",
          { request: listed(duplicate) },
        );
      }
      const created: StoredIdRequest = {
        id: randomUUID(),
        type,
        target_id,
        target_type,
        requested_by: requester,
        ...(original_path === undefined ? {} : { original_path }),
        history: [{ status: INITIAL_STATUS, status_date: now(), updated_by: requester }],
      };
      state().requests.set(created.id, created);
      return details(created);
    },
  );

  scope.get(
    "/permanent-id-requests/status-codes",
    answers({ 200: PermanentIdRequestStatusCodeList }),
    async (request) => {
      userOf(request);
      return { status_codes: state().statusCodes };
    },
  );

  scope.get("/permanent-id-requests/types", answers({ 200: PermanentIdRequestTypeList }), async (request) => {
    userOf(request);
    return { request_types: REQUEST_TYPES };
  });

  scope.get<{ Params: RequestParams }>(
    "/permanent-id-requests/:requestId",
    { schema: { params: RequestParams }, ...answers({ 200: PermanentIdRequestDetails }) },
    async (request) => details(existing(request.params.requestId, userOf(request))),
  );

  scope.get<{ Querystring: ListingQuery }>(
    "/admin/permanent-id-requests",
    { schema: { querystring: ListingQuery }, ...answers({ 200: PermanentIdRequestList }) },
    async (request) => {
      userOf(request);
      return listing([...state().requests.values()], request.query);
    },
  );

  scope.get<{ Params: RequestParams }>(
    "/admin/permanent-id-requests/:requestId",
    { schema: { params: RequestParams }, ...answers({ 200: PermanentIdRequestDetails }) },
    async (request) => {
      userOf(request);
      return details(existing(request.params.requestId));
    },
  );

  // The status stays as it was when none is given; an identifier can be recorded only once.
  scope.post<{ Params: RequestParams; Body: StatusChange }>(
    "/admin/permanent-id-requests/:requestId/status",
    { schema: { params: RequestParams, body: StatusChange }, ...answers({ 200: PermanentIdRequestDetails }) },
    async (request) => {
      const curator = userOf(request);
      const target = existing(request.params.requestId);
      const { status = latest(target).status, comments, permanent_id } = request.body;
      if (permanent_id !== undefined) {
        if (target.permanent_id !== undefined) {
          throw new Problem(400, "ERR_EXISTS", "This Permanent ID Request already has an associated identifier.", {
            identifier: target.permanent_id,
          });
        }
        target.permanent_id = permanent_id;
      }
      statusCode(status);
      target.history.push({
        status,
        status_date: now(),
        updated_by: curator,
        ...(comments?.trim() ? { comments } : {}),
      });
      return details(target);
    },
  );
}

/**
 * Metadata backend: requests for permanent identifiers (DOI, ARK) on data items, with their status
 * history; users see their own requests, administrators all of them and record status changes.
 */
export const permanentIdRequests = defineModule<PermanentIdRequestsState>({
  makeState: () => ({ requests: seededIdRequests(), statusCodes: seedStatusCodes() }),
  routes: (app, state) => metadataScope(app, (scope) => routes(scope, state)),
});
