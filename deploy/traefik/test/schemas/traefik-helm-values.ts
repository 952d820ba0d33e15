import { type TProperties, Type } from "typebox";
import { Value } from "typebox/value";
import { ENTRY_POINT } from "../../src/routers-file.js";

/**
 * WRITTEN HERE, NOT UPSTREAM. The values of Traefik's Helm chart (traefik/traefik) that the generator writes
 * (src/k8s/traefik-values.ts), each typed as the chart reads it, every mapping closed so that a misspelt key is an
 * error. The chart's own values.schema.json is published to no registry reachable here, so it cannot be vendored
 * (deploy/traefik/schemas/README.md): a value the generator starts writing has to be added here too.
 */
const Closed = (properties: TProperties) => Type.Object(properties, { additionalProperties: false });
const Enabled = Closed({ enabled: Type.Boolean() });
/** The chart passes a duration on to Traefik, which reads a Go duration string ("30s") or seconds. */
const Duration = Type.Union([Type.String(), Type.Integer()]);

const EntryPointValues = Closed({
  http: Closed({
    sanitizePath: Type.Boolean(),
    encodedCharacters: Closed({
      allowEncodedSlash: Type.Boolean(),
      allowEncodedBackSlash: Type.Boolean(),
      allowEncodedNullCharacter: Type.Boolean(),
      allowEncodedSemicolon: Type.Boolean(),
      allowEncodedPercent: Type.Boolean(),
      allowEncodedQuestionMark: Type.Boolean(),
      allowEncodedHash: Type.Boolean(),
    }),
  }),
  transport: Closed({
    lifeCycle: Closed({ graceTimeOut: Duration }),
    respondingTimeouts: Closed({ readTimeout: Duration, writeTimeout: Duration, idleTimeout: Duration }),
  }),
});

export const TraefikHelmValues = Closed({
  image: Closed({ tag: Type.String() }),
  deployment: Closed({ replicas: Type.Integer({ minimum: 0 }) }),
  podDisruptionBudget: Closed({ enabled: Type.Boolean(), minAvailable: Type.Integer({ minimum: 0 }) }),
  providers: Closed({
    kubernetesCRD: Closed({ enabled: Type.Boolean(), namespaces: Type.Array(Type.String()) }),
    kubernetesIngress: Enabled,
  }),
  ingressClass: Enabled,
  ingressRoute: Closed({ dashboard: Enabled }),
  ports: Closed({
    [ENTRY_POINT]: EntryPointValues,
    websecure: Closed({ expose: Closed({ default: Type.Boolean() }) }),
  }),
  additionalArguments: Type.Array(Type.String()),
  metrics: Closed({ prometheus: Closed({ entryPoint: Type.String(), addRoutersLabels: Type.Boolean() }) }),
  accessLog: Enabled,
  global: Closed({ checkNewVersion: Type.Boolean(), sendAnonymousUsage: Type.Boolean() }),
});

/** The values' problems against TraefikHelmValues, an unknown key named: `/ports/web/http must not have additional properties: x`. */
export const helmValuesErrors = (values: unknown): string[] =>
  Value.Errors(TraefikHelmValues, values)
    .filter((error) => error.keyword !== "boolean")
    .map((error) => {
      const unknown = (error.params as { additionalProperties?: string[] }).additionalProperties;
      return `${error.instancePath || "/"} ${error.message}${unknown ? `: ${unknown.join(", ")}` : ""}`;
    });
