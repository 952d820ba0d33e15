import { expect } from "vitest";
import { describeMismatches } from "../src/framework/answers.js";
import { createGroupsSimulator, type GroupsSimulator } from "../src/groups/index.js";
import { perFile } from "./per-file.js";

/** The platform's folder in the seeded Grouper, and carol's public demo team in it. */
export const ROOT = "iplant:de:dev";
export const NEWS = `${ROOT}:teams:carol:platform-news`;

/** A groups simulator for one test file: started before its tests, disposed after, reset to its seed before each. */
export const useGroups = (): (() => GroupsSimulator) =>
  perFile(
    () => createGroupsSimulator().start(),
    (sim) => sim.dispose(),
  );

/** A group's path, its name URL-encoded as the gateway sends it. */
export const group = (name: string, rest = "") => `/groups/${encodeURIComponent(name)}${rest}`;

/**
 * A request as `user` (none when undefined) with a JSON body; the answer must match the route's declared schema for
 * its status, whatever the status.
 */
export async function call(
  sim: GroupsSimulator,
  method: string,
  path: string,
  user: string | undefined,
  body?: unknown,
) {
  const url = new URL(path, sim.url);
  if (user) url.searchParams.set("user", user);
  const response = await fetch(url, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  const mismatches = sim.answerMismatches.splice(0);
  expect(mismatches, describeMismatches(mismatches)).toEqual([]);
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the simulator answered
  return { status: response.status, body: (await response.json()) as any };
}
