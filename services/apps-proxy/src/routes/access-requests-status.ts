import { path } from "@de-gateway/backend-clients";
import { badRequest, ErrorBody, GatewayError } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { Request, RequestUpdate, RequestUpdateMessage, ViceApprovalMessage } from "./access-requests-schemas.js";
import { VICE_REQUEST_TYPE } from "./access-requests-vice.js";
import { REQUEST_ID } from "./vice-parameters.js";

type Decision = "in-progress" | "rejected" | "approved";
type Message = { message?: string; concurrent_jobs?: number };
type StoredRequest = Static<typeof Request>;

/** The message an update carries when the administrator gives none, as the reference words them. */
const DEFAULT_MESSAGES: Record<Decision, string> = {
  "in-progress": "Your request is in progress.",
  rejected: "No denial reason given.",
  approved: "Your request has been approved.",
};
const DECISIONS = Object.keys(DEFAULT_MESSAGES) as Decision[];

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody, 504: ErrorBody };
const RequestParams = Type.Object({ requestId: REQUEST_ID.schema });

async function storedRequest(request: FastifyRequest, requestId: string): Promise<StoredRequest> {
  return request.server.backends.requests.json<StoredRequest>(
    request,
    { path: path`/requests/${requestId}`, anonymous: true },
    Request,
  );
}

/** Sets how many analyses the requester may run at once (the analyses service's job limit). */
async function setJobLimit(request: FastifyRequest, username: string, concurrentJobs: number): Promise<void> {
  await request.server.backends.analyses.json(request, {
    method: "PUT",
    path: path`/settings/concurrent-job-limits/${username}`,
    json: { concurrent_jobs: concurrentJobs },
  });
}

/** What approving a request of each type does; a type with nothing here cannot be approved yet. */
async function fulfil(request: FastifyRequest, stored: StoredRequest, body: Message): Promise<void> {
  if (stored.request_type !== VICE_REQUEST_TYPE) {
    throw new GatewayError(400, `request type ${stored.request_type} is not supported yet`, "ERR_NOT_SUPPORTED");
  }
  const requested = stored.details.concurrent_jobs;
  const concurrentJobs = body.concurrent_jobs ?? (typeof requested === "number" ? requested : undefined);
  if (concurrentJobs === undefined) {
    throw badRequest(`request ${stored.id} names no number of concurrent jobs`, "ERR_BAD_OR_MISSING_FIELD");
  }
  await setJobLimit(request, stored.requesting_user, concurrentJobs);
}

/** Rejecting a VICE request takes the requester's interactive analyses away (a limit of 0). */
async function reject(request: FastifyRequest, stored: StoredRequest): Promise<void> {
  if (stored.request_type === VICE_REQUEST_TYPE) await setJobLimit(request, stored.requesting_user, 0);
}

/**
 * Administrators' decisions on requests. Approving or rejecting first does what the decision means (the VICE job
 * limit in the analyses service), then records the status update with its message, as the reference does.
 */
export const accessRequestDecisions: FastifyPluginAsyncTypebox = async (app) => {
  const decide = async (request: FastifyRequest, requestId: string, decision: Decision, body: Message) => {
    if (decision !== "in-progress") {
      const stored = await storedRequest(request, requestId);
      if (decision === "approved") await fulfil(request, stored, body);
      else await reject(request, stored);
    }
    return app.backends.requests.json<Static<typeof RequestUpdate>>(
      request,
      {
        method: "POST",
        path: path`/requests/${requestId}/status`,
        json: { status: decision, message: body.message ?? DEFAULT_MESSAGES[decision] },
      },
      RequestUpdate,
    );
  };

  for (const decision of DECISIONS) {
    app.post(
      `/admin/requests/:requestId/${decision}`,
      {
        config: { auth: "admin" },
        schema: {
          summary: `Mark a request ${decision}${decision === "approved" ? ", fulfilling it" : ""}`,
          tags: ["admin-requests"],
          params: RequestParams,
          body: Type.Optional(RequestUpdateMessage),
          response: { 200: RequestUpdate, ...errors },
        },
      },
      async (request) => decide(request, request.params.requestId, decision, request.body ?? {}),
    );
  }

  app.post(
    "/admin/requests/:requestId/approved/vice",
    {
      config: { auth: "admin" },
      schema: {
        summary: "Approve a request for VICE access, with the job limit to set",
        tags: ["admin-requests"],
        params: RequestParams,
        body: Type.Optional(ViceApprovalMessage),
        response: { 200: RequestUpdate, ...errors },
      },
    },
    async (request) => decide(request, request.params.requestId, "approved", request.body ?? {}),
  );

  // The web client posts `/admin/requests/{id}/{status}`: the three statuses above are routes of their own, and
  // any other status is refused here (kept out of the API document, which lists only those three).
  app.post(
    "/admin/requests/:requestId/:status",
    {
      config: { auth: "admin" },
      schema: { hide: true, params: Type.Object({ requestId: REQUEST_ID.schema, status: Type.String() }) },
    },
    async (request) => {
      throw badRequest(
        `unknown request status ${request.params.status}: one of ${DECISIONS.join(", ")}`,
        "ERR_ILLEGAL_ARGUMENT",
      );
    },
  );
};
