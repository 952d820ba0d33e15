import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_PORTS, DEV_ISSUER } from "@de-gateway/backend-simulators";
import { DEVELOPMENT_STACK_SETTING } from "@de-gateway/backend-simulators/ports";
import { readCatalogue } from "@de-gateway/catalogue";
import {
  loadServiceRoutes,
  type Router,
  RouteTable,
  readEntryPointSettings,
  routersOf,
  routingProblems,
  TRAEFIK_STATIC_CONFIG,
} from "@de-gateway/routing";
import { DEFAULT_GRACE_MS } from "@de-gateway/service-kit";
import type { IDeployment } from "kubernetes-models/apps/v1";
import type { IHorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import type { IPodDisruptionBudget } from "kubernetes-models/policy/v1";
import type { IService } from "kubernetes-models/v1";
import type { TObject } from "typebox";
import { describe, expect, it } from "vitest";
import { TRAEFIK_COMPOSE } from "../src/compose-files.js";
import {
  BASE_DIR,
  DEPLOYER_FILES,
  DEVELOPMENT_DIR,
  exampleOf,
  generatedKubernetesFiles,
  K8S_DIR,
  PLATFORM_SECRETS,
  PLATFORM_SETTINGS,
  PRODUCTION_DIR,
} from "../src/k8s/files.js";
import { PRE_STOP_SECONDS } from "../src/k8s/manifests.js";
import { platformVariables } from "../src/platform-environment.js";
import { ENTRY_POINT } from "../src/routers-file.js";
import { configSchemaOf, serviceSettings } from "../src/service-settings.js";
import { gatewayServices, root } from "../src/workspace.js";
import { filesOnDisk, type ManifestFile, MODELS, manifests, readYaml } from "./kubernetes-model.js";
import { helmValuesErrors } from "./schemas/traefik-helm-values.js";
import { DEPLOYERS_TRACING } from "./tracing-settings.js";
import {
  kubernetesSchemaErrors,
  kustomizationErrors,
  STRICT_KUBERNETES_KINDS,
  withPlantedField,
} from "./upstream-schemas.js";

const all = manifests();
const find = (kind: string, name: string) =>
  all.find(({ document }) => document.kind === kind && document.metadata.name === name)?.document;
/** The manifest of that kind and name, typed as the schema package types it. */
function named<T>(kind: string, name: string): T {
  const document = find(kind, name);
  if (!document) throw new Error(`no ${kind} ${name} in ${K8S_DIR}`);
  return document as unknown as T;
}
const containersOf = (deployment: IDeployment) => deployment.spec?.template.spec?.containers ?? [];
type Generator = { name: string; behavior?: string; literals?: string[]; envs?: string[]; options?: unknown };
type Replacement = {
  source: { kind: string; name: string; fieldPath: string };
  targets: Array<{ select: { kind: string; name: string }; fieldPaths: string[]; options: { create: boolean } }>;
};
type Kustomization = {
  namespace?: string;
  resources: string[];
  configMapGenerator?: Generator[];
  secretGenerator?: Generator[];
  replacements?: Replacement[];
};
const kustomizationOf = (dir: string) => readYaml<Kustomization>(`${dir}/kustomization.yaml`);
const base = kustomizationOf(BASE_DIR);
const development = kustomizationOf(DEVELOPMENT_DIR);
const production = kustomizationOf(PRODUCTION_DIR);
/** `KEY=value` lines as an object. */
const valuesOf = (lines: string[] = []) =>
  Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
const generator = (generators: Generator[] | undefined, name: string) => generators?.find((each) => each.name === name);

/** Every file a kustomization reaches, from the repository root: its files, and its folders' (their kustomization too). */
function reached(dir: string): string[] {
  return [
    `${dir}/kustomization.yaml`,
    ...kustomizationOf(dir).resources.flatMap((resource) => {
      const path = join(dir, resource);
      return resource.endsWith(".yaml") ? [path] : reached(path);
    }),
  ];
}
const settingsOf = async (service: string) =>
  serviceSettings(
    gatewayServices.find((routes) => routes.service === service) as (typeof gatewayServices)[number],
    await configSchemaOf(root, service),
    gatewayServices,
  );
const referencedSecrets = () =>
  all
    .filter(({ document }) => document.kind === "Deployment")
    .flatMap(({ document }) => containersOf(document as unknown as IDeployment))
    .flatMap((container) => container.envFrom ?? [])
    .flatMap((source) => (source.secretRef?.name ? [source.secretRef.name] : []))
    .sort();

describe("deploy/k8s", () => {
  it("is what the generator makes from routes.yml and the services' configs, nothing more or less", async () => {
    const generated = await generatedKubernetesFiles(root);
    const onDisk = filesOnDisk();
    expect([...onDisk.keys()].sort(), "run corepack pnpm --filter @de-gateway/traefik generate").toEqual(
      [...generated.keys()].sort(),
    );
    for (const [file, text] of generated) expect(onDisk.get(file), `${file} is stale: run the generator`).toBe(text);
  });

  it("holds only objects valid against the Kubernetes and Traefik CRD schemas", () => {
    expect(all.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const { file, document } of all) {
      const Model = MODELS[`${document.apiVersion}/${document.kind}`];
      if (!Model) {
        problems.push(`${file}: no schema for ${document.apiVersion} ${document.kind}`);
        continue;
      }
      try {
        new Model(document as never).validate();
      } catch (error) {
        problems.push(`${file}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("holds only objects valid against the Kubernetes API's JSON schema made strict, as kubeconform -strict checks", () => {
    const problems = all
      .filter(({ document }) => STRICT_KUBERNETES_KINDS.includes(`${document.apiVersion}/${document.kind}`))
      .flatMap(({ file, document }) => kubernetesSchemaErrors(document).map((problem) => `${file}: ${problem}`));
    expect(problems).toEqual([]);
    const kinds = new Set(all.map(({ document }) => `${document.apiVersion}/${document.kind}`));
    expect([...kinds].filter((kind) => !STRICT_KUBERNETES_KINDS.includes(kind))).toEqual([]);
  });

  it("has kustomizations, their ConfigMap and Secret generators included, valid against kustomize's schema made strict", () => {
    const problems = [...filesOnDisk()]
      .filter(([file]) => file.endsWith("kustomization.yaml"))
      .flatMap(([file]) => kustomizationErrors(readYaml(file)).map((problem) => `${file}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it("fails those schemas with a misspelt field in each kind of file", () => {
    const typo = (field: string) => [expect.stringMatching(new RegExp(`additional properties: ${field}$`))];
    const misspelt = <T>(kind: string, name: string, edit: (document: T) => void) => {
      const document = structuredClone(named<T>(kind, name));
      edit(document);
      return kubernetesSchemaErrors(document as never);
    };
    const service = gatewayServices[0]?.service as string;
    const deployment = (edit: (document: IDeployment) => void) => misspelt<IDeployment>("Deployment", service, edit);
    expect(deployment((document) => Object.assign(document.spec ?? {}, { replica: 2 }))).toEqual(typo("replica"));
    expect(
      deployment((document) => Object.assign(containersOf(document)[0] ?? {}, { imagePullPolicyy: "Always" })),
    ).toEqual(typo("imagePullPolicyy"));
    expect(
      deployment((document) =>
        Object.assign(document.spec?.template.spec?.securityContext ?? {}, { runAsNonroot: true }),
      ),
    ).toEqual(typo("runAsNonroot"));
    expect(
      misspelt<IService>("Service", service, (document) =>
        Object.assign(document.spec?.ports?.[0] ?? {}, { targetport: 1 }),
      ),
    ).toEqual(typo("targetport"));
    expect(
      misspelt<IPodDisruptionBudget>("PodDisruptionBudget", service, (document) =>
        Object.assign(document.spec ?? {}, { minAvailible: 1 }),
      ),
    ).toEqual(typo("minAvailible"));
    expect(
      misspelt<IHorizontalPodAutoscaler>("HorizontalPodAutoscaler", service, (document) =>
        Object.assign(document.spec ?? {}, { maxReplica: 4 }),
      ),
    ).toEqual(typo("maxReplica"));
    expect(misspelt("Namespace", "de-gateway", (document: object) => Object.assign(document, { metdata: {} }))).toEqual(
      typo("metdata"),
    );
    type IngressRoute = { spec: { routes: Array<Record<string, unknown>> } };
    expect(
      misspelt<IngressRoute>("IngressRoute", service, (document) => Object.assign(document.spec, { route: [] })),
    ).toEqual(typo("route"));
    expect(
      misspelt<IngressRoute>("IngressRoute", service, (document) =>
        Object.assign(document.spec.routes[0] ?? {}, { middleware: [] }),
      ),
    ).toEqual(typo("middleware"));
    const kustomization = structuredClone(kustomizationOf(`${BASE_DIR}/${service}`)) as Kustomization;
    Object.assign(kustomization.configMapGenerator?.[0] ?? {}, { literal: ["PORT=1"] });
    expect(kustomizationErrors(kustomization)).toEqual(typo("literal"));
  });

  it("applies with kustomize: the base, and two overlays on it, every file reached, one namespace", () => {
    for (const kustomization of [base, development, production]) expect(kustomization.namespace).toBe("de-gateway");
    expect(development.resources).toEqual(["../base", "simulators"]);
    expect(production.resources).toEqual(["../base"]);
    const files = new Set([...reached(DEVELOPMENT_DIR), ...reached(PRODUCTION_DIR)]);
    for (const file of files) expect(existsSync(join(root, file)), file).toBe(true);
    const objects = [...files].filter((file) => !file.endsWith("kustomization.yaml"));
    expect(objects.sort()).toEqual(all.map(({ file }) => file).sort());
    expect(all.every(({ document }) => (document.metadata as { namespace?: string }).namespace === undefined)).toBe(
      true,
    );
  });

  it("gives every container on a read-only root filesystem a writable /tmp, the simulators' files included", () => {
    const deployments = all.filter(({ document }) => document.kind === "Deployment");
    expect(deployments.map(({ document }) => document.metadata.name)).toContain("simulators");
    for (const { document } of deployments) {
      const pod = (document as unknown as IDeployment).spec?.template.spec;
      const emptyDirs = new Set((pod?.volumes ?? []).filter((volume) => volume.emptyDir).map(({ name }) => name));
      for (const container of pod?.containers ?? []) {
        if (!container.securityContext?.readOnlyRootFilesystem) continue;
        const tmp = container.volumeMounts?.find(({ mountPath }) => mountPath === "/tmp");
        expect(tmp && emptyDirs.has(tmp.name), `${document.metadata.name}/${container.name}`).toBe(true);
      }
    }
  });

  it("gives each overlay a Secret for every Secret a Deployment refers to", () => {
    const developmentSecrets = (development.secretGenerator ?? []).map(({ name }) => name).sort();
    const productionSecrets = (production.secretGenerator ?? [])
      .map(({ name }) => name)
      .filter((name) => name !== PLATFORM_SECRETS)
      .sort();
    expect(referencedSecrets()).toEqual(developmentSecrets);
    expect(referencedSecrets()).toEqual(productionSecrets);
    expect(referencedSecrets()).toContain("identity-session-secrets");
  });
});

describe("the development overlay (deploy/k8s/development)", () => {
  it("alone has the simulators, told this is a development stack", () => {
    const simulators = reached(DEVELOPMENT_DIR).filter((file) => file.includes("simulators"));
    expect(simulators.length).toBeGreaterThan(0);
    expect(reached(BASE_DIR).some((file) => file.includes("simulators"))).toBe(false);
    const container = containersOf(named<IDeployment>("Deployment", "simulators"))[0];
    expect(container?.env).toEqual([{ name: DEVELOPMENT_STACK_SETTING, value: "1" }]);
  });
});

describe("the production overlay (deploy/k8s/production)", () => {
  const texts = () => reached(PRODUCTION_DIR).map((file) => [file, readFileSync(join(root, file), "utf8")] as const);

  it("has no simulator, development identity provider, development route or simulator address", () => {
    for (const [file, text] of texts()) {
      for (const trace of ["simulators", "localhost", DEV_ISSUER, "dev-tools", DEVELOPMENT_STACK_SETTING, "Host("]) {
        expect(text, `${file} holds ${trace}`).not.toContain(trace);
      }
      for (const port of Object.values(DEFAULT_PORTS)) expect(text, file).not.toMatch(new RegExp(`:${port}\\b`));
    }
    expect(production.configMapGenerator?.every(({ literals }) => literals === undefined)).toBe(true);
    expect(production.secretGenerator?.every(({ literals }) => literals === undefined)).toBe(true);
  });

  it("builds only from the deployer's two files, which git ignores, and applies nothing made of them but through the services", () => {
    const localConfig = { annotations: { "config.kubernetes.io/local-config": "true" }, disableNameSuffixHash: true };
    expect(generator(production.configMapGenerator, PLATFORM_SETTINGS)).toEqual({
      name: PLATFORM_SETTINGS,
      envs: [DEPLOYER_FILES.settings],
      options: localConfig,
    });
    expect(generator(production.secretGenerator, PLATFORM_SECRETS)).toEqual({
      name: PLATFORM_SECRETS,
      envs: [DEPLOYER_FILES.secrets],
      options: localConfig,
    });
    const ignored = readFileSync(join(root, ".gitignore"), "utf8").split("\n");
    for (const file of Object.values(DEPLOYER_FILES)) {
      expect(ignored, file).toContain(`/${PRODUCTION_DIR}/${file}`);
      expect(existsSync(join(root, PRODUCTION_DIR, exampleOf(file))), exampleOf(file)).toBe(true);
    }
  });

  it.each(gatewayServices.map(({ service }) => service))(
    "will not build without each platform variable %s reads, naming it; a secret goes to its Secret",
    async (service) => {
      const settings = await settingsOf(service);
      const given = (production.replacements ?? []).flatMap(({ source, targets }) =>
        targets
          .filter(({ select }) => [`${service}-config`, `${service}-secrets`].includes(select.name))
          .map(({ select, fieldPaths, options }) => {
            // kustomize: "fieldPath `data.X` is missing for replacement source ConfigMap/platform-settings".
            const variable = source.fieldPath.replace(/^data\./, "");
            const secret = settings.secrets.has(variable);
            expect(source.name, variable).toBe(secret ? PLATFORM_SECRETS : PLATFORM_SETTINGS);
            expect(select.name, variable).toBe(secret ? `${service}-secrets` : `${service}-config`);
            expect(fieldPaths).toEqual([source.fieldPath]);
            expect(options).toEqual({ create: true });
            return variable;
          }),
      );
      expect(given.sort()).toEqual([...settings.required, ...settings.optional].sort());
      for (const variable of settings.required) {
        const example = readFileSync(
          join(
            root,
            PRODUCTION_DIR,
            exampleOf(settings.secrets.has(variable) ? DEPLOYER_FILES.secrets : DEPLOYER_FILES.settings),
          ),
          "utf8",
        );
        expect(example).toMatch(new RegExp(`^${variable}=$`, "m"));
      }
    },
  );
});

describe.each(gatewayServices)("the $service service on Kubernetes", ({ service, port }) => {
  const deployment = () => named<IDeployment>("Deployment", service);
  const pod = () => deployment().spec?.template.spec;
  const container = () => containersOf(deployment())[0];
  const own = () => kustomizationOf(`${BASE_DIR}/${service}`);
  const baseSettings = () => valuesOf(generator(own().configMapGenerator, `${service}-config`)?.literals);

  it("has a Deployment, Service, PodDisruptionBudget, HorizontalPodAutoscaler, ConfigMap and IngressRoute", () => {
    for (const kind of ["Deployment", "Service", "PodDisruptionBudget", "HorizontalPodAutoscaler", "IngressRoute"]) {
      expect(find(kind, service), kind).toBeDefined();
    }
    expect(generator(own().configMapGenerator, `${service}-config`)).toBeDefined();
    expect(containersOf(deployment())).toHaveLength(1);
  });

  it("is probed on /readyz and /healthz, and given more time to stop than it drains", () => {
    expect(container()?.readinessProbe?.httpGet).toEqual({ path: "/readyz", port: "http" });
    expect(container()?.livenessProbe?.httpGet).toEqual({ path: "/healthz", port: "http" });
    expect(container()?.ports).toEqual([{ name: "http", containerPort: port, protocol: "TCP" }]);
    expect(pod()?.terminationGracePeriodSeconds).toBeGreaterThan(PRE_STOP_SECONDS + DEFAULT_GRACE_MS / 1000);
  });

  it("runs as non-root on a read-only root filesystem, with resource requests and limits", () => {
    expect(pod()?.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container()?.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ["ALL"] },
    });
    expect(Object.keys(container()?.resources?.requests ?? {}).sort()).toEqual(["cpu", "memory"]);
    expect(Object.keys(container()?.resources?.limits ?? {}).sort()).toEqual(["cpu", "memory"]);
  });

  it("takes its own settings from the base, the platform's from the development overlay, secrets from a Secret", async () => {
    const config: TObject = await configSchemaOf(root, service);
    const settings = Object.keys(config.properties);
    const declaredSecret = settings.filter((variable) => (config.properties[variable] as { secret?: boolean }).secret);
    const platform = platformVariables();
    const ownSettings = baseSettings();
    expect(
      Object.keys(ownSettings).filter((variable) => platform.has(variable) || declaredSecret.includes(variable)),
    ).toEqual([]);
    const developmentSettings = valuesOf(generator(development.configMapGenerator, `${service}-config`)?.literals);
    expect(generator(development.configMapGenerator, `${service}-config`)?.behavior ?? "merge").toBe("merge");
    const developmentSecrets = valuesOf(generator(development.secretGenerator, `${service}-secrets`)?.literals);
    const told = { ...ownSettings, ...developmentSettings, ...developmentSecrets };
    expect(Object.keys(told).filter((variable) => !settings.includes(variable))).toEqual([]);
    for (const variable of declaredSecret)
      expect(developmentSettings[variable], `${variable} in a ConfigMap`).toBeUndefined();
    expect(Object.keys(developmentSecrets).filter((variable) => !declaredSecret.includes(variable))).toEqual([]);
    const required = (config.required ?? []).filter(
      (variable) => (config.properties[variable] as { default?: unknown }).default === undefined,
    );
    for (const variable of required) expect(variable in told, variable).toBe(true);
    expect(container()?.envFrom?.[0]).toEqual({ configMapRef: { name: `${service}-config` } });
    // The Service sends traffic to the port the service listens on by default (PORT is not set).
    expect(told.PORT).toBeUndefined();
    expect((config.properties.PORT as { default?: number }).default).toBe(port);
  });

  it("names itself in its spans; exports them to the simulators' receiver in development, the deployer's collector (optional) in production", () => {
    expect(baseSettings().OTEL_SERVICE_NAME).toBe(service);
    const developmentSettings = valuesOf(generator(development.configMapGenerator, `${service}-config`)?.literals);
    expect(developmentSettings).toMatchObject({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://simulators:${DEFAULT_PORTS.traces}`,
      OTEL_TRACES_SAMPLER: "parentbased_always_on",
    });
    // In the services' default encoding, protobuf, which the receiver takes.
    expect(developmentSettings).not.toHaveProperty("OTEL_EXPORTER_OTLP_PROTOCOL");
    const fromDeployer = (production.replacements ?? [])
      .filter(({ targets }) => targets.some(({ select }) => select.name === `${service}-config`))
      .map(({ source }) => source.fieldPath.replace(/^data\./, ""));
    expect(fromDeployer).toEqual(expect.arrayContaining(DEPLOYERS_TRACING));
    const example = readFileSync(join(root, PRODUCTION_DIR, exampleOf(DEPLOYER_FILES.settings)), "utf8");
    for (const variable of DEPLOYERS_TRACING) {
      expect(example).toMatch(
        new RegExp(`^# optional, may stay empty; read by .*\\b${service}\\b.*\n${variable}=$`, "m"),
      );
    }
  });

  it("is reached on its routes.yml port, kept available and scaled by CPU", () => {
    const labels = deployment().spec?.selector.matchLabels;
    expect(deployment().spec?.template.metadata?.labels).toEqual(labels);
    expect(named<IService>("Service", service).spec).toMatchObject({
      selector: labels,
      ports: [{ port, targetPort: "http" }],
    });
    expect(named<IPodDisruptionBudget>("PodDisruptionBudget", service).spec).toEqual({
      minAvailable: 1,
      selector: { matchLabels: labels },
    });
    const autoscaler = named<IHorizontalPodAutoscaler>("HorizontalPodAutoscaler", service).spec;
    expect(autoscaler?.scaleTargetRef).toEqual({ apiVersion: "apps/v1", kind: "Deployment", name: service });
    expect(autoscaler?.minReplicas).toBeGreaterThanOrEqual(2);
    expect(deployment().spec?.replicas).toBeUndefined();
  });
});

/** The routers Traefik's Kubernetes CRD provider makes of the IngressRoutes on disk. */
function ingressRouters(): Router[] {
  return all
    .filter(({ document }) => document.kind === "IngressRoute")
    .flatMap(({ document }: ManifestFile) => {
      const spec = document.spec as {
        entryPoints: string[];
        routes: Array<{ match: string; priority: number; services: Array<{ name: string; port: number }> }>;
      };
      expect(spec.entryPoints).toEqual([ENTRY_POINT]);
      return spec.routes.map((route, index) => {
        expect(route.services).toHaveLength(1);
        const target = route.services[0] as { name: string; port: number };
        const ports = named<IService>("Service", target.name).spec?.ports ?? [];
        expect(
          ports.map((servicePort) => servicePort.port),
          `${document.metadata.name} → ${target.name}`,
        ).toEqual([target.port]);
        return {
          name: `${document.metadata.name}-${index}`,
          service: target.name,
          rule: route.match,
          priority: route.priority,
        };
      });
    });
}

describe("routing through the IngressRoutes", () => {
  it("sends every catalogue row, %3A and %2F values included, to exactly its owning service", () => {
    const { policy } = readEntryPointSettings(join(root, TRAEFIK_STATIC_CONFIG), ENTRY_POINT);
    const table = new RouteTable(ingressRouters());
    expect(table.routers.length).toBeGreaterThan(40);
    // Rows for platform-internal calls (routes.yml `entryPoint: internal`) are never public.
    const internal = new RouteTable(routersOf(loadServiceRoutes(root)).filter((router) => router.internal));
    const publicRows = readCatalogue().filter((row) => !internal.match({ path: row.path }));
    expect(publicRows.length).toBeLessThan(readCatalogue().length);
    expect(routingProblems(publicRows, table, { policy, host: "gateway.example.org" })).toEqual([]);
    const internalRow = new RouteTable(ingressRouters()).match({ path: "/send-notification" });
    expect(internalRow).toBeUndefined();
  });

  it("has the same rules and priorities as the file provider's routers, and routes no operator path", () => {
    const fromFile = Object.values(
      readYaml<{
        http: { routers: Record<string, { rule: string; priority: number; service: string; entryPoints: string[] }> };
      }>("deploy/traefik/dynamic/routers.yml").http.routers,
    )
      .filter(({ entryPoints }) => entryPoints.includes(ENTRY_POINT))
      .map(({ rule, priority, service }) => `${service} ${priority} ${rule}`);
    const fromIngress = ingressRouters().map(({ rule, priority, service }) => `${service} ${priority} ${rule}`);
    expect(fromIngress.sort()).toEqual(fromFile.sort());
    const table = new RouteTable(ingressRouters());
    for (const path of ["/metrics", "/healthz", "/readyz"]) expect(table.match({ path }), path).toBeUndefined();
  });
});

describe("Traefik's Helm values", () => {
  type EntryPointValues = {
    http?: { sanitizePath?: boolean; encodedCharacters?: unknown };
    transport?: { respondingTimeouts?: { readTimeout?: string } };
    expose?: { default?: boolean };
  };
  const values = readYaml<{
    image: { tag: string };
    additionalArguments: string[];
    ports: Record<string, EntryPointValues>;
    metrics: { prometheus: { entryPoint: string } };
  }>(`${K8S_DIR}/traefik-values.yaml`);

  // The chart's own values.schema.json is in no registry reachable here: the schema is ours (schemas/README.md).
  it("are valid against the schema, written here, of the chart values the generator writes", () => {
    expect(helmValuesErrors(values)).toEqual([]);
  });

  it("fail that schema with a misspelt entrypoint, timeout, provider or metrics key", () => {
    const misspelt = (path: string[], key: string) => helmValuesErrors(withPlantedField(values, path, key));
    for (const [path, key] of [
      [[], "ingressRoutes"],
      [["ports", ENTRY_POINT, "http"], "sanitizePaths"],
      [["ports", ENTRY_POINT, "http", "encodedCharacters"], "allowEncodedSlashes"],
      [["ports", ENTRY_POINT, "transport", "respondingTimeouts"], "readTimeOut"],
      [["providers", "kubernetesCRD"], "namespace"],
      [["metrics", "prometheus"], "entrypoint"],
    ] as const) {
      expect(misspelt([...path], key), [...path, key].join(".")).toEqual([
        expect.stringMatching(new RegExp(`must not have additional properties: ${key}$`)),
      ]);
    }
  });

  it("set the entrypoint's sanitizePath and encodedCharacters as traefik.yml does", () => {
    const { policy, sanitizePath } = readEntryPointSettings(join(root, TRAEFIK_STATIC_CONFIG), ENTRY_POINT);
    expect(values.ports[ENTRY_POINT]?.http?.sanitizePath).toBe(sanitizePath);
    expect(values.ports[ENTRY_POINT]?.http?.encodedCharacters).toEqual(policy);
    const compose = readYaml<{ services: { traefik: { image: string } } }>(TRAEFIK_COMPOSE);
    expect(`traefik:${values.image.tag}`).toBe(compose.services.traefik.image);
  });

  it("give the entrypoint the body read timeout and the query semicolons of traefik.yml", () => {
    const web = readYaml<{
      entryPoints: Record<string, { transport: { respondingTimeouts: { readTimeout: string } } }>;
    }>(TRAEFIK_STATIC_CONFIG).entryPoints[ENTRY_POINT];
    expect(values.ports[ENTRY_POINT]?.transport?.respondingTimeouts?.readTimeout).toBe(
      web?.transport.respondingTimeouts.readTimeout,
    );
    expect(values.additionalArguments).toEqual([`--entryPoints.${ENTRY_POINT}.http.encodeQuerySemicolons=true`]);
  });

  it("keep Traefik's own metrics on an entrypoint the Service does not expose", () => {
    const entryPoint = values.metrics.prometheus.entryPoint;
    expect(entryPoint).not.toBe(ENTRY_POINT);
    expect(values.ports[entryPoint]?.expose?.default ?? false).toBe(false);
  });
});
