import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { type Static, type TSchema, Type } from "typebox";
import { answers, NoBody } from "../framework/answers.js";
import { queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { notFound, Problem } from "../framework/problems.js";
import { CommentList, CommentResponse } from "./answer-schemas.js";
import { canonicalUuid, DataTypeQuery, emptyOk, NonBlank, Uuid } from "./schemas.js";
import { metadataScope, userOf } from "./service.js";

/** A comment as the metadata backend stores it; `retracted_by` is never shown to users. */
export interface StoredComment {
  id: string;
  target_id: string;
  target_type: string;
  commenter: string;
  post_time: number;
  comment: string;
  retracted: boolean;
  retracted_by: string | null;
  deleted: boolean;
}

export interface CommentsState {
  comments: Map<string, StoredComment>;
}

/** A kind of target: its routes' prefixes, the service's name of its id in their paths and its target type. */
interface TargetKind {
  prefix: string;
  adminPrefix: string;
  idName: "appId" | "dataId";
  /** The query the posting route takes beyond `user` (the data item's type), and the target type it gives. */
  postQuery?: TSchema;
  targetType: (query: Record<string, unknown>) => string;
}

const CommentRequest = Type.Object({ comment: NonBlank() });
type CommentRequest = Static<typeof CommentRequest>;
const RetractionQuery = Type.Object({ retracted: Type.Boolean() });
type RetractionQuery = Static<typeof RetractionQuery>;
type Params = Record<string, string>;

const shown = ({ id, commenter, post_time, retracted, comment }: StoredComment) => ({
  id,
  commenter,
  post_time,
  retracted,
  comment,
});

// services/comments.clj validate-comment-id: a map without `:error` (so `reason` is null) naming both ids.
function onTarget(state: CommentsState, targetId: string, commentId: string): StoredComment {
  const comment = state.comments.get(canonicalUuid(commentId));
  if (!comment || comment.deleted || comment.target_id !== canonicalUuid(targetId)) {
    throw notFound(null, { "comment-id": canonicalUuid(commentId), "target-id": canonicalUuid(targetId) });
  }
  return comment;
}

/**
 * Retracting is allowed to the commenter, or to anyone on the administrative variant (which the
 * gateway uses for owners of the target); readmitting only to whoever retracted the comment.
 */
function changeRetraction(comment: StoredComment, username: string, retracting: boolean, targetAdmin: boolean) {
  if (retracting) {
    if (!targetAdmin && comment.commenter !== username) throw new Problem(403, "ERR_NOT_OWNER", "doesn't own comment");
    comment.retracted = true;
    comment.retracted_by = username;
  } else {
    if (comment.retracted_by !== username) throw new Problem(403, "ERR_NOT_OWNER", "wasn't retractor");
    comment.retracted = false;
    comment.retracted_by = null;
  }
}

/** The comment routes of one kind of target, under its user prefix and its administrative prefix. */
function targetRoutes(scope: FastifyInstance, state: () => CommentsState, kind: TargetKind) {
  const { prefix, adminPrefix, idName } = kind;
  const TargetParams = Type.Object({ [idName]: Uuid });
  const CommentParams = Type.Object({ [idName]: Uuid, commentId: Uuid });
  const targetIdOf = (params: Params) => canonicalUuid(params[idName] as string);

  scope.get<{ Params: Params }>(
    `${prefix}/:${idName}/comments`,
    { schema: { params: TargetParams }, ...answers({ 200: CommentList }) },
    async (request) => {
      const comments = [...state().comments.values()]
        .filter((comment) => comment.target_id === targetIdOf(request.params) && !comment.deleted)
        .sort((a, b) => a.post_time - b.post_time);
      return { comments: comments.map(shown) };
    },
  );
  scope.post<{ Params: Params; Body: CommentRequest }>(
    `${prefix}/:${idName}/comments`,
    {
      schema: {
        params: TargetParams,
        body: CommentRequest,
        ...(kind.postQuery ? { querystring: kind.postQuery } : {}),
      },
      ...answers({ 200: CommentResponse }),
    },
    async (request) => {
      const comment: StoredComment = {
        id: randomUUID(),
        target_id: targetIdOf(request.params),
        target_type: kind.targetType(queryOf(request)),
        commenter: userOf(request),
        post_time: Date.now(),
        comment: request.body.comment,
        retracted: false,
        retracted_by: null,
        deleted: false,
      };
      state().comments.set(comment.id, comment);
      return { comment: shown(comment) };
    },
  );
  for (const [path, targetAdmin] of [
    [prefix, false],
    [adminPrefix, true],
  ] as const) {
    scope.patch<{ Params: Params; Querystring: RetractionQuery }>(
      `${path}/:${idName}/comments/:commentId`,
      { schema: { params: CommentParams, querystring: RetractionQuery }, ...answers({ 200: NoBody }) },
      async (request, reply) => {
        const user = userOf(request);
        const comment = onTarget(state(), targetIdOf(request.params), request.params.commentId as string);
        changeRetraction(comment, user, request.query.retracted, targetAdmin);
        return emptyOk(reply);
      },
    );
  }
  scope.delete<{ Params: Params }>(
    `${adminPrefix}/:${idName}/comments/:commentId`,
    { schema: { params: CommentParams }, ...answers({ 200: NoBody }) },
    async (request, reply) => {
      userOf(request);
      onTarget(state(), targetIdOf(request.params), request.params.commentId as string).deleted = true;
      return emptyOk(reply);
    },
  );
}

/**
 * Metadata backend: comments on apps and on data items, with administrative delete and retraction. Data items are
 * under `/filesystem/data/{id}` (cyverse-de/metadata routes/comments.clj), never the catalogue's `/filesystem/entry`.
 */
export const comments = defineModule<CommentsState>({
  makeState: () => ({ comments: new Map() }),
  routes: (app, state) =>
    metadataScope(app, (scope) => {
      targetRoutes(scope, state, {
        prefix: "/apps",
        adminPrefix: "/admin/apps",
        idName: "appId",
        targetType: () => "app",
      });
      targetRoutes(scope, state, {
        prefix: "/filesystem/data",
        adminPrefix: "/admin/filesystem/data",
        idName: "dataId",
        postQuery: DataTypeQuery,
        targetType: (query) => String(query["data-type"]),
      });
    }),
});
