import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { DEFAULT_PORTS, DEV_ISSUER } from "@de-gateway/backend-simulators";
import { DEVELOPMENT_STACK_SETTING } from "@de-gateway/backend-simulators/ports";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  COMPOSE_DIR,
  DEVELOPMENT_COMPOSE,
  generatedComposeFiles,
  layerFile,
  ROOT_COMPOSE,
  TRAEFIK_COMPOSE,
  teamFile,
} from "../src/compose-files.js";
import { generatedDevToolsFile } from "../src/dev-tools-file.js";
import { GENERATE_COMMAND } from "../src/dockerfiles.js";
import { documentSources, platformVariables, SERVICE_NAME_SETTING } from "../src/platform-environment.js";
import { configSchemaOf, serviceSettings } from "../src/service-settings.js";
import { gatewayServices, root } from "../src/workspace.js";
import { fromRoot, type RenderedService, readCompose, renderCompose } from "./compose-model.js";
import { readDockerfile } from "./dockerfile-model.js";
import { DEPLOYERS_TRACING } from "./tracing-settings.js";
import { composeSchemaErrors } from "./upstream-schemas.js";

const gatewayNames = gatewayServices.map(({ service }) => service);
const settingsOf = async (name: string) =>
  serviceSettings(
    gatewayServices.find(({ service }) => service === name) ?? (gatewayServices[0] as never),
    await configSchemaOf(root, name),
    gatewayServices,
  );
const named = (services: RenderedService[], name: string) => {
  const found = services.find((service) => service.name === name);
  if (!found) throw new Error(`no service ${name}`);
  return found;
};
/** Every host path a service mounts, from the repository root. */
const mounts = (service: RenderedService) =>
  (service.definition.volumes ?? []).map((volume) => fromRoot(service, volume.split(":")[0] as string));

const generated = await generatedComposeFiles(gatewayServices, root);
const composeFiles = [...generated.keys(), ...gatewayNames.map(teamFile)];

/** Every production variable, given a value a real platform could have. */
const productionEnvironment = async () => {
  const environment: Record<string, string> = {};
  for (const name of gatewayNames) {
    const { required, optional } = await settingsOf(name);
    for (const variable of [...required, ...optional])
      environment[variable] = `https://platform.example.org/${variable}`;
  }
  return environment;
};
const development = renderCompose(DEVELOPMENT_COMPOSE);

