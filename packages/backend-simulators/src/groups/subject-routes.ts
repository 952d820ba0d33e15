import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { mayOnGroup } from "./access.js";
import { Subject, SubjectList } from "./answer-schemas.js";
import { badRequest } from "./errors.js";
import { formatGroupSubject, formatSubject } from "./format.js";
import { actorOf, existingSubject } from "./lookups.js";
import type { GrouperState, GroupRecord, SubjectRecord } from "./state.js";

/** What a subject search looks at for a person: the id, the names and the e-mail address, case-insensitively. */
const personText = (subject: SubjectRecord) =>
  [subject.id, subject.name, subject.first_name, subject.last_name, subject.email].join("\n").toLowerCase();

/** What it looks at for a group: its full name and its display extension. */
const groupText = (group: GroupRecord) => [group.name, group.displayExtension].join("\n").toLowerCase();

/**
 * Subject search and lookup by id (the people directory behind Grouper). A search asks every source, as iplant-groups
 * asks Grouper without naming one: the people, then the groups the actor may see (Grouper's group source, `g:gsa`).
 */
export function subjectRoutes(app: FastifyInstance, state: () => GrouperState): void {
  app.get<{ Querystring: { search?: string } }>("/subjects", answers({ 200: SubjectList }), async (request) => {
    const actor = actorOf(request.query);
    const search = request.query.search?.trim().toLowerCase();
    if (!search) throw badRequest("the search query parameter is required");
    const people = [...state().subjects.values()]
      .filter((subject) => personText(subject).includes(search))
      .sort((a, b) => a.id.localeCompare(b.id));
    const groups = [...state().groups.values()]
      .filter((group) => groupText(group).includes(search) && mayOnGroup(group, actor, "view"))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { subjects: [...people.map(formatSubject), ...groups.map(formatGroupSubject)] };
  });

  app.get<{ Params: { id: string } }>("/subjects/:id", answers({ 200: Subject }), async (request) => {
    actorOf(request.query);
    return formatSubject(existingSubject(state(), request.params.id));
  });
}
