import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { dynamicConfig, renderDynamicConfig, routersOf, type ServiceRoutes } from "../src/index.js";

const groups: ServiceRoutes = {
  service: "groups",
  port: 3002,
  file: "services/groups/routes.yml",
  routes: [{ kind: "pathPrefix", value: "/teams" }],
  nodeArgs: [],
};
const notifications: ServiceRoutes = {
  service: "notifications",
  port: 3004,
  file: "services/notifications/routes.yml",
  routes: [{ kind: "pathPrefix", value: "/send-notification", internal: true }],
  nodeArgs: [],
};

describe("Traefik dynamic configuration", () => {
  const config = dynamicConfig([groups], routersOf([groups]), {
    entryPoint: "web",
    internalEntryPoint: "platform",
    upstreamUrl: (service) => `http://${service.service}:${service.port}`,
    healthCheckPath: "/readyz",
  });

  it("has one router per route and one load-balanced service per service", () => {
    expect(config).toEqual({
      http: {
        routers: {
          "groups-teams": { rule: "PathPrefix(`/teams`)", priority: 20, entryPoints: ["web"], service: "groups" },
        },
        services: {
          groups: {
            loadBalancer: {
              servers: [{ url: "http://groups:3002" }],
              passHostHeader: true,
              healthCheck: { path: "/readyz", interval: "10s", timeout: "3s" },
            },
          },
        },
      },
    });
  });

  it("puts the routers of internal routes on the internal entrypoint only", () => {
    const both = dynamicConfig([groups, notifications], routersOf([groups, notifications]), {
      entryPoint: "web",
      internalEntryPoint: "platform",
      upstreamUrl: (service) => `http://${service.service}:${service.port}`,
      healthCheckPath: "/readyz",
    });
    expect(both.http.routers["notifications-send-notification"]?.entryPoints).toEqual(["platform"]);
    expect(both.http.routers["groups-teams"]?.entryPoints).toEqual(["web"]);
  });

  it("renders as YAML under a comment header", () => {
    const text = renderDynamicConfig(config, "Generated.\nDo not edit.");
    expect(text.startsWith("# Generated.\n# Do not edit.\nhttp:\n")).toBe(true);
    expect(parse(text)).toEqual(config);
  });
});
