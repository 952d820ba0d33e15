import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { FOLDER_PRIVILEGES, grant, mayOnFolder } from "./access.js";
import { Folder, Privilege } from "./answer-schemas.js";
import { alreadyExists, badRequest, folderInsufficientPrivileges } from "./errors.js";
import { formatFolder, formatPrivilege } from "./format.js";
import { actorOf, existingFolder, existingSubject } from "./lookups.js";
import { extensionOf, type GrouperState, parentOf } from "./state.js";
import { createFolder } from "./store.js";

const NewFolder = Type.Object({
  name: Type.String({ minLength: 1 }),
  description: Type.Optional(Type.String()),
  display_extension: Type.Optional(Type.String()),
});

interface FolderParams {
  name: string;
}
interface FolderPrivilegeParams extends FolderParams {
  subject: string;
  privilege: string;
}

/** Folders (Grouper stems): look one up, create one inside a folder you administer, grant naming privileges. */
export function folderRoutes(app: FastifyInstance, state: () => GrouperState): void {
  app.get<{ Params: FolderParams }>("/folders/:name", answers({ 200: Folder }), async (request) => {
    actorOf(request.query);
    return formatFolder(state(), existingFolder(state(), request.params.name));
  });

  app.post<{ Body: Static<typeof NewFolder> }>(
    "/folders",
    { schema: { body: NewFolder }, ...answers({ 200: Folder }) },
    async (request) => {
      const actor = actorOf(request.query);
      const { name } = request.body;
      if (!extensionOf(name) || !parentOf(name)) throw badRequest(`${name} is not a folder name inside a folder`);
      const parent = existingFolder(state(), parentOf(name));
      if (!mayOnFolder(parent, actor, "stem"))
        throw folderInsufficientPrivileges(actor, `create folders in ${parent.name}`);
      if (state().folders.has(name)) throw alreadyExists("folder", name);
      const folder = createFolder(
        state(),
        { name, description: request.body.description, displayExtension: request.body.display_extension },
        actor,
      );
      return formatFolder(state(), folder);
    },
  );

  app.put<{ Params: FolderPrivilegeParams }>(
    "/folders/:name/privileges/:subject/:privilege",
    answers({ 200: Privilege }),
    async (request) => {
      const actor = actorOf(request.query);
      const { name, subject, privilege } = request.params;
      if (!(FOLDER_PRIVILEGES as readonly string[]).includes(privilege)) {
        throw badRequest(`${privilege} is not a folder privilege (${FOLDER_PRIVILEGES.join(", ")})`);
      }
      const folder = existingFolder(state(), name);
      existingSubject(state(), subject);
      if (!mayOnFolder(folder, actor, "stem")) throw folderInsufficientPrivileges(actor, `grant privileges on ${name}`);
      grant(folder.grants, subject, privilege);
      return formatPrivilege(state(), subject, privilege, { folder });
    },
  );
}
