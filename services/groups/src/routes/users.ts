import { badRequest, inBatches } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { GroupsBackend } from "../grouper/groups-backend.js";
import { isPerson, listedSubject } from "../grouper/subjects.js";
import { errors, ListedSubjects, type Subject, Subject as SubjectSchema } from "../schemas.js";
import type { GroupsSettings } from "../settings.js";

/** At most this many users are taken from each matching field of a user search. */
const MATCHES_PER_FIELD = 50;
/** How many user lookups of one user-info request run at the same time. */
const LOOKUPS_AT_ONCE = 8;

const SearchQuery = Type.Object({ search: Type.String({ description: "text to look for" }) });
const UserSearchResult = Type.Object({ users: Type.Array(SubjectSchema), truncated: Type.Boolean() });
const UserInfoQuery = Type.Object({
  username: Type.Optional(Type.Array(Type.String(), { description: "user names; repeat the parameter" })),
});
const UserInfoResult = Type.Record(Type.String(), SubjectSchema);

const contains = (text: string | undefined, wanted: string) => (text ?? "").toLowerCase().includes(wanted);
const realName = (user: Subject) => [user.name, `${user.first_name ?? ""} ${user.last_name ?? ""}`].join("\n");

/**
 * The directory's matches on user name, real name and e-mail address, at most MATCHES_PER_FIELD of
 * each, merged without duplicates; `truncated` when any field had more.
 */
function mergeUserMatches(users: Subject[], search: string): { users: Subject[]; truncated: boolean } {
  const wanted = search.toLowerCase();
  const fields = [
    users.filter((user) => contains(user.id, wanted)),
    users.filter((user) => contains(realName(user), wanted)),
    users.filter((user) => contains(user.email, wanted)),
  ];
  const merged = new Map<string, Subject>();
  for (const matches of fields) {
    for (const user of matches.slice(0, MATCHES_PER_FIELD)) if (!merged.has(user.id)) merged.set(user.id, user);
  }
  return { users: [...merged.values()], truncated: fields.some((matches) => matches.length > MATCHES_PER_FIELD) };
}

/** Looking people up: subject search, user search and user info. */
export const userRoutes: FastifyPluginAsyncTypebox<{ settings: GroupsSettings }> = async (app, { settings }) => {
  const { serviceAccount, folders } = settings;

  app.get(
    "/subjects",
    {
      schema: {
        summary: "Users and groups whose id, name or e-mail contains the text (the groups backend's subject search)",
        description:
          "As the reference: the gateway's own account is left out, each subject's directory name is kept as " +
          "`display_name`, and a group in the caller's collaborator lists, the teams or the communities is named " +
          "as clients name it, without that folder.",
        querystring: SearchQuery,
        response: { 200: ListedSubjects, ...errors },
      },
    },
    async (request) => {
      const { search } = request.query;
      if (!search.trim()) throw badRequest("the search text must not be blank");
      const subjects = await new GroupsBackend(request, serviceAccount).searchSubjects(search);
      const clientFolders = [folders.listsOf(request.user.username), folders.teams, folders.communities];
      return {
        subjects: subjects
          .filter((subject) => subject.id !== serviceAccount)
          .map((subject) => listedSubject(subject, clientFolders)),
      };
    },
  );

  app.get(
    "/secured/user-search",
    {
      schema: {
        summary: `Users whose user name, real name or e-mail contains the text (at most ${MATCHES_PER_FIELD} per field)`,
        querystring: SearchQuery,
        response: { 200: UserSearchResult, ...errors },
      },
    },
    async (request) => {
      const search = request.query.search.trim();
      if (!search) throw badRequest("the search text must not be blank");
      const subjects = await new GroupsBackend(request, serviceAccount).searchSubjects(search);
      return mergeUserMatches(
        subjects.filter((subject) => isPerson(subject, serviceAccount)),
        search,
      );
    },
  );

  app.get(
    "/secured/user-info",
    {
      schema: {
        summary: "The users found among the given user names, keyed by user name ({} when none)",
        description:
          "A user whose lookup fails is left out, as in the reference; when every lookup fails, the answer is 502.",
        querystring: UserInfoQuery,
        response: { 200: UserInfoResult, ...errors },
      },
    },
    async (request) => {
      const usernames = [...new Set((request.query.username ?? []).filter((name) => name.trim()))];
      const backend = new GroupsBackend(request, serviceAccount);
      const lookups = await inBatches(usernames, LOOKUPS_AT_ONCE, (name) =>
        backend.subject(name).then(
          (subject) => ({ subject }),
          (error: unknown) => ({ error }),
        ),
      );
      const failures = lookups.flatMap((lookup) => ("error" in lookup ? [lookup.error] : []));
      // As the reference: a user whose lookup fails is left out; only when every lookup failed is it the backend's failure.
      if (failures.length > 0 && failures.length === lookups.length) throw failures[0];
      if (failures.length > 0) request.log.warn({ err: failures[0], failed: failures.length }, "user lookups failed");
      const found: Record<string, Subject> = {};
      usernames.forEach((name, index) => {
        const lookup = lookups[index];
        if (lookup && "subject" in lookup && lookup.subject) found[name] = lookup.subject;
      });
      return found;
    },
  );
};
