import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import type { InjectOptions, LightMyRequestResponse } from "fastify";

/** The platform's folder for teams in the simulated Grouper (the default GROUPER_FOLDER_PREFIX). */
export const TEAMS_FOLDER = "iplant:de:dev:teams";
export const SERVICE_ACCOUNT = "de_grouper";

type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** A request to the service as a demo user; `payload` is sent as JSON when given. */
export async function send(
  service: ServiceUnderTest,
  username: string,
  method: Method,
  url: string,
  payload?: InjectOptions["payload"],
): Promise<LightMyRequestResponse> {
  const headers = await service.as(username);
  return service.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

/** Creates a team as `username` and fails the test unless that worked. */
export async function createTeam(
  service: ServiceUnderTest,
  username: string,
  body: { name: string; description?: string; public_privileges?: string[] },
) {
  const response = await send(service, username, "POST", "/teams", body);
  if (response.statusCode !== 200) throw new Error(`team not created: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The privilege names a subject holds on a team, straight from the simulated Grouper. */
export function privilegesOf(service: ServiceUnderTest, team: string, subject: string): string[] {
  const group = service.platform.groups.state.grouper.groups.get(`${TEAMS_FOLDER}:${team}`);
  if (!group) throw new Error(`no team ${team} in the simulator`);
  return group.grants
    .filter((grant) => grant.subjectId === subject)
    .map((grant) => grant.privilege)
    .sort();
}

export function membersOf(service: ServiceUnderTest, team: string): string[] {
  return service.platform.groups.state.grouper.groups.get(`${TEAMS_FOLDER}:${team}`)?.members ?? [];
}
