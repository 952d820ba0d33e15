import type { BackendClient } from "@de-gateway/backend-clients";
import type { FastifyRequest } from "fastify";
import type { Stat } from "./data-items.js";

/** One user/path outcome of the file-info backend's sharer. */
export interface ShareOutcome {
  path: string;
  success: boolean;
  error?: unknown;
}

/** A permission to give one user (or data-store group) on some paths. */
export interface Grant {
  user: string;
  paths: readonly string[];
  permission: Stat["permission"];
}

/**
 * Gives the grants through the file-info backend's sharer, as the caller or as the service account `actAs` names,
 * and answers the first user/path pair it refused, if any (the sharer answers 200 and reports each pair).
 */
export async function firstRefusedShare(
  fileInfo: BackendClient,
  request: FastifyRequest,
  grants: readonly Grant[],
  actAs?: string,
): Promise<ShareOutcome | undefined> {
  const answer = await fileInfo.json<{ sharing?: Array<{ sharing?: ShareOutcome[] }> }>(request, {
    method: "POST",
    path: "/sharer",
    json: {
      sharing: grants.map(({ user, paths, permission }) => ({
        user,
        paths: paths.map((path) => ({ path, permission })),
      })),
    },
    ...(actAs ? { actAs } : {}),
  });
  return (answer.sharing ?? []).flatMap((entry) => entry.sharing ?? []).find((outcome) => outcome.success !== true);
}
