import { encodeSegment, streamRequestBodies } from "@de-gateway/backend-clients";
import { badRequest, ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { type Static, Type } from "typebox";
import { singleValuedQuery } from "./query-conflicts.js";
import { CommentList, CommentRequest, CommentResponse, RetractionQuery, Uuid } from "./schemas.js";
import type { CommentTarget } from "./target.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody, 504: ErrorBody };

/** Bodies are JSON for POST only; any other method's body is ignored, as the interface says. */
function parseOnlyPostBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (request, body, done) => {
    if (request.method !== "POST") return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest("the body is not valid JSON"), undefined);
    }
  });
}

/**
 * Comments on one kind of target: post, list, retract or readmit (owners through the backend's
 * administrative variant), and the administrative delete. Register once per target kind.
 */
export const commentRoutes: FastifyPluginAsyncTypebox<{ target: CommentTarget }> = async (app, { target }) => {
  const TargetParams = Type.Object({ [target.param]: Uuid(`the ${target.noun}'s UUID`) });
  const CommentParams = Type.Object({
    [target.param]: Uuid(`the ${target.noun}'s UUID`),
    commentId: Uuid("the comment's UUID"),
  });
  const targetIdOf = (params: unknown) => (params as Record<string, string>)[target.param] as string;
  const commentIdOf = (params: unknown) => (params as { commentId: string }).commentId;
  const metadata = app.backends.metadata;
  const tags = [target.tag];
  const publicPath = `${target.prefix}/:${target.param}/comments`;
  const adminPublicPath = `${target.adminPrefix}/:${target.param}/comments/:commentId`;
  const backendPath = (targetId: string) => `${target.backendPrefix}/${encodeSegment(targetId)}/comments`;
  const adminBackendPath = (targetId: string) => `/admin${backendPath(targetId)}`;

  await app.register(async (context) => {
    parseOnlyPostBodies(context);
    const scope = context.withTypeProvider<TypeBoxTypeProvider>();

    scope.post(
      publicPath,
      {
        schema: {
          summary: `Comment on a ${target.noun}`,
          tags,
          params: TargetParams,
          body: CommentRequest,
          response: { 201: CommentResponse, 413: ErrorBody, ...errors },
        },
      },
      async (request, reply) => {
        const targetId = targetIdOf(request.params);
        const { postQuery } = await target.access(request, targetId);
        const { comment } = request.body;
        // The answers are checked against the schemas they are served with, so a misshapen one is 502, not 500.
        const posted = await metadata.json<Static<typeof CommentResponse>>(
          request,
          { method: "POST", path: backendPath(targetId), query: postQuery, json: { comment } },
          CommentResponse,
        );
        return reply.code(201).send(posted);
      },
    );

    scope.get(
      publicPath,
      {
        schema: {
          summary: `The comments on a ${target.noun}`,
          tags,
          params: TargetParams,
          response: { 200: CommentList, ...errors },
        },
      },
      async (request) => {
        const targetId = targetIdOf(request.params);
        await target.access(request, targetId);
        return metadata.json<Static<typeof CommentList>>(request, { path: backendPath(targetId) }, CommentList);
      },
    );

    scope.patch(
      `${publicPath}/:commentId`,
      {
        schema: {
          summary: `Retract or readmit a comment on a ${target.noun}`,
          description:
            `Retracting is allowed to whoever owns the ${target.noun} or wrote the comment; readmitting only ` +
            "to whoever retracted it. A query parameter given twice with different values is a conflict (409).",
          tags,
          params: CommentParams,
          querystring: RetractionQuery,
          response: { 200: Type.Object({}), 409: ErrorBody, ...errors },
        },
        // Before schema validation, so that a repeated parameter is a conflict rather than a bad value.
        preValidation: async (request) => {
          // The schema validates this right after.
          request.query = singleValuedQuery(request.url) as typeof request.query;
        },
      },
      async (request) => {
        const targetId = targetIdOf(request.params);
        const { owned } = await target.access(request, targetId);
        const base = owned ? adminBackendPath(targetId) : backendPath(targetId);
        await metadata.json(request, {
          method: "PATCH",
          path: `${base}/${encodeSegment(commentIdOf(request.params))}`,
          query: { retracted: request.query.retracted },
        });
        return {};
      },
    );
  });

  await app.register(async (scope) => {
    streamRequestBodies(scope);
    scope.delete(
      adminPublicPath,
      {
        config: { auth: "admin" },
        schema: {
          summary: `Delete a comment on a ${target.noun} (administrators)`,
          tags,
          params: CommentParams,
          response: { 200: Type.Unknown({ description: "the metadata backend's answer" }), ...errors },
        },
      },
      async (request, reply) => {
        const targetId = targetIdOf(request.params);
        const path = `${adminBackendPath(targetId)}/${encodeSegment(commentIdOf(request.params))}`;
        return metadata.forward(request, reply, { path });
      },
    );
  });
};

/** The comment routes of one kind of target, as a plugin to register. */
export const commentsOn =
  (target: CommentTarget): FastifyPluginAsync =>
  async (app) => {
    await app.register(commentRoutes, { target });
  };
