import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readCatalogue } from "@de-gateway/catalogue";
import {
  compileRule,
  OPERATOR_PATHS,
  type Router,
  RouteTable,
  readEntryPointSettings,
  routingProblems,
  TRAEFIK_ROUTERS_FILE,
  TRAEFIK_STATIC_CONFIG,
} from "@de-gateway/routing";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ENTRY_POINT, generatedRoutersFile } from "../src/routers-file.js";
import { gatewayServices, root } from "../src/workspace.js";
import { DynamicConfigSchema } from "./traefik-schemas.js";

type Dynamic = {
  http: {
    routers: Record<string, Omit<Router, "name"> & { entryPoints: string[] }>;
    services: Record<string, unknown>;
  };
};

const dynamicDir = join(root, "deploy/traefik/dynamic");
const files = readdirSync(dynamicDir).filter((name) => name.endsWith(".yml"));
const documents = new Map(files.map((name) => [name, parse(readFileSync(join(dynamicDir, name), "utf8")) as Dynamic]));
const allRouters: Router[] = [...documents.values()].flatMap((document) =>
  Object.entries(document.http.routers).map(([name, router]) => ({ name, ...router })),
);
const staticSettings = readEntryPointSettings(join(root, TRAEFIK_STATIC_CONFIG), ENTRY_POINT);

describe("Traefik dynamic configuration", () => {
  it("is up to date with the services' routes.yml files", () => {
    expect(
      readFileSync(join(root, TRAEFIK_ROUTERS_FILE), "utf8"),
      `${TRAEFIK_ROUTERS_FILE} is stale: run pnpm --filter @de-gateway/traefik generate`,
    ).toBe(generatedRoutersFile(root));
  });

  it.each(files)("%s uses only the file-provider settings the pinned version knows", (name) => {
    const errors = [...Value.Errors(DynamicConfigSchema, documents.get(name))];
    expect(errors.map((error) => `${error.instancePath} ${error.message}`)).toEqual([]);
  });

  it("has rules that compile, entrypoints that exist and services that are defined", () => {
    const services = new Set([...documents.values()].flatMap((document) => Object.keys(document.http.services)));
    const names = allRouters.map((router) => router.name);
    expect(new Set(names).size).toBe(names.length);
    for (const router of allRouters) {
      expect(() => compileRule(router.rule)).not.toThrow();
      expect(services.has(router.service), `${router.name} names an undefined service`).toBe(true);
    }
    const entryPoints = parse(readFileSync(join(root, TRAEFIK_STATIC_CONFIG), "utf8")).entryPoints;
    for (const router of Object.values(documents.get("routers.yml")?.http.routers ?? {})) {
      expect(router.entryPoints.every((entryPoint) => entryPoint in entryPoints)).toBe(true);
    }
  });

  it("sends every catalogue row, %3A and %2F values included, to exactly its owning service", () => {
    const problems = routingProblems(readCatalogue(), new RouteTable(allRouters), {
      policy: staticSettings.policy,
      host: "localhost:8080",
    });
    expect(problems).toEqual([]);
  });

  it("routes each service to its compose service on its routes.yml port, checked through /readyz", () => {
    const routersFile = documents.get("routers.yml") as unknown as {
      http: {
        services: Record<string, { loadBalancer: { servers: Array<{ url: string }>; healthCheck: { path: string } } }>;
      };
    };
    expect(Object.keys(routersFile.http.services).sort()).toEqual(gatewayServices.map(({ service }) => service).sort());
    for (const { service, port } of gatewayServices) {
      const { loadBalancer } = routersFile.http.services[service] ?? { loadBalancer: undefined };
      expect(loadBalancer?.servers).toEqual([{ url: `http://${service}:${port}` }]);
      expect(loadBalancer?.healthCheck.path).toBe("/readyz");
    }
  });

  it("routes none of the operator paths (/metrics, /healthz, /readyz) through the public entrypoint", () => {
    const table = new RouteTable(allRouters);
    for (const path of OPERATOR_PATHS) expect(table.match({ path, host: "localhost:8080" }), path).toBeUndefined();
    expect(table.match({ path: "/openapi.json", host: "localhost:8080" })?.service).toBe("docs");
    expect(table.match({ path: "/docs/assets/swagger-ui.css", host: "localhost:8080" })?.service).toBe("docs");
  });

  it("reaches the development tools only by their own host names", () => {
    const table = new RouteTable(allRouters);
    expect(table.match({ path: "/messages", host: "inbox.localhost:8080" })?.service).toBe("dev-inbox");
    expect(table.match({ path: "/teams", host: "inbox.localhost:8080" })?.service).toBe("dev-inbox");
    expect(table.match({ path: "/token/alice", host: "idp.localhost:8080" })?.service).toBe("dev-idp");
    expect(table.match({ path: "/messages", host: "localhost:8080" })).toBeUndefined();
    expect(table.match({ path: "/teams", host: "gateway.example.org" })?.service).toBe("groups");
  });
});
