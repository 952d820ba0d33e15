import type { BackendClient } from "@de-gateway/backend-clients";
import { badRequest } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { FileTypes } from "./backend-answers.js";

/**
 * Info types to filter a listing by, each one the file-info backend knows or `unknown` (400 otherwise, as the
 * reference gateway answers); asked of the backend only when a filter is given.
 */
export async function knownInfoTypes(
  fileInfo: BackendClient,
  request: FastifyRequest,
  given: string[] | undefined,
): Promise<string[] | undefined> {
  if (!given?.length) return undefined;
  const { types } = await fileInfo.json<{ types: string[] }>(request, { path: "/file-types" }, FileTypes);
  const known = new Set([...types, "unknown"]);
  const unknown = given.filter((type) => !known.has(type));
  if (unknown.length > 0) {
    throw badRequest("info-type must name a file type (see type-list) or unknown", "ERR_BAD_OR_MISSING_FIELD", {
      "info-type": unknown,
    });
  }
  return given;
}
