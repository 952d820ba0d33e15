import type { FastifyRequest } from "fastify";
import { isObject, type JsonObject } from "./json.js";

/** The request's JSON object (none counts as empty) with `user` set: the caller can only act as themself. */
export function asCaller(request: FastifyRequest): JsonObject {
  return { ...(isObject(request.body) ? request.body : {}), user: request.user.username };
}
