import { createHash } from "node:crypto";
import { VICE_DOMAIN } from "../vice-addresses.js";
import { isReady, labelsOf, type ViceAnalysis } from "./vice-analyses.js";

export const VICE_NAMESPACE = "vice-apps";

/** Kubernetes' `metav1.Time.String()`, which sorts by time as text. */
const kubernetesTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} +0000 UTC`;

function meta(analysis: ViceAnalysis, name = analysis.externalId) {
  return {
    name,
    namespace: VICE_NAMESPACE,
    analysisID: analysis.analysisId,
    analysisName: analysis.analysisName,
    appName: analysis.appName,
    appID: analysis.appId,
    externalID: analysis.externalId,
    userID: analysis.userId,
    username: analysis.username,
    creationTimestamp: kubernetesTime(analysis.createdAt),
  };
}

function pod(analysis: ViceAnalysis, now: number) {
  const ready = isReady(analysis, now);
  const startedAt = new Date(analysis.readyAt).toISOString();
  return {
    ...meta(analysis, `${analysis.externalId}-${analysis.subdomain.slice(1, 6)}`),
    phase: ready ? "Running" : "Pending",
    message: "",
    reason: "",
    containerStatuses: [
      {
        name: "analysis",
        image: analysis.image,
        // Kubernetes knows the image's digest once the image is pulled.
        imageID: ready ? `${analysis.image}@sha256:${createHash("sha256").update(analysis.image).digest("hex")}` : "",
        ready,
        started: ready,
        restartCount: 0,
        state: ready ? { running: { startedAt } } : { waiting: { reason: "ContainerCreating" } },
        lastState: {},
      },
    ],
    initContainerStatuses: [],
  };
}

/** Every resource of the given analyses, newest first, as app-exposer's `ResourceInfo` lists them. */
export function resourceInfo(analyses: ViceAnalysis[], now = Date.now()) {
  const newestFirst = [...analyses].sort((a, b) => b.createdAt - a.createdAt);
  return {
    deployments: newestFirst.map((analysis) => ({
      ...meta(analysis),
      image: analysis.image,
      command: [],
      port: 8888,
      user: 1000,
      group: 1000,
    })),
    pods: newestFirst.map((analysis) => pod(analysis, now)),
    configMaps: newestFirst.map((analysis) => ({
      ...meta(analysis, `input-path-list-${analysis.externalId}`),
      data: { "input-path-list": "" },
    })),
    services: newestFirst.map((analysis) => ({
      ...meta(analysis, `vice-${analysis.externalId}`),
      ports: [{ name: "tcp-proxy", nodePort: 0, targetPort: 60002, targetPortName: "", port: 80, protocol: "TCP" }],
    })),
    ingresses: [],
    routes: newestFirst.map((analysis) => ({
      ...meta(analysis),
      hostnames: [`${analysis.subdomain}.${VICE_DOMAIN}`],
      rules: [{ backendRefs: [{ name: `vice-${analysis.externalId}`, port: 80 }] }],
    })),
  };
}

/** The label filters a listing takes as query parameters. */
const FILTERS = ["analysis-name", "app-id", "app-name", "external-id", "user-id", "username", "subdomain"];

export function matchesFilters(analysis: ViceAnalysis, query: Record<string, unknown>): boolean {
  const labels = labelsOf(analysis);
  return FILTERS.every((name) => {
    const wanted = query[name];
    return typeof wanted !== "string" || wanted === "" || labels[name] === wanted;
  });
}
