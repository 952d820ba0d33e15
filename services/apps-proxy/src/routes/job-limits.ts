import { type PassthroughFamily, path, registerPassthroughs } from "@de-gateway/backend-clients";
import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";

const Username = Type.String({ minLength: 1, description: "the user's short name" });
const LIMITS = "/admin/settings/concurrent-job-limits";
const BACKEND_LIMITS = "/settings/concurrent-job-limits";

/** The analyses service's answer: a user's own limit, or the default (which names no user). */
const ConcurrentJobLimit = Type.Object(
  {
    username: Type.Optional(Type.String({ description: "whose limit it is; absent on the default limit" })),
    concurrent_jobs: Type.Integer({ description: "how many analyses may run at once" }),
    is_default: Type.Boolean({ description: "whether this is the default limit" }),
  },
  { additionalProperties: true },
);

const LimitUpdate = Type.Object(
  { concurrent_jobs: Type.Integer({ minimum: 0, description: "how many analyses the user may run at once" }) },
  { description: "other fields are dropped, as the reference drops them" },
);

/** Listing, reading and removing limits are passthroughs to the analyses service. */
const jobLimitReading: PassthroughFamily = {
  tag: "admin-settings",
  rows: [
    {
      method: "GET",
      path: LIMITS,
      backend: "analyses",
      backendPath: BACKEND_LIMITS,
      summary: "Every user's own concurrent job limit, and the default",
    },
    {
      method: "GET",
      path: `${LIMITS}/{username}`,
      backend: "analyses",
      backendPath: `${BACKEND_LIMITS}/{username}`,
      summary: "A user's concurrent job limit (the default when the user has none)",
    },
    {
      method: "DELETE",
      path: `${LIMITS}/{username}`,
      backend: "analyses",
      backendPath: `${BACKEND_LIMITS}/{username}`,
      summary: "Return a user to the default concurrent job limit",
    },
  ],
};

/**
 * Administrators' concurrent job limits (the analyses service's settings). Setting one sends only
 * `concurrent_jobs`, as the reference rebuilds the body.
 */
export const jobLimits: FastifyPluginAsyncTypebox = async (app) => {
  registerPassthroughs(app, [jobLimitReading], {
    parameters: { username: { name: "username", schema: Username } },
    defaultBackend: "analyses",
  });
  app.put(
    `${LIMITS}/:username`,
    {
      config: { auth: "admin" },
      schema: {
        summary: "Set a user's concurrent job limit",
        tags: ["admin-settings"],
        params: Type.Object({ username: Username }),
        body: LimitUpdate,
        response: {
          200: ConcurrentJobLimit,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          502: ErrorBody,
          504: ErrorBody,
        },
      },
    },
    async (request) =>
      app.backends.analyses.json(
        request,
        {
          method: "PUT",
          path: path`/settings/concurrent-job-limits/${request.params.username}`,
          json: { concurrent_jobs: request.body.concurrent_jobs },
        },
        ConcurrentJobLimit,
      ),
  );
};
