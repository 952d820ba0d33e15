import type { FastifyRequest } from "fastify";
import { assertAdministrator } from "./administrators.js";
import { GroupsBackend, type Target } from "./grouper/groups-backend.js";
import { communityTarget, type GroupsSettings } from "./settings.js";

/**
 * The community a route names, looked up as the caller sees it, or as the platform for the administrators'
 * variants (404 when it does not exist or cannot be seen), with the backend client that found it.
 */
export async function visibleCommunity(
  request: FastifyRequest,
  settings: GroupsSettings,
  name: string,
  asPlatform: boolean,
) {
  const target = communityTarget(settings, name);
  const backend = new GroupsBackend(request, settings.serviceAccount, asPlatform);
  const group = await backend.getGroup(target);
  return { target, backend, group };
}

/** Only a community's administrators change it (a rename may rewrite app tags first, so this comes first). */
export const assertCommunityAdmin = (backend: GroupsBackend, target: Target): Promise<void> =>
  assertAdministrator(backend, target, "change it");
