import type { BackendClient } from "@de-gateway/backend-clients";
import { GatewayError } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { NavigationFolder } from "./backend-answers.js";
import { statsOf } from "./data-items.js";
import { navigationPathUrl } from "./data-paths.js";

/** How many folders' subfolders are asked for at once while counting. */
const LISTINGS_AT_ONCE = 16;

async function subfolderPaths(fileInfo: BackendClient, request: FastifyRequest, folders: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let start = 0; start < folders.length; start += LISTINGS_AT_ONCE) {
    const listings = await Promise.all(
      folders
        .slice(start, start + LISTINGS_AT_ONCE)
        .map((folder) =>
          fileInfo.json<{ folder: { folders?: Array<{ path: string }> } }>(
            request,
            { path: navigationPathUrl(folder) },
            NavigationFolder,
          ),
        ),
    );
    for (const { folder } of listings) found.push(...(folder.folders ?? []).map((child) => child.path));
  }
  return found;
}

/**
 * Counts the given entries and everything beneath them, level by level from the folders' own counts, and
 * stops as soon as the count passes `limit` (so a huge tree costs no more than `limit` folders' worth of calls).
 * A missing or unreadable entry fails as the file-info backend says.
 */
export async function countPaths(
  fileInfo: BackendClient,
  request: FastifyRequest,
  paths: readonly string[],
  limit: number,
): Promise<number> {
  let count = paths.length;
  let level = [...paths];
  while (level.length > 0 && count <= limit) {
    const stats = Object.values(await statsOf(fileInfo, request, level));
    const folders = stats.filter((stat) => stat.type === "dir");
    count += folders.reduce((sum, stat) => sum + (stat["dir-count"] ?? 0) + (stat["file-count"] ?? 0), 0);
    const withSubfolders = folders.filter((stat) => (stat["dir-count"] ?? 0) > 0).map((stat) => stat.path);
    level = count <= limit ? await subfolderPaths(fileInfo, request, withSubfolders) : [];
  }
  return count;
}

/** Refuses, before anything changes, a request touching more than `limit` entries (ERR_TOO_MANY_PATHS). */
export function refuseTooMany(count: number, limit: number): void {
  if (count > limit) {
    throw new GatewayError(
      400,
      `the request touches ${count} paths; at most ${limit} are allowed`,
      "ERR_TOO_MANY_PATHS",
      {
        count,
        limit,
      },
    );
  }
}
