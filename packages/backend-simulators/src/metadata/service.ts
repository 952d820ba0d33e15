import type { FastifyInstance, FastifyRequest } from "fastify";
import { queryOf } from "../framework/caller.js";
import { backendScope, InvalidRequest } from "../framework/problems.js";
import { failed, MISSING, prismaticRefusal } from "../framework/schema-refusals.js";

/**
 * Registers metadata routes whose errors are answered as the service answers them: clojure-commons' handlers, and
 * requests its compojure-api schemas refuse as schema errors (400 `ERR_ILLEGAL_ARGUMENT`, `reason` a map).
 */
export const metadataScope = (app: FastifyInstance, register: (scope: FastifyInstance) => void) =>
  backendScope(app, register, { refuse: prismaticRefusal });

/**
 * The requesting user, `user` of common-swagger-api's StandardUserQueryParams (a non-blank string): refused as a
 * schema error when missing or blank.
 */
export function userOf(request: FastifyRequest): string {
  const user = queryOf(request).user;
  if (user === undefined) throw new InvalidRequest({ user: MISSING });
  if (typeof user !== "string") throw new InvalidRequest({ user: failed("instance? java.lang.String", user) });
  if (!user.trim()) throw new InvalidRequest({ user: failed("non-blank-string?", user) });
  return user;
}
