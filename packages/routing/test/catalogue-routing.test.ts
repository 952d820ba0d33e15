import { join } from "node:path";
import { readCatalogue } from "@de-gateway/catalogue";
import { describe, expect, it } from "vitest";
import {
  defaultPriority,
  loadServiceRoutes,
  RouteTable,
  readEntryPointSettings,
  repoRoot,
  routersOf,
  routingProblems,
  type ServiceRoutes,
  samplePaths,
  TRAEFIK_STATIC_CONFIG,
} from "../src/index.js";

// The catalogue conformance of routing: every row of ../shared/spec/endpoints.tsv, with sample values
// (encoded colons, slashes, …) in its {params}, must reach its owning service through the rules made
// from the services' routes.yml, under Traefik's priorities and the entrypoint's encoded-character policy.
const root = repoRoot();
const rows = readCatalogue();
const services = loadServiceRoutes(root);
const { policy } = readEntryPointSettings(join(root, TRAEFIK_STATIC_CONFIG));
const problemsWith = (declared: ServiceRoutes[], options = { policy }) =>
  routingProblems(rows, new RouteTable(routersOf(declared)), options);

/** The declared services with one service's routes changed, the files on disk untouched. */
function edited(service: string, change: (routes: ServiceRoutes["routes"]) => ServiceRoutes["routes"]) {
  return services.map((declared) =>
    declared.service === service ? { ...declared, routes: change(declared.routes) } : declared,
  );
}

describe("catalogue routing conformance", () => {
  it("sends every catalogue row, with encoded parameters, to its owning service and no other", () => {
    expect(rows.length).toBeGreaterThan(200);
    expect(problemsWith(services)).toEqual([]);
  });

  it("checks team names with %3A and paths with %2F", () => {
    const paths = samplePaths("/teams/{name}/members");
    expect(paths).toContain("/teams/alice%3Ateam1/members");
    expect(paths.some((path) => path.includes("%2F"))).toBe(true);
    expect(samplePaths("/secured/bootstrap")).toEqual(["/secured/bootstrap"]);
  });

  it("fails naming the rows when a prefix is deleted from a routes.yml", () => {
    const problems = problemsWith(edited("groups", (routes) => routes.filter((route) => route.value !== "/teams")));
    expect(problems).toContain(
      "GET /teams/{name}/members: /teams/alice%3Ateam1/members is matched by no router (owner groups)",
    );
    expect(problems).toContain("POST /teams: /teams is matched by no router (owner groups)");
    const failedRows = new Set(problems.map((problem) => problem.split(":")[0]));
    expect([...failedRows].sort()).toEqual(
      rows
        .filter((row) => row.path.startsWith("/teams"))
        .map((row) => `${row.method} ${row.path}`)
        .sort(),
    );
  });

  it("fails when the exact root path is deleted", () => {
    const problems = problemsWith(
      edited("identity-session", (routes) => routes.filter((route) => route.kind !== "path")),
    );
    expect(problems).toEqual(["GET /: / is matched by no router (owner identity-session)"]);
  });

  it("fails naming the row when another service's router wins", () => {
    const stolen = edited("data", (routes) => [...routes, { kind: "pathPrefix", value: "/teams/", priority: 500 }]);
    expect(problemsWith(stolen)).toContain(
      "GET /teams/{name}: /teams/sample-1 goes to data (router data-teams, priority 500), not to groups",
    );
  });

  it("fails when another service's router ties with the owner's", () => {
    const tie = edited("data", (routes) => [
      ...routes,
      { kind: "pathPrefix", value: "/tea", priority: defaultPriority("PathPrefix(`/teams`)") },
    ]);
    expect(problemsWith(tie)).toContain(
      "GET /teams: /teams is ambiguous: groups-teams and data-tea (data) both have priority 20",
    );
  });

  it("fails when the entrypoint refuses an escape a row's parameters need", () => {
    const problems = problemsWith(services, { policy: { ...policy, allowEncodedSlash: false } });
    expect(problems).toContain(
      "GET /teams/{name}/members: /teams/folder%2Fsub%2Ffile.txt/members is refused by the entrypoint (encoded %2F is not allowed)",
    );
  });
});
