import { existsSync } from "node:fs";
import { join } from "node:path";
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
import { Ajv2020 } from "ajv/dist/2020.js";
import type { IDeployment } from "kubernetes-models/apps/v1";
import type { IHorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import type { IPodDisruptionBudget } from "kubernetes-models/policy/v1";
import type { IConfigMap, IService } from "kubernetes-models/v1";
import type { TObject } from "typebox";
import { describe, expect, it } from "vitest";
import { generatedKubernetesFiles, K8S_DIR } from "../src/k8s/files.js";
import { PRE_STOP_SECONDS } from "../src/k8s/manifests.js";
import { configSchemaOf } from "../src/k8s/service-environment.js";
import { ENTRY_POINT } from "../src/routers-file.js";
import { gatewayServices, root } from "../src/workspace.js";
import { filesOnDisk, type ManifestFile, MODELS, manifests, readYaml } from "./kubernetes-model.js";
import helmValuesSchema from "./schemas/traefik-helm-chart-41.3.0.values.schema.json" with { type: "json" };

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
type Kustomization = {
  namespace?: string;
  resources: string[];
  secretGenerator?: Array<{ name: string; literals: string[] }>;
};

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

  it("applies with kustomize: every folder and file listed, nothing left out, one namespace", () => {
    const top = readYaml<Kustomization>(`${K8S_DIR}/kustomization.yaml`);
    expect(top.namespace).toBe("de-gateway");
    const listed = new Set<string>();
    for (const resource of top.resources) {
      const path = join(K8S_DIR, resource);
      if (resource.endsWith(".yaml")) listed.add(path);
      else {
        const folder = readYaml<Kustomization>(join(path, "kustomization.yaml"));
        for (const file of folder.resources) listed.add(join(path, file));
      }
    }
    for (const file of listed) expect(existsSync(join(root, file)), file).toBe(true);
    expect([...listed].sort()).toEqual(all.map(({ file }) => file).sort());
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

  it("gives the simulators a Secret for every Secret a Deployment refers to", () => {
    const generatedSecrets = (readYaml<Kustomization>(`${K8S_DIR}/kustomization.yaml`).secretGenerator ?? []).map(
      (secret) => secret.name,
    );
    const referenced = all
      .filter(({ document }) => document.kind === "Deployment")
      .flatMap(({ document }) => containersOf(document as unknown as IDeployment))
      .flatMap((container) => container.envFrom ?? [])
      .flatMap((source) => (source.secretRef?.name ? [source.secretRef.name] : []));
    expect(referenced.sort()).toEqual(generatedSecrets.sort());
    expect(referenced).toContain("identity-session-secrets");
  });
});

describe.each(gatewayServices)("the $service service on Kubernetes", ({ service, port }) => {
  const deployment = () => named<IDeployment>("Deployment", service);
  const pod = () => deployment().spec?.template.spec;
  const container = () => containersOf(deployment())[0];
  const configData = () => named<IConfigMap>("ConfigMap", `${service}-config`).data ?? {};

  it("has a Deployment, Service, PodDisruptionBudget, HorizontalPodAutoscaler, ConfigMap and IngressRoute", () => {
    for (const kind of ["Deployment", "Service", "PodDisruptionBudget", "HorizontalPodAutoscaler", "IngressRoute"]) {
      expect(find(kind, service), kind).toBeDefined();
    }
    expect(find("ConfigMap", `${service}-config`)).toBeDefined();
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

  it("takes its environment from its ConfigMap, secrets from a Secret, exactly what its config.ts reads", async () => {
    const config: TObject = await configSchemaOf(root, service);
    const settings = Object.keys(config.properties);
    const data = configData();
    expect(Object.keys(data).filter((variable) => !settings.includes(variable))).toEqual([]);
    const secret = (readYaml<Kustomization>(`${K8S_DIR}/kustomization.yaml`).secretGenerator ?? []).find(
      ({ name }) => name === `${service}-secrets`,
    );
    const secretVariables = (secret?.literals ?? []).map((literal) => literal.split("=")[0] as string);
    const declaredSecret = settings.filter((variable) => (config.properties[variable] as { secret?: boolean }).secret);
    expect(secretVariables.filter((variable) => !declaredSecret.includes(variable))).toEqual([]);
    // An optional secret the stack cannot write down (a key made at start) is left to the operator.
    const requiredSecret = declaredSecret.filter((variable) => (config.required ?? []).includes(variable));
    expect(requiredSecret.filter((variable) => !secretVariables.includes(variable))).toEqual([]);
    for (const variable of declaredSecret) expect(data[variable], `${variable} in a ConfigMap`).toBeUndefined();
    const required = (config.required ?? []).filter(
      (variable) => (config.properties[variable] as { default?: unknown }).default === undefined,
    );
    for (const variable of required)
      expect(variable in data || secretVariables.includes(variable), variable).toBe(true);
    expect(container()?.envFrom?.[0]).toEqual({ configMapRef: { name: `${service}-config` } });
    // The Service sends traffic to the port the service listens on by default (PORT is not set).
    expect(data.PORT).toBeUndefined();
    expect((config.properties.PORT as { default?: number }).default).toBe(port);
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

  it("are valid against the chart's own values schema (traefik/traefik 41.3.0)", () => {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(helmValuesSchema);
    validate(values);
    expect((validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`)).toEqual([]);
  });

  it("set the entrypoint's sanitizePath and encodedCharacters as traefik.yml does", () => {
    const { policy, sanitizePath } = readEntryPointSettings(join(root, TRAEFIK_STATIC_CONFIG), ENTRY_POINT);
    expect(values.ports[ENTRY_POINT]?.http?.sanitizePath).toBe(sanitizePath);
    expect(values.ports[ENTRY_POINT]?.http?.encodedCharacters).toEqual(policy);
    const compose = readYaml<{ services: { traefik: { image: string } } }>("docker-compose.yml");
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
