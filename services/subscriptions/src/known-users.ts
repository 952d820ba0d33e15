import { path } from "@de-gateway/backend-clients";
import { badRequest } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/** How many subject lookups of one request run at the same time. */
const LOOKUPS_AT_ONCE = 8;

/**
 * Which of the usernames the groups backend (the platform's directory) knows, looked up as the gateway's own
 * account, as terrain does before QMS is asked to subscribe anyone or change a quota: QMS adds any name it is
 * given as a new user.
 */
export async function knownUsers(
  request: FastifyRequest,
  grouperUser: string,
  usernames: readonly string[],
): Promise<Set<string>> {
  const groups = request.server.backends.groups;
  const known = new Set<string>();
  const unique = [...new Set(usernames)];
  for (let start = 0; start < unique.length; start += LOOKUPS_AT_ONCE) {
    await Promise.all(
      unique.slice(start, start + LOOKUPS_AT_ONCE).map(async (username) => {
        const response = await groups.call(request, { path: path`/subjects/${username}`, actAs: grouperUser });
        if (response.status === 404) return;
        groups.expectOk(response);
        known.add(username);
      }),
    );
  }
  return known;
}

/**
 * Refuses (400) a username the directory does not know, before QMS is asked to change anything of it: QMS would
 * make the user, and whoever registers the name later would inherit what was set. A name that is no username
 * (`alice?user=bob`) is looked up as the one path segment it is, and is unknown like any other.
 */
export async function requireKnownUser(request: FastifyRequest, grouperUser: string, username: string): Promise<void> {
  if (!(await knownUsers(request, grouperUser, [username])).has(username)) {
    throw badRequest(`user '${username}' does not exist`);
  }
}
