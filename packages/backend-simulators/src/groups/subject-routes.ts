import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { Subject, SubjectList } from "./answer-schemas.js";
import { badRequest } from "./errors.js";
import { formatSubject } from "./format.js";
import { actorOf, existingSubject } from "./lookups.js";
import type { GrouperState, SubjectRecord } from "./state.js";

/** What a subject search looks at: the id, the names and the e-mail address, case-insensitively. */
const searchText = (subject: SubjectRecord) =>
  [subject.id, subject.name, subject.first_name, subject.last_name, subject.email].join("\n").toLowerCase();

/** Subject search and lookup by id (the people directory behind Grouper). */
export function subjectRoutes(app: FastifyInstance, state: () => GrouperState): void {
  app.get<{ Querystring: { search?: string } }>("/subjects", answers({ 200: SubjectList }), async (request) => {
    actorOf(request.query);
    const search = request.query.search?.trim().toLowerCase();
    if (!search) throw badRequest("the search query parameter is required");
    const subjects = [...state().subjects.values()]
      .filter((subject) => searchText(subject).includes(search))
      .sort((a, b) => a.id.localeCompare(b.id));
    return { subjects: subjects.map(formatSubject) };
  });

  app.get<{ Params: { id: string } }>("/subjects/:id", answers({ 200: Subject }), async (request) => {
    actorOf(request.query);
    return formatSubject(existingSubject(state(), request.params.id));
  });
}
