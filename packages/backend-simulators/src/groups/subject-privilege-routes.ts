import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { ErrorAnswers, Privileges } from "./answer-schemas.js";
import { formatPrivilege } from "./format.js";
import { lookupNotFound } from "./grouper-failures.js";
import { actorOf, oneOf } from "./lookups.js";
import { maySeePrivileges } from "./privilege-listing.js";
import { atInheritanceLevel, privilegesOf } from "./privileges.js";
import type { FolderRecord, GrouperState, GroupRecord } from "./state.js";
import { findSubject } from "./subjects.js";

type Entity = { group: GroupRecord } | { folder: FolderRecord };

const nameOf = (on: Entity) => ("group" in on ? on.group.name : on.folder.name);

/**
 * `GET /subjects/:id/privileges?user&entity-type&folder&inheritance-level` (clients/grouper.clj get-subject-privileges
 * ~528-545): what Grouper lists for the subject, its privileges on every group and folder, held directly, through its
 * groups or through GrouperAll, those on groups and folders the actor does not administer left out; then iplant-groups'
 * filters: inheritance level, entity type, and a folder given as a plain prefix of the name, never looked up.
 */
export function subjectPrivilegeRoutes(app: FastifyInstance, state: () => GrouperState): void {
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    "/subjects/:id/privileges",
    answers({ 200: Privileges, ...ErrorAnswers }),
    async (request) => {
      const actor = actorOf(request.query);
      const entityType = oneOf(request.query, "entity-type", ["group", "folder"]);
      const level = oneOf(request.query, "inheritance-level", ["immediate", "inherited"]);
      const { folder } = request.query;
      const subjectId = request.params.id;
      if (!findSubject(state(), subjectId, actor)) throw lookupNotFound("SUBJECT_NOT_FOUND");
      const entities: Entity[] = [
        ...[...state().groups.values()].map((group) => ({ group })),
        ...[...state().folders.values()].map((on) => ({ folder: on })),
      ];
      const privileges = entities
        .filter((on) => !entityType || entityType in on)
        .filter((on) => typeof folder !== "string" || nameOf(on).startsWith(folder))
        .filter((on) => maySeePrivileges(state(), actor, on))
        .sort((a, b) => nameOf(a).localeCompare(nameOf(b)))
        .flatMap((on) =>
          privilegesOf(state(), "group" in on ? on.group.grants : on.folder.grants, subjectId)
            .filter((held) => atInheritanceLevel(held, level))
            .map((held) => formatPrivilege(state(), held, on)),
        );
      return { privileges };
    },
  );
}
