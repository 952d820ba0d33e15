import { badRequest } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { assertAdministrator } from "../administrators.js";
import { clientGroup } from "../grouper/formats.js";
import { GroupsBackend } from "../grouper/groups-backend.js";
import { inFolder, parentOf, relativeTo } from "../grouper/names.js";
import { forgetGroup } from "../grouper/permissions.js";
import { ALL_USERS } from "../grouper/subjects.js";
import {
  errors,
  Group,
  GroupList,
  GroupName,
  GroupUpdate,
  type PrivilegeName as Privilege,
  PrivilegeName,
} from "../schemas.js";
import { checkNameSegment, type GroupsSettings, teamTarget } from "../settings.js";
import { visibleTeam } from "../visible-team.js";

const TeamListingQuery = Type.Object({
  search: Type.Optional(Type.String({ description: "text the team name contains" })),
  creator: Type.Optional(Type.String({ description: "only teams this user created" })),
  member: Type.Optional(Type.String({ description: "only teams this user belongs to" })),
  details: Type.Optional(Type.Boolean({ description: "include creation and modification details" })),
});

const NewTeam = Type.Object({
  name: Type.String({ description: "the name without the creator prefix" }),
  description: Type.Optional(Type.String()),
  public_privileges: Type.Optional(
    Type.Union([Type.Array(PrivilegeName), Type.Null()], { description: "privileges every user gets" }),
  ),
});

/** Privileges that would let every user change the team or its members. */
const NOT_PUBLIC: readonly Privilege[] = ["admin", "update"];

/** What every user may do with a new team; being allowed to join or to read the members implies seeing it. */
function publicPrivileges(requested: readonly Privilege[]): Privilege[] {
  const refused = requested.filter((privilege) => NOT_PUBLIC.includes(privilege));
  if (refused.length > 0) throw badRequest(`public_privileges may not grant ${refused.join(", ")} to every user`);
  const implied: Privilege[] = requested.some((privilege) => privilege === "optin" || privilege === "read")
    ? ["view"]
    : [];
  return [...new Set([...implied, ...requested])];
}

/** Teams: listing and search, creation in the caller's namespace, reading, renaming and deleting. */
export const teamRoutes: FastifyPluginAsyncTypebox<{ settings: GroupsSettings }> = async (app, { settings }) => {
  const { folders, serviceAccount } = settings;

  app.get(
    "/teams",
    {
      schema: {
        summary: "List or search teams",
        querystring: TeamListingQuery,
        response: { 200: GroupList, ...errors },
      },
    },
    async (request) => {
      const { search, creator, member, details = false } = request.query;
      const backend = new GroupsBackend(request, serviceAccount);
      const folder = creator ? folders.teamsOf(creator) : folders.teams;
      if (!(await backend.folderExists(folder))) return { groups: [] };
      const found = member
        ? await backend.groupsOf(member, folder, details)
        : await backend.findGroups(search || folder, folder, details);
      const groups = found.map((group) => clientGroup(group, folders.teams, details));
      const wanted = search?.toLowerCase();
      return { groups: wanted ? groups.filter((group) => group.name.toLowerCase().includes(wanted)) : groups };
    },
  );

  app.post(
    "/teams",
    { schema: { summary: "Create a team named <caller>:<name>", body: NewTeam, response: { 200: Group, ...errors } } },
    async (request) => {
      const creator = request.user.username;
      const target = teamTarget(settings, `${creator}:${checkNameSegment(request.body.name, "team")}`);
      const everyone = publicPrivileges(request.body.public_privileges ?? []);
      const backend = new GroupsBackend(request, serviceAccount);
      await backend.ensureFolder(folders.teams, serviceAccount);
      await backend.ensureFolder(folders.teamsOf(creator), creator);
      const created = await backend.addGroup(target, request.body.description ?? "");
      const initialPrivileges = [
        { subject_id: serviceAccount, privileges: ["admin"] },
        { subject_id: ALL_USERS, privileges: everyone },
      ];
      try {
        await backend.setPrivileges(target, initialPrivileges, { replace: true });
      } catch (error) {
        // A team its creator cannot open up (or the gateway cannot manage) is not left behind.
        await backend.deleteGroup(target).catch((cleanup) => request.log.error({ err: cleanup }, "team not removed"));
        throw error;
      }
      return clientGroup(created, folders.teams);
    },
  );

  app.get(
    "/teams/:name",
    { schema: { summary: "A team by its full name", params: GroupName, response: { 200: Group, ...errors } } },
    async (request) => {
      const { group } = await visibleTeam(request, settings, request.params.name);
      return clientGroup(group, folders.teams);
    },
  );

  app.patch(
    "/teams/:name",
    {
      schema: {
        summary: "Rename (last segment only) or describe a team",
        params: GroupName,
        body: GroupUpdate,
        response: { 200: Group, ...errors },
      },
    },
    async (request) => {
      const { target, backend, group: current } = await visibleTeam(request, settings, request.params.name);
      await assertAdministrator(backend, target, "change it");
      const { name, description } = request.body;
      // The new name replaces the last segment only: the team stays in its creator's folder.
      const newFullName =
        name === undefined ? undefined : inFolder(parentOf(current.name), checkNameSegment(name, "team"));
      const renamed = newFullName === undefined ? target : teamTarget(settings, relativeTo(folders.teams, newFullName));
      const updated = await backend.updateGroup(target, { name: newFullName, description }, renamed);
      return clientGroup(updated, folders.teams);
    },
  );

  app.delete(
    "/teams/:name",
    { schema: { summary: "Delete a team", params: GroupName, response: { 200: Group, ...errors } } },
    async (request) => {
      const { target, backend } = await visibleTeam(request, settings, request.params.name);
      await assertAdministrator(backend, target, "delete it");
      const deleted = await backend.deleteGroup(target);
      await forgetGroup(request, deleted.id);
      return clientGroup(deleted, folders.teams);
    },
  );
};
