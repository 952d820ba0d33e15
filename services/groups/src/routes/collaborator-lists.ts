import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { clientGroup, clientMembers } from "../grouper/formats.js";
import { GroupsBackend, type Target } from "../grouper/groups-backend.js";
import { copyGroupPermissions, forgetGroup } from "../grouper/permissions.js";
import { assertKnownSubjects } from "../known-subjects.js";
import { errors, Group, GroupList, GroupName, GroupUpdate, MemberResults, Members, MemberUpdate } from "../schemas.js";
import { checkNameSegment, type GroupsSettings, listTarget } from "../settings.js";

const ListingQuery = Type.Object({
  search: Type.Optional(Type.String({ description: "text the list name contains" })),
  details: Type.Optional(Type.Boolean({ description: "include creation and modification details" })),
});

const NewList = Type.Object({ name: Type.String(), description: Type.Optional(Type.String()) });

const RetainPermissions = Type.Object({
  "retain-permissions": Type.Optional(
    Type.Boolean({ description: "members keep, directly, the permissions they had through the list" }),
  ),
});

/** Collaborator lists: groups of people each user keeps for sharing, visible to that user only. */
export const collaboratorListRoutes: FastifyPluginAsyncTypebox<{ settings: GroupsSettings }> = async (
  app,
  { settings },
) => {
  const { folders, serviceAccount } = settings;

  async function createList(backend: GroupsBackend, owner: string, target: Target, description: string) {
    await backend.ensureFolder(folders.userFolderOf(owner), owner);
    await backend.ensureFolder(folders.listsOf(owner), owner);
    return backend.addGroup(target, description);
  }

  app.get(
    "/collaborator-lists",
    {
      schema: {
        summary: "The caller's collaborator lists",
        querystring: ListingQuery,
        response: { 200: GroupList, ...errors },
      },
    },
    async (request) => {
      const { search, details = false } = request.query;
      const folder = folders.listsOf(request.user.username);
      const backend = new GroupsBackend(request, serviceAccount);
      if (!(await backend.folderExists(folder))) return { groups: [] };
      const lists = (await backend.findGroups(search || folder, folder, details)).map((group) =>
        clientGroup(group, folder, details),
      );
      const wanted = search?.toLowerCase();
      return { groups: wanted ? lists.filter((list) => list.name.toLowerCase().includes(wanted)) : lists };
    },
  );

  app.post(
    "/collaborator-lists",
    { schema: { summary: "Create a collaborator list", body: NewList, response: { 200: Group, ...errors } } },
    async (request) => {
      const owner = request.user.username;
      const target = listTarget(settings, owner, checkNameSegment(request.body.name, "collaborator list"));
      const backend = new GroupsBackend(request, serviceAccount);
      const created = await createList(backend, owner, target, request.body.description ?? "");
      return clientGroup(created, folders.listsOf(owner));
    },
  );

  app.get(
    "/collaborator-lists/:name",
    { schema: { summary: "One of the caller's lists", params: GroupName, response: { 200: Group, ...errors } } },
    async (request) => {
      const owner = request.user.username;
      const backend = new GroupsBackend(request, serviceAccount);
      const list = await backend.getGroup(listTarget(settings, owner, request.params.name));
      return clientGroup(list, folders.listsOf(owner));
    },
  );

  app.patch(
    "/collaborator-lists/:name",
    {
      schema: {
        summary: "Rename or describe a list; absent fields stay unchanged",
        params: GroupName,
        body: GroupUpdate,
        response: { 200: Group, ...errors },
      },
    },
    async (request) => {
      const owner = request.user.username;
      const target = listTarget(settings, owner, request.params.name);
      const { name, description } = request.body;
      const renamed =
        name === undefined ? target : listTarget(settings, owner, checkNameSegment(name, "collaborator list"));
      const backend = new GroupsBackend(request, serviceAccount);
      const updated = await backend.updateGroup(
        target,
        { name: name === undefined ? undefined : renamed.fullName, description },
        renamed,
      );
      return clientGroup(updated, folders.listsOf(owner));
    },
  );

  app.delete(
    "/collaborator-lists/:name",
    {
      schema: {
        summary: "Delete a list, optionally letting its members keep what was shared with it",
        params: GroupName,
        querystring: RetainPermissions,
        response: { 200: Group, ...errors },
      },
    },
    async (request) => {
      const owner = request.user.username;
      const target = listTarget(settings, owner, request.params.name);
      const backend = new GroupsBackend(request, serviceAccount);
      const list = await backend.getGroup(target);
      // Members get their copies before the list goes, so a failure cannot take their access away.
      if (request.query["retain-permissions"])
        await copyGroupPermissions(request, list.id, await backend.members(target));
      const deleted = await backend.deleteGroup(target);
      await forgetGroup(request, deleted.id);
      return clientGroup(deleted, folders.listsOf(owner));
    },
  );

  app.get(
    "/collaborator-lists/:name/members",
    { schema: { summary: "Members of a list", params: GroupName, response: { 200: Members, ...errors } } },
    async (request) => {
      const target = listTarget(settings, request.user.username, request.params.name);
      const backend = new GroupsBackend(request, serviceAccount);
      await backend.getGroup(target);
      return { members: clientMembers(await backend.members(target), serviceAccount) };
    },
  );

  app.post(
    "/collaborator-lists/:name/members",
    {
      schema: {
        summary: "Add members to a list (the list is created when it does not exist yet)",
        params: GroupName,
        body: MemberUpdate,
        response: { 200: MemberResults, ...errors },
      },
    },
    async (request) => {
      const owner = request.user.username;
      const target = listTarget(settings, owner, checkNameSegment(request.params.name, "collaborator list"));
      const backend = new GroupsBackend(request, serviceAccount);
      await assertKnownSubjects(backend, request.body.members);
      if (!(await backend.groupExists(target))) await createList(backend, owner, target, "");
      return backend.addMembers(target, request.body.members);
    },
  );

  app.post(
    "/collaborator-lists/:name/members/deleter",
    {
      schema: {
        summary: "Remove members from a list, optionally letting them keep what was shared with it",
        params: GroupName,
        querystring: RetainPermissions,
        body: MemberUpdate,
        response: { 200: MemberResults, ...errors },
      },
    },
    async (request) => {
      const target = listTarget(settings, request.user.username, request.params.name);
      const backend = new GroupsBackend(request, serviceAccount);
      const list = await backend.getGroup(target);
      await assertKnownSubjects(backend, request.body.members);
      if (request.query["retain-permissions"]) {
        const leaving = new Set(request.body.members);
        const members = (await backend.members(target)).filter((member) => leaving.has(member.id));
        await copyGroupPermissions(request, list.id, members);
      }
      return backend.removeMembers(target, request.body.members);
    },
  );
};
