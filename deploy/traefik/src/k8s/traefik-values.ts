import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TRAEFIK_STATIC_CONFIG } from "@de-gateway/routing";
import { parse } from "yaml";
import { TRAEFIK_IMAGE } from "../compose-files.js";
import { ENTRY_POINT } from "../routers-file.js";
import { NAMESPACE } from "./manifests.js";

interface EntryPoint {
  http?: { sanitizePath?: boolean; encodeQuerySemicolons?: boolean; encodedCharacters?: Record<string, boolean> };
  transport?: {
    lifeCycle?: { graceTimeOut?: string };
    respondingTimeouts?: { readTimeout?: string; writeTimeout?: string; idleTimeout?: string };
  };
}

/** The tag of the Traefik image the compose stacks run: `traefik:v3.7.9` → `v3.7.9`. */
const traefikTag = () => TRAEFIK_IMAGE.slice(TRAEFIK_IMAGE.indexOf(":") + 1);

/**
 * Values for Traefik's Helm chart (traefik/traefik), made from traefik.yml so that the cluster's entrypoint
 * handles requests exactly as the compose stack's: the same `sanitizePath`, `encodedCharacters`, query semicolons
 * and responding timeouts, the same drain, the same image, access log on, metrics on the chart's unexposed
 * `metrics` entrypoint, no dashboard. The chart has no value for `encodeQuerySemicolons`: it goes as an argument.
 */
export function traefikHelmValues(root: string) {
  const config = parse(readFileSync(join(root, TRAEFIK_STATIC_CONFIG), "utf8")) as {
    entryPoints: Record<string, EntryPoint>;
    metrics: { prometheus: { addRoutersLabels?: boolean } };
  };
  const web = config.entryPoints[ENTRY_POINT];
  if (!web?.http) throw new Error(`${TRAEFIK_STATIC_CONFIG}: entrypoint ${ENTRY_POINT} has no http settings`);
  return {
    image: { tag: traefikTag() },
    deployment: { replicas: 2 },
    podDisruptionBudget: { enabled: true, minAvailable: 1 },
    providers: {
      kubernetesCRD: { enabled: true, namespaces: [NAMESPACE] },
      kubernetesIngress: { enabled: false },
    },
    ingressClass: { enabled: false },
    ingressRoute: { dashboard: { enabled: false } },
    ports: {
      [ENTRY_POINT]: {
        http: { sanitizePath: web.http.sanitizePath, encodedCharacters: web.http.encodedCharacters },
        transport: {
          lifeCycle: { graceTimeOut: web.transport?.lifeCycle?.graceTimeOut },
          // The same timeouts as the compose stack's entrypoint (docs/security.md).
          respondingTimeouts: web.transport?.respondingTimeouts,
        },
      },
      // Every IngressRoute is on the web entrypoint: terminate TLS in front of it, or route websecure as well.
      websecure: { expose: { default: false } },
    },
    additionalArguments:
      web.http.encodeQuerySemicolons === undefined
        ? []
        : [`--entryPoints.${ENTRY_POINT}.http.encodeQuerySemicolons=${web.http.encodeQuerySemicolons}`],
    metrics: { prometheus: { entryPoint: "metrics", addRoutersLabels: config.metrics.prometheus.addRoutersLabels } },
    accessLog: { enabled: true },
    global: { checkNewVersion: false, sendAnonymousUsage: false },
  };
}