describe("the compose files", () => {
  it.each([...new Set(composeFiles)])("%s is valid against the compose-spec schema", (file) => {
    expect(composeSchemaErrors(readCompose(file))).toEqual([]);
  });

  it("fail the compose-spec schema with a misspelt service, healthcheck, dependency or include field", () => {
    type Loose = Record<string, Record<string, Record<string, Record<string, unknown>>>>;
    const misspelt = (file: string, edit: (document: Loose) => void) => {
      const document = structuredClone(readCompose(file)) as unknown as Loose;
      edit(document);
      return composeSchemaErrors(document);
    };
    const typo = (field: string) => expect.stringMatching(new RegExp(`additional properties: ${field}$`));
    const firstService = (document: Loose) => Object.values(document.services ?? {})[0] ?? {};
    expect(
      misspelt(TRAEFIK_COMPOSE, (document) => Object.assign(firstService(document), { volume: [] })),
    ).toContainEqual(typo("volume"));
    expect(
      misspelt(teamFile(gatewayNames[0] as string), (document) => {
        const service = firstService(document);
        service.healthcheck = { ...service.healthcheck, intervall: "5s" };
      }),
    ).toContainEqual(typo("intervall"));
    expect(
      misspelt(TRAEFIK_COMPOSE, (document) => {
        const dependencies = firstService(document).depends_on as Record<string, Record<string, unknown>>;
        Object.assign(Object.values(dependencies)[0] ?? {}, { conditon: "service_healthy" });
      }),
    ).toContainEqual(typo("conditon"));
    expect(
      misspelt(ROOT_COMPOSE, (document) => Object.assign(document, { includes: document.include })),
    ).toContainEqual(typo("includes"));
  });

  it("are the generator's, and deploy/compose holds nothing else", () => {
    for (const [file, text] of generated) {
      expect(
        readFileSync(join(root, file), "utf8"),
        `${file} is stale or edited by hand: run ${GENERATE_COMMAND}`,
      ).toBe(text);
    }
    const onDisk = (
      readdirSync(join(root, COMPOSE_DIR), { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[]
    )
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)));
    expect(onDisk.sort()).toEqual([...generated.keys()].filter((file) => file.startsWith(`${COMPOSE_DIR}/`)).sort());
  });

  it("give the services nothing of the platform in their own files: the layers do", () => {
    const platform = platformVariables();
    for (const name of gatewayNames) {
      const own = readCompose(teamFile(name)).services?.[name];
      expect(
        Object.keys(own?.environment ?? {}).filter((variable) => platform.has(variable)),
        name,
      ).toEqual([]);
      expect(own?.depends_on, name).toBeUndefined();
    }
  });

  it.each([
    ["production", ROOT_COMPOSE],
    ["development", DEVELOPMENT_COMPOSE],
  ])("run Traefik on 127.0.0.1:8080 only in %s, and each service from its own Dockerfile", async (_layer, entry) => {
    const services = entry === ROOT_COMPOSE ? renderCompose(entry, await productionEnvironment()) : development;
    const publishing = services.filter((service) => service.definition.ports?.length);
    expect(publishing.map((service) => service.name)).toEqual(["traefik"]);
    expect(named(services, "traefik").definition.ports).toEqual(["127.0.0.1:8080:8080"]);
    expect(named(services, "traefik").definition.image).toMatch(/^traefik:v3\.\d+\.\d+$/);
    for (const name of gatewayNames) {
      const service = named(services, name);
      expect(fromRoot(service, service.definition.build?.context ?? ""), name).toBe(".");
      expect(service.definition.build?.dockerfile).toBe(`services/${name}/Dockerfile`);
      expect(service.definition.container_name, "replicas need no fixed name").toBeUndefined();
    }
    expect(Object.keys(named(services, "traefik").definition.depends_on ?? {}).sort()).toEqual(
      [...gatewayNames].sort(),
    );
    for (const service of services) {
      for (const [dependency, { condition }] of Object.entries(service.definition.depends_on ?? {})) {
        expect(condition, `${service.name} → ${dependency}`).toBe("service_healthy");
      }
      for (const path of mounts(service)) expect(existsSync(join(root, path)), path).toBe(true);
      const build = service.definition.build;
      const imageHealthcheck =
        build !== undefined &&
        readDockerfile(join(root, fromRoot(service, build.context), build.dockerfile))
          .at(-1)
          ?.steps.some((step) => step.keyword === "HEALTHCHECK");
      expect(service.definition.healthcheck !== undefined || imageHealthcheck, `${service.name} healthcheck`).toBe(
        true,
      );
    }
    expect(named(services, "docs").definition.environment?.OPENAPI_SOURCES).toBe(documentSources(gatewayServices));
  });
});

describe("the production stack (docker-compose.yml)", () => {
  it("will not render without the platform's settings, naming every required one", async () => {
    let failure = "";
    try {
      renderCompose(ROOT_COMPOSE);
    } catch (error) {
      failure = (error as Error).message;
    }
    for (const name of gatewayNames) {
      for (const variable of (await settingsOf(name)).required) {
        expect(failure).toContain(`required variable ${variable} is missing a value`);
      }
    }
    expect(failure).toContain("AUTH_JWKS_URL");
    expect(failure).toContain("AUTH_ISSUER");
    expect(failure).toContain("DATACITE_PASSWORD");
  });

  it("takes every platform variable from the environment: the required with :? and a message, the others with :-", async () => {
    for (const name of gatewayNames) {
      const { required, optional, identity } = await settingsOf(name);
      const fragment = layerFile("production", name);
      const { [SERVICE_NAME_SETTING]: serviceName, ...environment } = existsSync(join(root, fragment))
        ? (readCompose(fragment).services?.[name]?.environment ?? {})
        : {};
      expect(serviceName, name).toBe(identity[SERVICE_NAME_SETTING]);
      expect(Object.keys(environment).sort(), name).toEqual([...required, ...optional].sort());
      for (const [variable, value] of Object.entries(environment)) {
        const form = /^\$\{(\w+):(\?[^}$]+|-)\}$/.exec(value);
        expect(form?.[1], `${name} ${variable}: ${value}`).toBe(variable);
        expect(form?.[2]?.startsWith("?"), `${name} ${variable} required`).toBe(required.includes(variable));
      }
      const rendered = named(renderCompose(ROOT_COMPOSE, await productionEnvironment()), name).definition.environment;
      for (const variable of [...required, ...optional]) {
        expect(rendered?.[variable]).toBe(`https://platform.example.org/${variable}`);
      }
    }
  });

  it.each(gatewayNames)(
    "passes %s the deployer's OpenTelemetry settings, none required (empty: tracing off), and its own name",
    async (name) => {
      const fragment = readCompose(layerFile("production", name)).services?.[name]?.environment ?? {};
      expect(fragment).toMatchObject({
        OTEL_SERVICE_NAME: name,
        ...Object.fromEntries(DEPLOYERS_TRACING.map((variable) => [variable, `\${${variable}:-}`])),
      });
      const withoutTracing = Object.fromEntries(
        Object.entries(await productionEnvironment()).filter(([variable]) => !variable.startsWith("OTEL_")),
      );
      const rendered = named(renderCompose(ROOT_COMPOSE, withoutTracing), name).definition.environment ?? {};
      for (const variable of DEPLOYERS_TRACING) expect(rendered[variable], variable).toBe("");
    },
  );

  it("has no simulator, development identity provider, development route or simulator address", async () => {
    const services = renderCompose(ROOT_COMPOSE, await productionEnvironment());
    expect(services.map((service) => service.name).sort()).toEqual([...gatewayNames, "traefik"].sort());
    const text = JSON.stringify(services);
    for (const trace of ["simulators", "localhost", DEV_ISSUER, "dev-tools", DEVELOPMENT_STACK_SETTING, "demo"]) {
      expect(text, trace).not.toContain(trace);
    }
    for (const port of Object.values(DEFAULT_PORTS)) expect(text).not.toMatch(new RegExp(`:${port}\\b`));
    expect(mounts(named(services, "traefik")).sort()).toEqual([
      "deploy/traefik/dynamic/routers.yml",
      "deploy/traefik/traefik.yml",
    ]);
  });
});

