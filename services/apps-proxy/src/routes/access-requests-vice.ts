import { path } from "@de-gateway/backend-clients";
import { ErrorBody, notFound } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { Request, RequestListing, RequestSummary, ViceRequestDetails } from "./access-requests-schemas.js";
import { REQUEST_ID } from "./vice-parameters.js";

export const VICE_REQUEST_TYPE = "vice";
/** The reference's limits of the VICE request type: one request per user, ever, and ten open ones. */
const VICE_REQUEST_LIMITS = { "maximum-requests-per-user": "1", "maximum-concurrent-requests-per-user": "10" };

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 502: ErrorBody, 504: ErrorBody };

/**
 * Registers the VICE request type (idempotent: an existing type is answered unchanged). The reference does it once
 * per process; doing it before each submission also covers a requests service that has lost it.
 */
async function registerViceRequestType(request: FastifyRequest): Promise<void> {
  await request.server.backends.requests.json(request, {
    method: "POST",
    path: path`/request-types/${VICE_REQUEST_TYPE}`,
    query: VICE_REQUEST_LIMITS,
    anonymous: true,
  });
}

/** The caller's own requests for VICE access: listed, submitted (with their name and e-mail), read. */
export const viceAccessRequests: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/requests/vice",
    {
      schema: {
        summary: "The caller's requests for VICE access",
        tags: ["requests"],
        response: { 200: RequestListing, ...errors },
      },
    },
    async (request) =>
      app.backends.requests.json<Static<typeof RequestListing>>(
        request,
        {
          path: "/requests",
          query: { "request-type": VICE_REQUEST_TYPE, "requesting-user": request.user.username },
          anonymous: true,
        },
        RequestListing,
      ),
  );

  app.post(
    "/requests/vice",
    {
      schema: {
        summary: "Ask for VICE access (one request per user)",
        tags: ["requests"],
        body: ViceRequestDetails,
        response: { 200: RequestSummary, ...errors },
      },
    },
    async (request) => {
      await registerViceRequestType(request);
      const { user } = request;
      return app.backends.requests.json<Static<typeof RequestSummary>>(
        request,
        {
          method: "POST",
          path: "/requests",
          json: {
            request_type: VICE_REQUEST_TYPE,
            details: {
              intended_use: request.body.intended_use,
              concurrent_jobs: request.body.concurrent_jobs,
              name: user.commonName,
              email: user.email,
            },
          },
        },
        RequestSummary,
      );
    },
  );

  app.get(
    "/requests/vice/:requestId",
    {
      schema: {
        summary: "One of the caller's requests for VICE access, with its updates",
        tags: ["requests"],
        params: Type.Object({ requestId: REQUEST_ID.schema }),
        response: { 200: Request, ...errors },
      },
    },
    async (request) => {
      const { requestId } = request.params;
      const answer = await app.backends.requests.call<Static<typeof Request>>(request, {
        path: path`/requests/${requestId}`,
        anonymous: true,
      });
      if (answer.status === 404) throw notFound(`${VICE_REQUEST_TYPE} request ${requestId} not found`);
      const found = app.backends.requests.expectOk(answer, Request);
      // Another user's request, or one of another type, is not found rather than revealed.
      if (found.request_type !== VICE_REQUEST_TYPE || found.requesting_user !== request.user.username) {
        throw notFound(`${VICE_REQUEST_TYPE} request ${requestId} not found`);
      }
      return found;
    },
  );
};
