import { ConfigError, loadConfig } from "@de-gateway/service-kit";
import { describe, expect, it } from "vitest";
import { type EdgeConfig, edgeConfigSchema, loadEdgeRouting, upstreamsFrom, upstreamVariable } from "../src/index.js";

const { services } = loadEdgeRouting();
const schema = edgeConfigSchema(services);

describe("edge configuration", () => {
  it("listens on 127.0.0.1:8080 and reaches each service on its routes.yml port by default", () => {
    const config = loadConfig(schema, {}) as EdgeConfig;
    expect(config).toMatchObject({ EDGE_PORT: 8080, EDGE_HOST: "127.0.0.1", EDGE_UPSTREAM_TIMEOUT_MS: 60_000 });
    const upstreams = upstreamsFrom(services, config);
    expect(upstreams.get("identity-session")).toBe("http://127.0.0.1:3001");
    expect(upstreams.get("groups")).toBe("http://127.0.0.1:3002");
    expect([...upstreams.keys()].sort()).toEqual(services.map((service) => service.service).sort());
  });

  it("takes one UPSTREAM_<SERVICE> variable per service", () => {
    expect(upstreamVariable("identity-session")).toBe("UPSTREAM_IDENTITY_SESSION");
    const config = loadConfig(schema, { UPSTREAM_IDENTITY_SESSION: "http://session.internal:9000/" }) as EdgeConfig;
    expect(upstreamsFrom(services, config).get("identity-session")).toBe("http://session.internal:9000");
  });

  it("refuses an upstream that is not an origin, naming the variable", () => {
    expect(() => loadConfig(schema, { UPSTREAM_GROUPS: "groups:3002" })).toThrow(ConfigError);
    expect(() => loadConfig(schema, { UPSTREAM_GROUPS: "http://groups:3002/teams" })).toThrow(/UPSTREAM_GROUPS/);
    expect(() => loadConfig(schema, { EDGE_PORT: "eighty" })).toThrow(/EDGE_PORT/);
  });
});
