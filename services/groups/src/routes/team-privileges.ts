import { badRequest } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { clientPrivileges } from "../grouper/formats.js";
import { GroupsBackend } from "../grouper/groups-backend.js";
import { errors, GroupName, Privileges, PrivilegeUpdates } from "../schemas.js";
import { type GroupsSettings, teamTarget } from "../settings.js";

/** Who may do what with a team: listing, and setting each subject's privileges (administrators). */
export const teamPrivilegeRoutes: FastifyPluginAsyncTypebox<{ settings: GroupsSettings }> = async (
  app,
  { settings },
) => {
  const { serviceAccount } = settings;

  app.get(
    "/teams/:name/privileges",
    { schema: { summary: "Privileges on a team", params: GroupName, response: { 200: Privileges, ...errors } } },
    async (request) => {
      const target = teamTarget(settings, request.params.name);
      const backend = new GroupsBackend(request, serviceAccount);
      await backend.getGroup(target);
      return { privileges: clientPrivileges(await backend.privileges(target, { "inheritance-level": "immediate" })) };
    },
  );

  app.post(
    "/teams/:name/privileges",
    {
      schema: {
        summary: "Set subjects' privileges on a team; an empty list removes all of a subject's privileges",
        params: GroupName,
        body: PrivilegeUpdates,
        response: { 200: Privileges, ...errors },
      },
    },
    async (request) => {
      const { updates } = request.body;
      // The gateway's account must keep administering the team, or joining and leaving would break.
      if (updates.some((update) => update.subject_id === serviceAccount)) {
        throw badRequest(`the privileges of ${serviceAccount} cannot be changed`);
      }
      const target = teamTarget(settings, request.params.name);
      const backend = new GroupsBackend(request, serviceAccount);
      await backend.getGroup(target);
      return { privileges: clientPrivileges(await backend.setPrivileges(target, updates, { replace: true })) };
    },
  );
};
