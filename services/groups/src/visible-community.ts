import { forbidden } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
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

/**
 * Only a community's administrators change it. Checked before anything is changed (a rename may rewrite app tags
 * first), so that anyone else gets 403 and nothing happens.
 */
export async function assertCommunityAdmin(backend: GroupsBackend, target: Target): Promise<void> {
  const held = await backend.privileges(target, { "subject-id": backend.actor, privilege: "admin" }, true);
  if (held.length === 0) throw forbidden(`only an administrator of ${target.label} may change it`);
}
