import type { Query } from "@de-gateway/backend-clients";
import type { FastifyRequest } from "fastify";

/** What the caller may do with a commented target: whether they own it, and what a new comment needs. */
export interface TargetAccess {
  /** Owners retract any comment on their target (through the metadata backend's admin variant). */
  owned: boolean;
  /** Extra metadata-backend query parameters for a new comment (data items say whether file or folder). */
  postQuery?: Query;
}

/** One kind of commented thing (apps, data items): where its comments live and how ownership is decided. */
export interface CommentTarget {
  /** What is commented on, for messages and the API description ("app", "file or folder"). */
  noun: string;
  /** OpenAPI tag of the routes. */
  tag: string;
  /** The path parameter holding the target's UUID, e.g. `appId`. */
  param: string;
  /** Public prefix of the targets: comments are at `{prefix}/:{param}/comments`, e.g. `/apps`. */
  prefix: string;
  /** Public prefix of the administrators' delete: `{adminPrefix}/:{param}/comments/:commentId`, e.g. `/admin/apps`. */
  adminPrefix: string;
  /**
   * The metadata backend's prefix of the targets, e.g. `/filesystem/data`: comments are at
   * `{backendPrefix}/{id}/comments`, their administrative variant under `/admin{backendPrefix}`.
   */
  backendPrefix: string;
  /**
   * Checks that the caller may see the target, throwing a 404 GatewayError when it does not exist or
   * is not accessible, and tells whether the caller owns it.
   */
  access: (request: FastifyRequest, targetId: string) => Promise<TargetAccess>;
}
