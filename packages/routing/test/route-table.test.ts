import { describe, expect, it } from "vitest";
import { RoutesFileError, RouteTable, routersOf, type ServiceRoutes } from "../src/index.js";

const service = (name: string, routes: ServiceRoutes["routes"]): ServiceRoutes => ({
  service: name,
  port: 1,
  routes,
  nodeArgs: [],
  file: `services/${name}/routes.yml`,
});

describe("router selection", () => {
  const table = new RouteTable(
    routersOf([
      service("apps", [{ kind: "pathPrefix", value: "/apps" }]),
      service("comments", [{ kind: "pathPrefix", value: "/apps/x/comments" }]),
      service("home", [{ kind: "path", value: "/" }]),
    ]),
  );

  it("names routers after service and path, with the rule length as explicit priority", () => {
    expect(table.routers.map(({ name, rule, priority }) => ({ name, rule, priority }))).toEqual([
      { name: "comments-apps-x-comments", rule: "PathPrefix(`/apps/x/comments`)", priority: 30 },
      { name: "apps-apps", rule: "PathPrefix(`/apps`)", priority: 19 },
      { name: "home-root-exact", rule: "Path(`/`)", priority: 9 },
    ]);
  });

  it("lets the longer rule win where prefixes nest", () => {
    expect(table.match({ path: "/apps/x/comments/1" })?.service).toBe("comments");
    expect(table.match({ path: "/apps/x" })?.service).toBe("apps");
    expect(table.match({ path: "/" })?.service).toBe("home");
    expect(table.match({ path: "/uuid" })).toBeUndefined();
  });

  it("refuses two routes of a service that would make one router name, which Traefik would keep only once", () => {
    const clashing = service("data", [
      { kind: "pathPrefix", value: "/secured/file-io" },
      { kind: "pathPrefix", value: "/secured/file/io" },
    ]);
    expect(() => routersOf([clashing])).toThrow(
      new RoutesFileError(
        "services/data/routes.yml: the routes PathPrefix(`/secured/file-io`) and PathPrefix(`/secured/file/io`) " +
          "would both be Traefik's router data-secured-file-io",
      ),
    );
    // A path and a prefix of the same value are told apart, and so are two services' routes.
    expect(
      routersOf([
        service("data", [
          { kind: "path", value: "/secured/file-io" },
          { kind: "pathPrefix", value: "/secured/file-io" },
        ]),
        service("groups", [{ kind: "pathPrefix", value: "/secured/file-io" }]),
      ]).map((router) => router.name),
    ).toEqual(["data-secured-file-io-exact", "data-secured-file-io", "groups-secured-file-io"]);
  });

  it("lets an explicit priority override the rule length", () => {
    const overridden = new RouteTable(
      routersOf([
        service("apps", [{ kind: "pathPrefix", value: "/apps", priority: 100 }]),
        service("comments", [{ kind: "pathPrefix", value: "/apps/x/comments" }]),
      ]),
    );
    expect(overridden.match({ path: "/apps/x/comments/1" })?.service).toBe("apps");
    expect(overridden.matching({ path: "/apps/x/comments/1" }).map((router) => router.service)).toEqual([
      "apps",
      "comments",
    ]);
  });
});
