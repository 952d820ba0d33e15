import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { EVERYONE, mayOnGroup } from "./access.js";
import { Privileges } from "./answer-schemas.js";
import { badRequest } from "./errors.js";
import { formatPrivilege } from "./format.js";
import { actorOf, existingFolder, existingSubject, isWithin } from "./lookups.js";
import type { GrouperState } from "./state.js";

interface SubjectPrivilegeQuery {
  "entity-type"?: string;
  folder?: string;
}

/**
 * `GET /subjects/:id/privileges?user&entity-type=group&folder=` (iplant-groups): the access privileges a subject
 * holds on the groups inside a folder, its own grants and those every user holds through GrouperAll, on groups the
 * actor administers (or, for the subject itself, may see). Only groups are simulated (`entity-type=group`).
 */
export function subjectPrivilegeRoutes(app: FastifyInstance, state: () => GrouperState): void {
  app.get<{ Params: { id: string }; Querystring: SubjectPrivilegeQuery }>(
    "/subjects/:id/privileges",
    answers({ 200: Privileges }),
    async (request) => {
      const actor = actorOf(request.query);
      const subject = existingSubject(state(), request.params.id);
      const entityType = request.query["entity-type"] ?? "group";
      if (entityType !== "group") throw badRequest(`entity-type ${entityType} is not supported here (group)`);
      const { folder } = request.query;
      if (folder) existingFolder(state(), folder);
      const privileges = [...state().groups.values()]
        .filter((group) => !folder || isWithin(group.name, folder))
        .filter((group) => mayOnGroup(group, actor, subject.id === actor ? "view" : "admin"))
        .sort((a, b) => a.name.localeCompare(b.name))
        .flatMap((group) =>
          group.grants
            .filter((held) => held.subjectId === subject.id || held.subjectId === EVERYONE)
            .map((held) => formatPrivilege(state(), held.subjectId, held.privilege, { group })),
        );
      return { privileges };
    },
  );
}
