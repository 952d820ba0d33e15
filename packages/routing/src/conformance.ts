import { type EncodedCharacterPolicy, refusedEscape } from "./encoded-characters.js";
import { processRequestPath } from "./request-path.js";
import type { RouteTable } from "./route-table.js";

/** A catalogue row as far as routing cares. */
export interface RoutedEndpoint {
  method: string;
  /** The path template, e.g. `/teams/{name}/members`. */
  path: string;
  /** The owning service. */
  service: string;
}

/**
 * Values put in place of `{params}`: plain, with an encoded colon (team names travel as `alice%3Ateam1`),
 * encoded slashes (file names, IRIs), and the other reserved escapes names and IRIs may hold.
 */
export const SAMPLE_PARAMETER_VALUES = [
  "sample-1",
  "alice%3Ateam1",
  "folder%2Fsub%2Ffile.txt",
  "http%3A%2F%2Fpurl.example.org%2Fonto.owl%23Term",
  "50%25%20off%3B%20why%3F",
] as const;

/** The concrete request paths a row is checked with: one per sample value (the row itself if it has no params). */
export function samplePaths(template: string): string[] {
  if (!/\{[^}]+\}/.test(template)) return [template];
  return SAMPLE_PARAMETER_VALUES.map((value) => template.replace(/\{[^}]+\}/g, value));
}

export interface ConformanceOptions {
  /** The entrypoint's encoded-character policy: a sample it refuses never reaches any service. */
  policy: EncodedCharacterPolicy;
  /** The Host header of the checked requests. */
  host?: string;
}

/**
 * Checks that each endpoint's sample paths, processed as Traefik's entrypoint does, are accepted and picked up
 * by a router of the owning service, and that no router of another service matches with an equal or higher
 * priority (equal priorities leave the choice to chance). Returns one message per problem, naming the row.
 */
export function routingProblems(
  endpoints: readonly RoutedEndpoint[],
  table: RouteTable,
  options: ConformanceOptions,
): string[] {
  const problems: string[] = [];
  for (const endpoint of endpoints) {
    const row = `${endpoint.method} ${endpoint.path}`;
    for (const path of samplePaths(endpoint.path)) {
      const { forwardPath, routingPath } = processRequestPath(path);
      const refused = refusedEscape(forwardPath, options.policy);
      if (refused) {
        problems.push(`${row}: ${path} is refused by the entrypoint (encoded ${refused} is not allowed)`);
        continue;
      }
      const matching = table.matching({ path: routingPath, host: options.host ?? "localhost" });
      const leaders = matching.filter((router) => router.priority === matching[0]?.priority);
      const owners = leaders.filter((router) => router.service === endpoint.service);
      const rival = leaders.find((router) => router.service !== endpoint.service);
      if (!rival && owners.length > 0) continue;
      if (!rival) {
        problems.push(`${row}: ${path} is matched by no router (owner ${endpoint.service})`);
      } else if (owners[0]) {
        problems.push(
          `${row}: ${path} is ambiguous: ${owners[0].name} and ${rival.name} (${rival.service}) both have priority ${rival.priority}`,
        );
      } else {
        problems.push(
          `${row}: ${path} goes to ${rival.service} (router ${rival.name}, priority ${rival.priority}), not to ${endpoint.service}`,
        );
      }
    }
  }
  return problems;
}
