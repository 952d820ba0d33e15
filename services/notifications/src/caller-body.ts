import { isJsonObject, type JsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/** The request's JSON object (none counts as empty) with `user` set: the caller can only act as themself. */
export function asCaller(request: FastifyRequest): JsonObject {
  return { ...(isJsonObject(request.body) ? request.body : {}), user: request.user.username };
}
