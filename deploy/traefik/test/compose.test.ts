import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TObject } from "typebox";
import { describe, expect, it } from "vitest";
import { DOCS_COMPOSE, generatedDocsCompose, generatedRootCompose, ROOT_COMPOSE } from "../src/compose-files.js";
import { GENERATE_COMMAND } from "../src/dockerfiles.js";
import { documentSources, simulatorsEnvironment } from "../src/platform-environment.js";
import { gatewayServices, root } from "../src/workspace.js";
import {
  type ComposeService,
  composeSchemaErrors,
  composeServices,
  fromRoot,
  includedComposeFiles,
  readCompose,
  rootCompose,
} from "./compose-model.js";
import { readDockerfile } from "./dockerfile-model.js";

const configOf = async (name: string) =>
  ((await import(join(root, "services", name, "src", "config.ts"))) as { Config: TObject }).Config;
const named = (name: string) => composeServices.find((service) => service.name === name) as ComposeService;
const gatewayNames = gatewayServices.map(({ service }) => service);

const platformEnvironment = simulatorsEnvironment();

describe("docker-compose", () => {
  it.each(["docker-compose.yml", ...includedComposeFiles])("%s is valid against the compose-spec schema", (file) => {
    expect(composeSchemaErrors(readCompose(file).document)).toEqual([]);
  });

  it("is the generator's: the root file's includes and Traefik's dependencies, and the docs service's sources", () => {
    const onDisk = (file: string) => readFileSync(join(root, file), "utf8");
    expect(onDisk(ROOT_COMPOSE), `${ROOT_COMPOSE} is stale or edited by hand: run ${GENERATE_COMMAND}`).toBe(
      generatedRootCompose(gatewayServices, root),
    );
    expect(onDisk(DOCS_COMPOSE), `${DOCS_COMPOSE}'s OPENAPI_SOURCES is stale: run ${GENERATE_COMMAND}`).toBe(
      generatedDocsCompose(gatewayServices, root),
    );
  });

  it("includes each service's own compose.yml, for every service with a routes.yml", () => {
    expect(rootCompose.document.name).toBe("de-gateway");
    expect([...includedComposeFiles].sort()).toEqual(gatewayNames.map((name) => `services/${name}/compose.yml`).sort());
    for (const name of gatewayNames) expect(named(name)?.file).toBe(`services/${name}/compose.yml`);
  });

  it("defines each service once: the gateway services, Traefik and the simulators", () => {
    const names = composeServices.map((service) => service.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual([...gatewayNames, "simulators", "traefik"].sort());
  });

  it("builds each service from its own Dockerfile with the repository root as context", () => {
    for (const name of gatewayNames) {
      const service = named(name);
      expect(fromRoot(service, service.definition.build?.context ?? "")).toBe(".");
      expect(service.definition.build?.dockerfile).toBe(`services/${name}/Dockerfile`);
    }
    const simulators = named("simulators");
    expect(fromRoot(simulators, simulators.definition.build?.context ?? "")).toBe(".");
    expect(simulators.definition.build?.dockerfile).toBe("packages/backend-simulators/Dockerfile");
    expect(simulators.definition.environment?.SIM_HOST).toBe("0.0.0.0");
  });

  it("runs a pinned Traefik v3 image, the only service with a published port", () => {
    expect(named("traefik").definition.image).toMatch(/^traefik:v3\.\d+\.\d+$/);
    const publishing = composeServices.filter((service) => service.definition.ports?.length);
    expect(publishing.map((service) => service.name)).toEqual(["traefik"]);
    expect(named("traefik").definition.ports).toEqual(["8080:8080"]);
  });

  it("lets services scale: no fixed container names, no host ports", () => {
    for (const service of composeServices) expect(service.definition.container_name).toBeUndefined();
  });

  it("has a healthcheck on every service, in compose or in the image", () => {
    for (const service of composeServices) {
      const build = service.definition.build;
      const imageHealthcheck =
        build !== undefined &&
        readDockerfile(join(root, fromRoot(service, build.context), build.dockerfile))
          .at(-1)
          ?.steps.some((step) => step.keyword === "HEALTHCHECK");
      expect(
        service.definition.healthcheck !== undefined || imageHealthcheck,
        `${service.name} has no healthcheck`,
      ).toBe(true);
    }
  });

  it("starts Traefik after every service is healthy, and every service using the platform after the simulators", async () => {
    for (const service of composeServices) {
      for (const [dependency, { condition }] of Object.entries(service.definition.depends_on ?? {})) {
        expect(condition, `${service.name} → ${dependency}`).toBe("service_healthy");
      }
    }
    expect(Object.keys(named("traefik").definition.depends_on ?? {}).sort()).toEqual([...gatewayNames].sort());
    for (const name of gatewayNames) {
      const usesPlatform = Object.keys((await configOf(name)).properties).some(
        (variable) => variable in platformEnvironment,
      );
      // docs calls no backend: it asks the services for their documents when its own is requested.
      expect(Object.keys(named(name).definition.depends_on ?? {}), name).toEqual(usesPlatform ? ["simulators"] : []);
    }
  });

  it("merges the documents of every other service, as Traefik reaches them", () => {
    expect(named("docs").definition.environment?.OPENAPI_SOURCES).toBe(documentSources(gatewayServices));
  });

  it.each(gatewayNames)("gives %s the environment its config.ts requires, pointing at the simulators", async (name) => {
    const Config = await configOf(name);
    const environment = named(name).definition.environment ?? {};
    const settings = Object.keys(Config.properties);
    const unknown = Object.keys(environment).filter((variable) => !settings.includes(variable));
    expect(unknown, `${name} sets variables its config does not read`).toEqual([]);
    const withoutDefault = (Config.required ?? []).filter(
      (variable) => (Config.properties[variable] as { default?: unknown }).default === undefined,
    );
    const missing = withoutDefault.filter((variable) => !(variable in environment));
    expect(missing, `${name} lacks required variables`).toEqual([]);
    for (const [variable, value] of Object.entries(platformEnvironment)) {
      if (settings.includes(variable)) expect(environment[variable], `${name} ${variable}`).toBe(value);
    }
    // Traefik reaches the service on its routes.yml port, where the service listens unless PORT says otherwise.
    const port = gatewayServices.find(({ service }) => service === name)?.port;
    expect(environment.PORT ?? (Config.properties.PORT as { default?: number }).default).toBe(port);
  });

  it("mounts only files that exist", () => {
    for (const volume of named("traefik").definition.volumes ?? []) {
      expect(existsSync(join(root, volume.split(":")[0] ?? ""))).toBe(true);
    }
  });
});
