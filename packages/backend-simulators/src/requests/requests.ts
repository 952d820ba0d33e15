import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { demoUser } from "../demo-users.js";
import { answers } from "../framework/answers.js";
import { goBoolError, parseGoBool } from "../framework/go-bool.js";
import {
  RequestDetails,
  RequestListing,
  RequestSummary,
  RequestUpdate as RequestUpdateAnswer,
} from "./answer-schemas.js";
import { RequestsError } from "./errors.js";
import {
  type AdministrativeRequest,
  isActive,
  latestUpdate,
  type RequestsState,
  type RequestUpdate,
  STATUS_CODES,
  type StatusCode,
} from "./state.js";
import { statusNotification } from "./status-notification.js";

type Query = Record<string, unknown>;

/** Hands a notification to the notification agent (`POST /notification`), as the service does on status changes. */
export type NotificationAgent = (body: Record<string, unknown>) => void;
type IdParams = { Params: { id: string }; Querystring: Query };

const isStatusCode = (value: unknown): value is StatusCode =>
  typeof value === "string" && Object.hasOwn(STATUS_CODES, value);

// Echo's answer to an error a handler returns as it is: the service's database errors (api/requests.go).
const internalError = () => new RequestsError(500, "Internal Server Error");

/** The caller named by `user` (required). */
function userParam(query: Query): string {
  const user = query.user;
  if (typeof user !== "string" || !user) throw new RequestsError(400, "missing required query parameter: user");
  return user;
}

/**
 * The user's name in the platform's database (the demo users), found by the name without its domain (db/users.go
 * GetUserID) and read back without it. A user without a row fails the query's scan: the service answers 500, not
 * the 400 it has for that case.
 */
function knownUser(user: string): string {
  const short = user.replace(/@.*$/, "");
  if (!demoUser(short)) throw internalError();
  return short;
}

// Request ids are a uuid column: an id that is no UUID fails the query (db/requests.go GetRequestDetails).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new RequestsError(400, "invalid request body: a JSON object is required");
  }
  return body as Record<string, unknown>;
}

const update = (status: StatusCode, user: string, message: string): RequestUpdate => ({
  id: randomUUID(),
  status,
  updating_user: user,
  created_date: new Date().toISOString(),
  message,
});

/** An update as the service reads it back: its status code's display name. */
const shown = (update: RequestUpdate) => ({ ...update, status: STATUS_CODES[update.status] });

function summary(request: AdministrativeRequest) {
  const latest = latestUpdate(request);
  return {
    id: request.id,
    request_type: request.request_type,
    requesting_user: request.requesting_user,
    created_date: (request.updates[0] as RequestUpdate).created_date,
    status: STATUS_CODES[latest.status],
    updated_date: latest.created_date,
    details: request.details,
  };
}

/**
 * `GET /requests` as the service answers it: the requests of a type and a requesting user (either or both), the
 * completed ones only when asked for, each as its summary.
 */
export function listedRequests(
  state: RequestsState,
  filter: { includeCompleted?: boolean; type?: string | undefined; user?: string | undefined },
) {
  return [...state.requests.values()]
    .filter(
      (candidate) =>
        (filter.includeCompleted || isActive(candidate)) &&
        (!filter.type || candidate.request_type === filter.type) &&
        (!filter.user || candidate.requesting_user === filter.user),
    )
    .map(summary);
}

/** Administrative requests: submitting within the type's limits, listing, reading, and status updates. */
export function requestRoutes(
  app: FastifyInstance,
  state: () => RequestsState,
  notificationAgent: NotificationAgent,
): void {
  const existing = (id: string) => {
    if (!UUID.test(id)) throw internalError();
    const found = state().requests.get(id.toLowerCase());
    if (!found) throw new RequestsError(404, `request ${id} not found`);
    return found;
  };

  app.post<{ Querystring: Query }>("/requests", answers({ 200: RequestSummary }), async (request) => {
    const user = userParam(request.query);
    const body = objectBody(request.body);
    if (typeof body.request_type !== "string" || !body.request_type) {
      throw new RequestsError(400, "invalid request body: request_type is required");
    }
    if (typeof body.details !== "object" || body.details === null || Array.isArray(body.details)) {
      throw new RequestsError(400, "invalid request body: details is required");
    }
    const requester = knownUser(user);
    const type = state().types.get(body.request_type);
    if (!type) throw new RequestsError(400, `request type not found: ${body.request_type}`);
    const theirs = [...state().requests.values()].filter(
      (existingRequest) => existingRequest.requesting_user === requester && existingRequest.request_type === type.name,
    );
    if (type.maximum_requests_per_user !== undefined && theirs.length >= type.maximum_requests_per_user) {
      throw new RequestsError(400, `no more requests of type '${type.name}' may be submitted`, {
        error_code: "ERR_LIMIT_REACHED",
        details: {
          requestType: type.name,
          maximumRequests: type.maximum_requests_per_user,
          submittedRequests: theirs.length,
        },
      });
    }
    const active = theirs.filter(isActive).length;
    if (
      type.maximum_concurrent_requests_per_user !== undefined &&
      active >= type.maximum_concurrent_requests_per_user
    ) {
      throw new RequestsError(400, `no more active requests of type '${type.name}' may be submitted`, {
        error_code: "ERR_LIMIT_REACHED",
        details: {
          requestType: type.name,
          maximumActiveRequests: type.maximum_concurrent_requests_per_user,
          activeSubmittedRequests: active,
        },
      });
    }
    const added: AdministrativeRequest = {
      id: randomUUID(),
      request_type: type.name,
      requesting_user: requester,
      details: body.details as Record<string, unknown>,
      updates: [update("submitted", requester, "Request submitted.")],
    };
    state().requests.set(added.id, added);
    // The answer names the requester as the caller did (api/requests.go AddRequestHandler).
    return { ...summary(added), requesting_user: user };
  });

  app.get<{ Querystring: Query }>("/requests", answers({ 200: RequestListing }), async (request) => {
    const flag = String(request.query["include-completed"] ?? "");
    const includeCompleted = flag === "" ? false : parseGoBool(flag);
    if (includeCompleted === undefined) throw new RequestsError(400, goBoolError("include-completed", flag));
    const { "request-type": type, "requesting-user": user } = request.query;
    return {
      requests: listedRequests(state(), {
        includeCompleted,
        type: typeof type === "string" ? type : undefined,
        user: typeof user === "string" ? user : undefined,
      }),
    };
  });

  app.get<IdParams>("/requests/:id", answers({ 200: RequestDetails }), async (request) => {
    const found = existing(request.params.id);
    return { ...found, updates: found.updates.map(shown) };
  });

  app.post<IdParams>("/requests/:id/status", answers({ 200: RequestUpdateAnswer }), async (request) => {
    const user = userParam(request.query);
    const body = objectBody(request.body);
    const updater = knownUser(user);
    const found = existing(request.params.id);
    if (!isStatusCode(body.status)) {
      throw new RequestsError(400, `invalid request status code: ${String(body.status ?? "")}`);
    }
    const added = update(body.status, updater, typeof body.message === "string" ? body.message : "");
    // The requester was a known user when asking; a requester iplant-groups cannot find fails the update (500).
    const requester = demoUser(found.requesting_user);
    if (!requester) throw internalError();
    // The update is committed only once the notification agent took the message (api/requests.go UpdateRequest);
    // its refusal reaches echo as the handler's error.
    try {
      notificationAgent(statusNotification(found, added, requester));
    } catch {
      throw internalError();
    }
    found.updates.push(added);
    return shown(added);
  });
}
