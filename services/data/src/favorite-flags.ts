import type { BackendClient } from "@de-gateway/backend-clients";
import type { FastifyRequest } from "fastify";

/**
 * Which of the given data ids the caller marked as favorites, asked of the metadata backend in one call.
 * Flags are decoration: when that backend fails or is slow the listing is still answered, with every flag false.
 */
export async function favoriteIds(
  metadata: BackendClient,
  request: FastifyRequest,
  ids: readonly string[],
  timeoutMs: number,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  try {
    const answer = await metadata.json<{ filesystem?: unknown }>(request, {
      method: "POST",
      path: "/favorites/filter",
      json: { filesystem: ids },
      timeoutMs,
    });
    const favorites = Array.isArray(answer.filesystem) ? answer.filesystem : [];
    return new Set(favorites.filter((id): id is string => typeof id === "string").map((id) => id.toLowerCase()));
  } catch (error) {
    request.log.warn({ err: error }, "favorite flags unavailable; listing them all as false");
    return new Set();
  }
}

export const isFavorite = (favorites: Set<string>, id: unknown): boolean =>
  typeof id === "string" && favorites.has(id.toLowerCase());
