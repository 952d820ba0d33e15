import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { FOLDER_PRIVILEGES, grant, mayOnFolder } from "./access.js";
import { ErrorAnswers, Folder, Privilege } from "./answer-schemas.js";
import { folderForbidden, notFound } from "./errors.js";
import { formatFolder, formatPrivilege } from "./format.js";
import { batchFailure, lookupNotFound } from "./grouper-failures.js";
import { actorOf, oneOf } from "./lookups.js";
import { extensionOf, type GrouperState, parentOf } from "./state.js";
import { createFolder } from "./store.js";
import { findSubject } from "./subjects.js";

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
  app.get<{ Params: FolderParams }>("/folders/:name", answers({ 200: Folder, ...ErrorAnswers }), async (request) => {
    actorOf(request.query);
    const folder = state().folders.get(request.params.name);
    if (!folder) throw notFound("folder", request.params.name);
    return formatFolder(state(), folder);
  });

  app.post<{ Body: Static<typeof NewFolder> }>(
    "/folders",
    { schema: { body: NewFolder }, ...answers({ 200: Folder, ...ErrorAnswers }) },
    async (request) => {
      const actor = actorOf(request.query);
      const { name } = request.body;
      const parent = state().folders.get(parentOf(name));
      // clients/grouper.clj add-update-folder: only Grouper's INSUFFICIENT_PRIVILEGES is the folder's 403; a missing
      // parent or a taken name is the whole save's failure.
      if (!extensionOf(name) || !parent) throw batchFailure("saveFolder");
      if (!mayOnFolder(state(), parent, actor, "stem")) throw folderForbidden(name);
      if (state().folders.has(name)) throw batchFailure("saveFolder");
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
    answers({ 200: Privilege, ...ErrorAnswers }),
    async (request) => {
      const actor = actorOf(request.query);
      const { name, subject, privilege } = request.params;
      oneOf({ "privilege-name": privilege }, "privilege-name", FOLDER_PRIVILEGES);
      const folder = state().folders.get(name);
      if (!folder) throw lookupNotFound("STEM_NOT_FOUND", `Cant find stem: '${name}'`);
      if (!findSubject(state(), subject, actor) || !mayOnFolder(state(), folder, actor, "stem")) {
        throw batchFailure("assignPrivileges");
      }
      grant(folder.grants, subject, privilege);
      return formatPrivilege(state(), { subjectId: subject, privilege, ownerId: subject }, { folder });
    },
  );
}
