import { createHash } from "node:crypto";
import type { Router, ServiceRoutes } from "@de-gateway/routing";
import { IngressRoute } from "@kubernetes-models/traefik/traefik.io/v1alpha1";
import { Deployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import type { IContainer, IPodSpec, IProbe } from "kubernetes-models/v1";
import { ConfigMap, Namespace, Service } from "kubernetes-models/v1";
import type { ServiceEnvironment } from "./service-environment.js";

export const NAMESPACE = "de-gateway";
const PART_OF = "de-gateway";
/** The image of a workload; a deployment sets its registry and tag with kustomize's `images:`. */
export const imageOf = (name: string, version: string) => `de-gateway/${name}:${version}`;

/** How long a pod keeps serving after it is marked for deletion, while endpoints drop it everywhere. */
export const PRE_STOP_SECONDS = 5;

export interface Workload {
  routes: ServiceRoutes;
  version: string;
  environment: ServiceEnvironment;
  /** How long the service drains in-flight requests after SIGTERM (service-kit's runService). */
  drainSeconds: number;
}

export const labelsOf = (name: string) => ({ "app.kubernetes.io/name": name, "app.kubernetes.io/part-of": PART_OF });
const configMapName = (service: string) => `${service}-config`;
export const secretName = (service: string) => `${service}-secrets`;

const httpProbe = (path: string, periodSeconds: number, failureThreshold: number): IProbe => ({
  httpGet: { path, port: "http" },
  periodSeconds,
  failureThreshold,
  timeoutSeconds: 2,
});

/** Non-root, read-only root filesystem, no privilege escalation, no capabilities (the images run as `node`, 1000). */
export const restrictedPod: Pick<IPodSpec, "securityContext" | "automountServiceAccountToken"> = {
  automountServiceAccountToken: false,
  securityContext: {
    runAsNonRoot: true,
    runAsUser: 1000,
    runAsGroup: 1000,
    seccompProfile: { type: "RuntimeDefault" },
  },
};
export const restrictedContainer: Pick<IContainer, "securityContext"> = {
  securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ["ALL"] } },
};

/**
 * The one writable folder of a container on a read-only root filesystem: `/tmp`, an emptyDir of `sizeLimit`
 * (what Node and the libraries write there; the file-info simulator keeps its files there).
 */
export function writableTmp(sizeLimit: string) {
  return {
    volumeMounts: [{ name: "tmp", mountPath: "/tmp" }],
    volumes: [{ name: "tmp", emptyDir: { sizeLimit } }],
  };
}

export const namespace = () =>
  new Namespace({ metadata: { name: NAMESPACE, labels: { "app.kubernetes.io/part-of": PART_OF } } });

export const configMap = ({ routes, environment }: Workload) =>
  new ConfigMap({
    metadata: { name: configMapName(routes.service), labels: labelsOf(routes.service) },
    data: environment.config,
  });

/** A digest of the settings, on the pod template: changing a setting rolls the pods. */
const configDigest = (environment: ServiceEnvironment) =>
  createHash("sha256").update(JSON.stringify(environment.config)).digest("hex").slice(0, 16);

const serviceTmp = writableTmp("16Mi");

export function deployment({ routes, version, environment, drainSeconds }: Workload): Deployment {
  const { service, port } = routes;
  const labels = labelsOf(service);
  const hasSecrets = Object.keys(environment.secrets).length > 0;
  return new Deployment({
    metadata: { name: service, labels },
    spec: {
      // No replicas: the HorizontalPodAutoscaler owns the count (an apply would otherwise reset it).
      selector: { matchLabels: labels },
      strategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: {
          labels,
          annotations: {
            "de-gateway/config-digest": configDigest(environment),
            "prometheus.io/scrape": "true",
            "prometheus.io/port": String(port),
            "prometheus.io/path": "/metrics",
          },
        },
        spec: {
          ...restrictedPod,
          // The pre-stop pause, then the service's own drain, with room to spare before SIGKILL.
          terminationGracePeriodSeconds: PRE_STOP_SECONDS + drainSeconds + 5,
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: "kubernetes.io/hostname",
              whenUnsatisfiable: "ScheduleAnyway",
              labelSelector: { matchLabels: labels },
            },
          ],
          containers: [
            {
              name: service,
              image: imageOf(service, version),
              imagePullPolicy: "IfNotPresent",
              ports: [{ name: "http", containerPort: port, protocol: "TCP" }],
              envFrom: [
                { configMapRef: { name: configMapName(service) } },
                ...(hasSecrets ? [{ secretRef: { name: secretName(service) } }] : []),
              ],
              readinessProbe: httpProbe("/readyz", 5, 2),
              livenessProbe: httpProbe("/healthz", 10, 3),
              startupProbe: httpProbe("/healthz", 2, 30),
              lifecycle: { preStop: { exec: { command: ["sleep", String(PRE_STOP_SECONDS)] } } },
              resources: {
                requests: { cpu: "100m", memory: "128Mi" },
                limits: { cpu: "1", memory: "256Mi" },
              },
              ...restrictedContainer,
              volumeMounts: serviceTmp.volumeMounts,
            },
          ],
          volumes: serviceTmp.volumes,
        },
      },
    },
  });
}

export const service = ({ routes }: Workload) =>
  new Service({
    metadata: { name: routes.service, labels: labelsOf(routes.service) },
    spec: {
      type: "ClusterIP",
      selector: labelsOf(routes.service),
      ports: [{ name: "http", port: routes.port, targetPort: "http", protocol: "TCP" }],
    },
  });

export const podDisruptionBudget = ({ routes }: Workload) =>
  new PodDisruptionBudget({
    metadata: { name: routes.service, labels: labelsOf(routes.service) },
    spec: { minAvailable: 1, selector: { matchLabels: labelsOf(routes.service) } },
  });

export const horizontalPodAutoscaler = ({ routes }: Workload) =>
  new HorizontalPodAutoscaler({
    metadata: { name: routes.service, labels: labelsOf(routes.service) },
    spec: {
      scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: routes.service },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [
        { type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 70 } } },
      ],
    },
  });

/**
 * The service's public routers as one IngressRoute: the same rules and explicit priorities as Traefik's file
 * provider. Routes for platform-internal calls (`entryPoint: internal`) get none: inside the cluster the platform
 * calls the service's Service directly.
 */
export const ingressRoute = ({ routes }: Workload, routers: readonly Router[], entryPoint: string) =>
  new IngressRoute({
    metadata: { name: routes.service, labels: labelsOf(routes.service) },
    spec: {
      entryPoints: [entryPoint],
      routes: routers
        .filter((router) => !router.internal)
        .map((router) => ({
          kind: "Rule" as const,
          match: router.rule,
          priority: router.priority,
          services: [{ name: routes.service, port: routes.port }],
        })),
    },
  });
