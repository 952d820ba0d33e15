import type { FastifyRequest } from "fastify";
import { GroupsBackend } from "./grouper/groups-backend.js";
import { type GroupsSettings, teamTarget } from "./settings.js";

/**
 * The team a route names, looked up as the caller sees it (404 when it does not exist or the caller may not
 * see it), with the backend client that found it: every team route starts from here.
 */
export async function visibleTeam(request: FastifyRequest, settings: GroupsSettings, name: string) {
  const target = teamTarget(settings, name);
  const backend = new GroupsBackend(request, settings.serviceAccount);
  const group = await backend.getGroup(target);
  return { target, backend, group };
}
