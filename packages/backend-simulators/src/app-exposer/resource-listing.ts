import { createHash } from "node:crypto";
import { VICE_DOMAIN } from "../vice-addresses.js";
import { isReady, type LabelName, labelsOf, type ViceAnalysis } from "./vice-analyses.js";

export const VICE_NAMESPACE = "vice-apps";

/** Kubernetes' `metav1.Time.String()`, which sorts by time as text. */
const kubernetesTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} +0000 UTC`;

/** reporting/convert.go `MetaInfoFromLabels`: the names are the labels' values. */
function meta(analysis: ViceAnalysis, name = analysis.externalId) {
  const labels = labelsOf(analysis);
  return {
    name,
    namespace: VICE_NAMESPACE,
    analysisID: analysis.analysisId,
    analysisName: labels["analysis-name"],
    appName: labels["app-name"],
    appID: analysis.appId,
    externalID: analysis.externalId,
    userID: analysis.userId,
    username: labels.username,
    creationTimestamp: kubernetesTime(analysis.createdAt),
  };
}

/** The name of the analysis's pod: its deployment's and a suffix of the replica set's. */
export const podName = (analysis: ViceAnalysis) => `${analysis.externalId}-${analysis.subdomain.slice(1, 6)}`;

function pod(analysis: ViceAnalysis, now: number) {
  const ready = isReady(analysis, now);
  const startedAt = new Date(analysis.readyAt).toISOString();
  return {
    ...meta(analysis, podName(analysis)),
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
      // vicebuild/services.go: the file-transfers port and the vice-proxy's; a numeric target port's name is its
      // number (reporting/convert.go ServiceInfoFrom, IntOrString.String).
      ports: [
        { name: "tcp-input", nodePort: 0, targetPort: 60001, targetPortName: "60001", port: 60001, protocol: "TCP" },
        { name: "tcp-proxy", nodePort: 0, targetPort: 60002, targetPortName: "60002", port: 60000, protocol: "TCP" },
      ],
    })),
    ingresses: [],
    routes: newestFirst.map((analysis) => ({
      ...meta(analysis),
      hostnames: [`${analysis.subdomain}.${VICE_DOMAIN}`],
      rules: [{ backendRefs: [{ name: `vice-${analysis.externalId}`, port: 80 }] }],
    })),
  };
}

/**
 * The query parameters a listing passes to the operators as label selectors (httphandlers/handlers.go
 * `operatorLabelParams`); any other is dropped. The operator takes the first value of each (common/main.go
 * `FilterMap`).
 */
const FILTERS: readonly LabelName[] = [
  "analysis-id",
  "app-id",
  "app-name",
  "external-id",
  "username",
  "user-id",
  "subdomain",
];

export function filtersOf(query: Record<string, unknown>): Partial<Record<LabelName, string>> {
  return Object.fromEntries(
    FILTERS.flatMap((name) => {
      const value = query[name];
      const first = Array.isArray(value) ? value[0] : value;
      return typeof first === "string" ? [[name, first]] : [];
    }),
  );
}

export function matchesFilters(analysis: ViceAnalysis, filters: Partial<Record<LabelName, string>>): boolean {
  const labels = labelsOf(analysis);
  return Object.entries(filters).every(([name, wanted]) => labels[name as LabelName] === wanted);
}

const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/**
 * What the Kubernetes API says of a selector value no label can have (apimachinery validation `IsValidLabelValue`):
 * it refuses the operator's list, so the operator fails.
 */
export function refusedSelector(filters: Partial<Record<LabelName, string>>): string | undefined {
  const [name, value] =
    Object.entries(filters).find(([, value]) => !LABEL_VALUE.test(value) || value.length > 63) ?? [];
  if (name === undefined) return undefined;
  const problem =
    (value ?? "").length > 63
      ? "must be no more than 63 characters"
      : "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
  return `unable to parse requirement: values[0][${name}]: Invalid value: ${JSON.stringify(value)}: ${problem}`;
}
