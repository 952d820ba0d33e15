import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { mayOnGroup } from "./access.js";
import { ErrorAnswers, Subject, SubjectList } from "./answer-schemas.js";
import { formatGroupSubject, formatSubject } from "./format.js";
import { actorOf, requiredText } from "./lookups.js";
import type { GrouperState, GroupRecord, SubjectRecord } from "./state.js";
import { existingSubject, findSubject } from "./subjects.js";

/** What a subject search looks at for a person: the id, the names and the e-mail address, case-insensitively. */
const personText = (subject: SubjectRecord) =>
  [subject.id, subject.name, subject.first_name, subject.last_name, subject.email].join("\n").toLowerCase();

/** What it looks at for a group: its full name and its display extension. */
const groupText = (group: GroupRecord) => [group.name, group.displayExtension].join("\n").toLowerCase();

// common-swagger-api schema/subjects.clj SubjectIdList.
const SubjectIdList = Type.Object({ subject_ids: Type.Array(Type.String()) });

/**
 * Subject search and lookup by id (the people directory behind Grouper). A search asks every source, as iplant-groups
 * asks Grouper without naming one: the people, then the groups the actor may see (Grouper's group source, `g:gsa`).
 */
export function subjectRoutes(app: FastifyInstance, state: () => GrouperState): void {
  app.get("/subjects", answers({ 200: SubjectList, ...ErrorAnswers }), async (request) => {
    const actor = actorOf(request.query);
    const search = requiredText(request.query, "search").trim().toLowerCase();
    const people = [...state().subjects.values()]
      .filter((subject) => personText(subject).includes(search))
      .sort((a, b) => a.id.localeCompare(b.id));
    const groups = [...state().groups.values()]
      .filter((group) => groupText(group).includes(search) && mayOnGroup(state(), group, actor, "view"))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { subjects: [...people.map(formatSubject), ...groups.map(formatGroupSubject)] };
  });

  // routes/subjects.clj POST /subjects/lookup: only the subjects found (format-subjects-ignore-missing), each once.
  app.post<{ Body: Static<typeof SubjectIdList> }>(
    "/subjects/lookup",
    { schema: { body: SubjectIdList }, ...answers({ 200: SubjectList, ...ErrorAnswers }) },
    async (request) => {
      const actor = actorOf(request.query);
      const ids = [...new Set(request.body.subject_ids)];
      const found = ids.map((id) => findSubject(state(), id, actor));
      return { subjects: found.filter((subject) => subject !== undefined) };
    },
  );

  app.get<{ Params: { id: string } }>("/subjects/:id", answers({ 200: Subject, ...ErrorAnswers }), async (request) => {
    return existingSubject(state(), request.params.id, actorOf(request.query));
  });
}
