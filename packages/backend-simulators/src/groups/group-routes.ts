import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { mayOnFolder, mayOnGroup } from "./access.js";
import { GroupListWithDetail, GroupStub, GroupWithDetail } from "./answer-schemas.js";
import { alreadyExists, badRequest, insufficientPrivileges } from "./errors.js";
import { formatGroup } from "./format.js";
import { actorOf, existingFolder, isTrue, isWithin, visibleGroup } from "./lookups.js";
import { extensionOf, type GrouperState, parentOf } from "./state.js";
import { createGroup } from "./store.js";

const NewGroup = Type.Object({
  name: Type.String({ minLength: 1 }),
  type: Type.String({ minLength: 1 }),
  description: Type.Optional(Type.String()),
  display_extension: Type.Optional(Type.String()),
});

const GroupUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1 })),
  description: Type.Optional(Type.String()),
  display_extension: Type.Optional(Type.String()),
});

interface SearchQuery {
  search?: string;
  folder?: string;
  details?: string;
}
interface GroupParams {
  name: string;
}

/** The folder a new group name goes into, which the actor must be allowed to create groups in. */
function folderForNewGroup(state: GrouperState, name: string, actor: string) {
  if (!extensionOf(name) || !parentOf(name)) throw badRequest(`${name} is not a group name inside a folder`);
  const folder = existingFolder(state, parentOf(name));
  if (!mayOnFolder(folder, actor, "create")) throw insufficientPrivileges(actor, `create groups in ${folder.name}`);
  if (state.groups.has(name)) throw alreadyExists("group", name);
  return folder;
}

/** Groups: approximate search, create, read, update (rename inside a folder), delete. */
export function groupRoutes(app: FastifyInstance, state: () => GrouperState): void {
  app.get<{ Querystring: SearchQuery }>("/groups", answers({ 200: GroupListWithDetail }), async (request) => {
    const actor = actorOf(request.query);
    const search = request.query.search?.trim().toLowerCase();
    if (!search) throw badRequest("the search query parameter is required");
    const { folder } = request.query;
    if (folder) existingFolder(state(), folder);
    const groups = [...state().groups.values()]
      .filter((group) => mayOnGroup(group, actor, "view"))
      .filter((group) => !folder || isWithin(group.name, folder))
      .filter((group) => formatGroupText(state(), group).includes(search))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { groups: groups.map((group) => formatGroup(state(), group, isTrue(request.query.details))) };
  });

  app.post<{ Body: Static<typeof NewGroup> }>(
    "/groups",
    { schema: { body: NewGroup }, ...answers({ 200: GroupWithDetail }) },
    async (request) => {
      const actor = actorOf(request.query);
      const { name, type, description, display_extension } = request.body;
      folderForNewGroup(state(), name, actor);
      const group = createGroup(state(), { name, type, description, displayExtension: display_extension }, actor);
      return formatGroup(state(), group, true);
    },
  );

  app.get<{ Params: GroupParams }>("/groups/:name", answers({ 200: GroupWithDetail }), async (request) => {
    const actor = actorOf(request.query);
    return formatGroup(state(), visibleGroup(state(), request.params.name, actor), true);
  });

  app.put<{ Params: GroupParams; Body: Static<typeof GroupUpdate> }>(
    "/groups/:name",
    { schema: { body: GroupUpdate }, ...answers({ 200: GroupWithDetail }) },
    async (request) => {
      const actor = actorOf(request.query);
      const group = visibleGroup(state(), request.params.name, actor);
      if (!mayOnGroup(group, actor, "admin")) throw insufficientPrivileges(actor, `update group ${group.name}`);
      const { name, description, display_extension } = request.body;
      if (name !== undefined && name !== group.name) {
        folderForNewGroup(state(), name, actor);
        state().groups.delete(group.name);
        group.name = name;
        group.displayExtension = display_extension || extensionOf(name);
        state().groups.set(name, group);
      } else if (display_extension) {
        group.displayExtension = display_extension;
      }
      if (description !== undefined) group.description = description;
      group.modifiedAt = Date.now();
      group.modifiedBy = actor;
      return formatGroup(state(), group, true);
    },
  );

  app.delete<{ Params: GroupParams }>("/groups/:name", answers({ 200: GroupStub }), async (request) => {
    const actor = actorOf(request.query);
    const group = visibleGroup(state(), request.params.name, actor);
    if (!mayOnGroup(group, actor, "admin")) throw insufficientPrivileges(actor, `delete group ${group.name}`);
    state().groups.delete(group.name);
    return formatGroup(state(), group);
  });
}

/** What an approximate group search matches: the name and the display name, case-insensitively. */
function formatGroupText(state: GrouperState, group: Parameters<typeof formatGroup>[1]): string {
  const formatted = formatGroup(state, group);
  return `${formatted.name}\n${formatted.display_name}`.toLowerCase();
}
