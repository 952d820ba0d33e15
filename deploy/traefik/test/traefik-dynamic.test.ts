import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
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
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { DEV_TOOLS_FILE } from "../src/compose-files.js";
import { generatedDevToolsFile } from "../src/dev-tools-file.js";
import { ENTRY_POINT, generatedRoutersFile } from "../src/routers-file.js";
import { gatewayServices, root } from "../src/workspace.js";
import { traefikDynamicErrors } from "./upstream-schemas.js";

type Dynamic = {
  http: {
    routers: Record<string, Omit<Router, "name"> & { entryPoints: string[] }>;
    services: Record<string, unknown>;
  };
};

// What every stack mounts (the routers), and what the development stack mounts beside it (its routes).
const files = [TRAEFIK_ROUTERS_FILE, DEV_TOOLS_FILE];
const documents = new Map(files.map((file) => [file, parse(readFileSync(join(root, file), "utf8")) as Dynamic]));
const routersOfFiles = (...names: string[]): Array<Router & { entryPoints: string[] }> =>
  names.flatMap((file) =>
    Object.entries(documents.get(file)?.http.routers ?? {}).map(([name, router]) => ({ name, ...router })),
  );
/** The development stack's routers; every other stack has those of routers.yml alone. */
const allRouters = routersOfFiles(...files);
const staticSettings = readEntryPointSettings(join(root, TRAEFIK_STATIC_CONFIG), ENTRY_POINT);

describe("Traefik dynamic configuration", () => {
  it("is up to date with the services' routes.yml files, and the development routes are the generator's", () => {
    expect(
      readFileSync(join(root, TRAEFIK_ROUTERS_FILE), "utf8"),
      `${TRAEFIK_ROUTERS_FILE} is stale: run pnpm --filter @de-gateway/traefik generate`,
    ).toBe(generatedRoutersFile(root));
    expect(readFileSync(join(root, DEV_TOOLS_FILE), "utf8"), `${DEV_TOOLS_FILE} is stale`).toBe(
      generatedDevToolsFile(),
    );
  });

  it("keeps the development routes out of the folder every stack mounts", () => {
    expect(readdirSync(join(root, dirname(TRAEFIK_ROUTERS_FILE)))).toEqual([basename(TRAEFIK_ROUTERS_FILE)]);
    expect(dirname(DEV_TOOLS_FILE)).not.toBe(dirname(TRAEFIK_ROUTERS_FILE));
  });

  it.each(files)("%s is valid against SchemaStore's Traefik v3 file-provider schema, made strict", (name) => {
    expect(traefikDynamicErrors(documents.get(name))).toEqual([]);
  });

  it("fails that schema with a misspelt router, service or health-check field", () => {
    const misspelt = (edit: (document: Dynamic) => void) => {
      const document = structuredClone(documents.get(TRAEFIK_ROUTERS_FILE) as Dynamic);
      edit(document);
      return traefikDynamicErrors(document);
    };
    const router = (document: Dynamic) => Object.values(document.http.routers)[0] as Record<string, unknown>;
    const service = (document: Dynamic) =>
      Object.values(document.http.services)[0] as { loadBalancer: Record<string, Record<string, unknown>> };
    expect(misspelt((document) => Object.assign(router(document), { entrypoints: ["web"] }))).toContainEqual(
      expect.stringMatching(/additional properties: entrypoints$/),
    );
    expect(
      misspelt((document) => Object.assign(service(document).loadBalancer, { passHostHeaders: true })),
    ).toContainEqual(expect.stringMatching(/additional properties: passHostHeaders$/));
    expect(
      misspelt((document) => Object.assign(service(document).loadBalancer.healthCheck ?? {}, { intervall: "5s" })),
    ).toContainEqual(expect.stringMatching(/additional properties: intervall$/));
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
    for (const router of routersOfFiles(...files)) {
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
    const routersFile = documents.get(TRAEFIK_ROUTERS_FILE) as unknown as {
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

  it("reaches the development tools only by their own host names, and only in the development stack", () => {
    const table = new RouteTable(allRouters);
    expect(table.match({ path: "/messages", host: "inbox.localhost:8080" })?.service).toBe("dev-inbox");
    expect(table.match({ path: "/teams", host: "inbox.localhost:8080" })?.service).toBe("dev-inbox");
    expect(table.match({ path: "/token/alice", host: "idp.localhost:8080" })?.service).toBe("dev-idp");
    expect(table.match({ path: "/messages", host: "localhost:8080" })).toBeUndefined();
    expect(table.match({ path: "/teams", host: "gateway.example.org" })?.service).toBe("groups");
    const everyStack = new RouteTable(routersOfFiles(TRAEFIK_ROUTERS_FILE));
    expect(everyStack.match({ path: "/token/carol", host: "idp.localhost:8080" })?.service).not.toBe("dev-idp");
    expect(everyStack.match({ path: "/clients", host: "idp.localhost" })).toBeUndefined();
    const services = JSON.stringify(documents.get(TRAEFIK_ROUTERS_FILE)?.http.services);
    expect(services).not.toContain("simulators");
  });
});
