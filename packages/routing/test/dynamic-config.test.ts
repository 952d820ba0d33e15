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

describe("Traefik dynamic configuration", () => {
  const config = dynamicConfig([groups], routersOf([groups]), {
    entryPoint: "web",
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

  it("renders as YAML under a comment header", () => {
    const text = renderDynamicConfig(config, "Generated.\nDo not edit.");
    expect(text.startsWith("# Generated.\n# Do not edit.\nhttp:\n")).toBe(true);
    expect(parse(text)).toEqual(config);
  });
});