describe("the development stack (deploy/compose/development.yml)", () => {
  it("adds the simulators, told this is a development stack, and the development routes to Traefik", () => {
    expect(development.map((service) => service.name).sort()).toEqual(
      [...gatewayNames, "simulators", "traefik"].sort(),
    );
    const simulators = named(development, "simulators");
    expect(fromRoot(simulators, simulators.definition.build?.context ?? "")).toBe(".");
    expect(simulators.definition.build?.dockerfile).toBe("packages/backend-simulators/Dockerfile");
    expect(simulators.definition.environment).toMatchObject({ SIM_HOST: "0.0.0.0", [DEVELOPMENT_STACK_SETTING]: "1" });
    expect(mounts(named(development, "traefik"))).toContain("deploy/traefik/development/dev-tools.yml");
    expect(readFileSync(join(root, TRAEFIK_COMPOSE), "utf8")).not.toContain("dev-tools");
  });

  it.each(gatewayNames)("has %s export its spans, under its name, to the simulators' trace receiver", (name) => {
    const environment = named(development, name).definition.environment;
    expect(environment).toMatchObject({
      OTEL_SERVICE_NAME: name,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://simulators:${DEFAULT_PORTS.traces}`,
      OTEL_TRACES_SAMPLER: "parentbased_always_on",
    });
    // In the services' default encoding, protobuf, which the receiver takes.
    expect(environment).not.toHaveProperty("OTEL_EXPORTER_OTLP_PROTOCOL");
  });

  it("shows the trace receiver's pages at traces.localhost, through Traefik's one published port", () => {
    const tools = parse(generatedDevToolsFile()) as {
      http: { routers: Record<string, { rule: string; service: string }>; services: Record<string, unknown> };
    };
    expect(tools.http.routers["dev-traces"]).toMatchObject({ rule: "Host(`traces.localhost`)", service: "dev-traces" });
    expect(tools.http.services["dev-traces"]).toMatchObject({
      loadBalancer: { servers: [{ url: `http://simulators:${DEFAULT_PORTS.traces}` }] },
    });
  });

  it.each(gatewayNames)(
    "gives %s what its config.ts requires, the platform's variables pointing at the simulators",
    async (name) => {
      const settings = await settingsOf(name);
      const environment = named(development, name).definition.environment ?? {};
      const reads = Object.keys((await configSchemaOf(root, name)).properties);
      expect(Object.keys(environment).filter((variable) => !reads.includes(variable))).toEqual([]);
      for (const variable of settings.required) expect(environment[variable], variable).toBeDefined();
      expect(environment).toMatchObject(settings.development);
      // Traefik reaches the service on its routes.yml port, where the service listens unless PORT says otherwise.
      expect(environment.PORT).toBeUndefined();
      const usesPlatform = settings.required.length + settings.optional.length > 0;
      expect(Object.keys(named(development, name).definition.depends_on ?? {})).toEqual(
        usesPlatform ? ["simulators"] : [],
      );
    },
  );
});
