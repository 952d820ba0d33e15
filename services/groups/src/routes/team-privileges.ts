import { badRequest } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { assertAdministrator } from "../administrators.js";
import { clientPrivileges } from "../grouper/formats.js";
import type { GroupsBackend, Target } from "../grouper/groups-backend.js";
import { assertKnownSubjects } from "../known-subjects.js";
import { errors, GroupName, Privileges, PrivilegeUpdates } from "../schemas.js";
import type { GroupsSettings } from "../settings.js";
import { visibleTeam } from "../visible-team.js";

/**
 * The privileges granted on a team, each once: those granted to the subject itself (the groups backend also lists
 * what each holds through its groups and through every user, GrouperAll), as only its administrators see them.
 */
const granted = async (backend: GroupsBackend, target: Target) =>
  clientPrivileges(await backend.privileges(target, { "inheritance-level": "immediate" }));

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
      const { target, backend } = await visibleTeam(request, settings, request.params.name);
      return { privileges: await granted(backend, target) };
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
      const { target, backend } = await visibleTeam(request, settings, request.params.name);
      await assertAdministrator(backend, target, "change its privileges");
      await assertKnownSubjects(
        backend,
        updates.map((update) => update.subject_id),
      );
      await backend.setPrivileges(target, updates, { replace: true });
      return { privileges: await granted(backend, target) };
    },
  );
};
