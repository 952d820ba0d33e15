import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { mayOnFolder, mayOnGroup } from "./access.js";
import { ErrorAnswers, GroupListWithDetail, GroupStub, GroupWithDetail } from "./answer-schemas.js";
import { formatGroup, formatListedGroup } from "./format.js";
import { batchFailure, folderNotFoundInQuery } from "./grouper-failures.js";
import { actorOf, isTrue, isWithin, requiredText, seenGroup, visibleGroup } from "./lookups.js";
import { extensionOf, type GrouperState, type GroupRecord, parentOf } from "./state.js";
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
  folder?: string;
  details?: string;
}
interface GroupParams {
  name: string;
}

/**
 * Whether a group of that name may be saved there by the actor: a folder it may create groups in, and a name not
 * taken. Grouper refuses anything else item by item, and iplant-groups answers the save's PROBLEM_SAVING_GROUPS.
 */
function maySaveAs(state: GrouperState, name: string, actor: string): boolean {
  const folder = state.folders.get(parentOf(name));
  return Boolean(extensionOf(name) && folder && mayOnFolder(state, folder, actor, "create") && !state.groups.has(name));
}

/** Groups: approximate search, create, read, update (rename inside a folder), delete. */
export function groupRoutes(app: FastifyInstance, state: () => GrouperState): void {
  app.get<{ Querystring: SearchQuery }>(
    "/groups",
    answers({ 200: GroupListWithDetail, ...ErrorAnswers }),
    async (request) => {
      const actor = actorOf(request.query);
      const search = requiredText(request.query, "search").trim().toLowerCase();
      const { folder } = request.query;
      if (folder && !state().folders.has(folder)) throw folderNotFoundInQuery(folder);
      const groups = [...state().groups.values()]
        .filter((group) => mayOnGroup(state(), group, actor, "view"))
        .filter((group) => !folder || isWithin(group.name, folder))
        .filter((group) => formatGroupText(state(), group).includes(search))
        .sort((a, b) => a.name.localeCompare(b.name));
      const details = isTrue(request.query.details);
      return { groups: groups.map((group) => formatListedGroup(state(), group, details)) };
    },
  );

  app.post<{ Body: Static<typeof NewGroup> }>(
    "/groups",
    { schema: { body: NewGroup }, ...answers({ 200: GroupWithDetail, ...ErrorAnswers }) },
    async (request) => {
      const actor = actorOf(request.query);
      const { name, type, description, display_extension } = request.body;
      if (!maySaveAs(state(), name, actor)) throw batchFailure("saveGroup");
      const group = createGroup(state(), { name, type, description, displayExtension: display_extension }, actor);
      return formatGroup(state(), group, true);
    },
  );

  app.get<{ Params: GroupParams }>(
    "/groups/:name",
    answers({ 200: GroupWithDetail, ...ErrorAnswers }),
    async (request) => {
      const actor = actorOf(request.query);
      return formatGroup(state(), visibleGroup(state(), request.params.name, actor), true);
    },
  );

  app.put<{ Params: GroupParams; Body: Static<typeof GroupUpdate> }>(
    "/groups/:name",
    { schema: { body: GroupUpdate }, ...answers({ 200: GroupWithDetail, ...ErrorAnswers }) },
    async (request) => {
      const actor = actorOf(request.query);
      const group = seenGroup(state(), request.params.name, actor);
      const { name, description, display_extension } = request.body;
      const renamed = name !== undefined && name !== group?.name;
      if (!group || !mayOnGroup(state(), group, actor, "admin") || (renamed && !maySaveAs(state(), name, actor))) {
        throw batchFailure("saveGroup");
      }
      if (renamed) {
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

  app.delete<{ Params: GroupParams }>(
    "/groups/:name",
    answers({ 200: GroupStub, ...ErrorAnswers }),
    async (request) => {
      const actor = actorOf(request.query);
      const group = seenGroup(state(), request.params.name, actor);
      // Grouper deletes a group it cannot find with success (SUCCESS_GROUP_NOT_FOUND), its result naming only the
      // group asked for, which is all iplant-groups answers.
      if (!group) return { name: request.params.name };
      if (!mayOnGroup(state(), group, actor, "admin")) throw batchFailure("deleteGroup");
      state().groups.delete(group.name);
      return formatGroup(state(), group);
    },
  );
}

/** What an approximate group search matches: the name and the display name, case-insensitively. */
function formatGroupText(state: GrouperState, group: GroupRecord): string {
  const formatted = formatGroup(state, group);
  return `${formatted.name}\n${formatted.display_name}`.toLowerCase();
}
