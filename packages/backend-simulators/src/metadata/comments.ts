import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, InvalidRequest, notFound, Problem } from "../framework/problems.js";
import { bodyObject, queryText } from "../framework/request-values.js";
import { CommentList, CommentResponse } from "./answer-schemas.js";
import { canonicalUuid, emptyOk } from "./schemas.js";

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

type TargetParams = { Params: { targetId: string } };
type CommentParams = { Params: { targetId: string; commentId: string } };

const shown = ({ id, commenter, post_time, retracted, comment }: StoredComment) => ({
  id,
  commenter,
  post_time,
  retracted,
  comment,
});

function onTarget(state: CommentsState, targetId: string, commentId: string): StoredComment {
  const comment = state.comments.get(canonicalUuid(commentId));
  if (!comment || comment.deleted || comment.target_id !== canonicalUuid(targetId)) {
    throw notFound(`comment ${commentId} not found on ${targetId}`);
  }
  return comment;
}

function retractedParameter(request: FastifyRequest): boolean {
  const value = queryText(queryOf(request), "retracted");
  if (value !== "true" && value !== "false")
    throw badRequest("retracted must be true or false", "ERR_ILLEGAL_ARGUMENT");
  return value === "true";
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
function targetRoutes(
  scope: FastifyInstance,
  state: () => CommentsState,
  prefix: string,
  adminPrefix: string,
  targetType: (request: FastifyRequest) => string,
) {
  scope.get<TargetParams>(`${prefix}/:targetId/comments`, answers({ 200: CommentList }), async (request) => {
    const comments = [...state().comments.values()]
      .filter((comment) => comment.target_id === canonicalUuid(request.params.targetId) && !comment.deleted)
      .sort((a, b) => a.post_time - b.post_time);
    return { comments: comments.map(shown) };
  });
  scope.post<TargetParams>(`${prefix}/:targetId/comments`, answers({ 200: CommentResponse }), async (request) => {
    const caller = callerOf(request);
    const text = bodyObject(request.body).comment;
    if (typeof text !== "string") throw badRequest("the body needs a comment string", "ERR_BAD_OR_MISSING_FIELD");
    // metadata's CommentRequest takes a NonBlankString.
    if (!text.trim()) throw new InvalidRequest({ comment: `(not (non-blank-string? ${JSON.stringify(text)}))` });
    const comment: StoredComment = {
      id: randomUUID(),
      target_id: canonicalUuid(request.params.targetId),
      target_type: targetType(request),
      commenter: caller.username,
      post_time: Date.now(),
      comment: text,
      retracted: false,
      retracted_by: null,
      deleted: false,
    };
    state().comments.set(comment.id, comment);
    return { comment: shown(comment) };
  });
  for (const [path, targetAdmin] of [
    [prefix, false],
    [adminPrefix, true],
  ] as const) {
    scope.patch<CommentParams>(
      `${path}/:targetId/comments/:commentId`,
      answers({ 200: NoBody }),
      async (request, reply) => {
        const caller = callerOf(request);
        const retracting = retractedParameter(request);
        const comment = onTarget(state(), request.params.targetId, request.params.commentId);
        changeRetraction(comment, caller.username, retracting, targetAdmin);
        return emptyOk(reply);
      },
    );
  }
  scope.delete<CommentParams>(
    `${adminPrefix}/:targetId/comments/:commentId`,
    answers({ 200: NoBody }),
    async (request, reply) => {
      callerOf(request);
      onTarget(state(), request.params.targetId, request.params.commentId).deleted = true;
      return emptyOk(reply);
    },
  );
}

function dataType(request: FastifyRequest): string {
  const type = queryText(queryOf(request), "data-type");
  if (type !== "file" && type !== "folder")
    throw badRequest("data-type must be file or folder", "ERR_ILLEGAL_ARGUMENT");
  return type;
}

/**
 * Metadata backend: comments on apps and on data items, with administrative delete and retraction. Data items are
 * under `/filesystem/data/{id}` (cyverse-de/metadata routes/comments.clj), never the catalogue's `/filesystem/entry`.
 */
export const comments = defineModule<CommentsState>({
  makeState: () => ({ comments: new Map() }),
  routes: (app, state) =>
    backendScope(app, (scope) => {
      targetRoutes(scope, state, "/apps", "/admin/apps", () => "app");
      targetRoutes(scope, state, "/filesystem/data", "/admin/filesystem/data", dataType);
    }),
});
