import { Type } from "typebox";
import { ConfigError } from "../config-error.js";

/**
 * OpenTelemetry's standard variables, as far as a service reads them. None has a default here: tracing is off unless
 * an endpoint is set, and the defaults below apply only then. The exporter itself also reads the standard
 * OTEL_EXPORTER_OTLP_HEADERS, _COMPRESSION and certificate variables (a collector's credentials, for one).
 */
export const TracingConfig = {
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(
    Type.String({
      pattern: "^https?://",
      description: "the collector's OTLP/HTTP base URL; tracing is off without it",
    }),
  ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: Type.Optional(
    Type.String({ pattern: "^https?://", description: "the collector's URL for traces, taken as it is" }),
  ),
  OTEL_EXPORTER_OTLP_PROTOCOL: Type.Optional(Type.String({ description: "http/protobuf (default) or http/json" })),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: Type.Optional(Type.String({ description: "the same, for traces alone" })),
  OTEL_SERVICE_NAME: Type.Optional(Type.String({ minLength: 1, description: "default: the service's own name" })),
  OTEL_TRACES_SAMPLER: Type.Optional(Type.String({ description: "default: parentbased_always_on" })),
  OTEL_TRACES_SAMPLER_ARG: Type.Optional(Type.String({ description: "the ratio of a *traceidratio sampler" })),
  OTEL_RESOURCE_ATTRIBUTES: Type.Optional(Type.String({ description: "key=value,… added to every span's resource" })),
  OTEL_BSP_MAX_QUEUE_SIZE: Type.Optional(
    Type.Integer({ minimum: 1, description: "spans held for export at most; more are dropped and counted" }),
  ),
  OTEL_BSP_SCHEDULE_DELAY: Type.Optional(Type.Integer({ minimum: 0, description: "ms between two exports" })),
  OTEL_EXPORTER_OTLP_TIMEOUT: Type.Optional(
    Type.Integer({ minimum: 1, description: "ms an export may take, retries included, before its spans are dropped" }),
  ),
};

export type TracingConfigValues = { [K in keyof typeof TracingConfig]?: string | number | undefined };

export type OtlpProtocol = "http/json" | "http/protobuf";

export type SamplerName =
  | "always_on"
  | "always_off"
  | "traceidratio"
  | "parentbased_always_on"
  | "parentbased_always_off"
  | "parentbased_traceidratio";

const SAMPLERS: ReadonlySet<string> = new Set<SamplerName>([
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
]);

/** Tracing as configured: where spans go, how, which are kept, and what describes the service. */
export interface TracingSettings {
  /** The full URL spans are posted to. */
  url: string;
  protocol: OtlpProtocol;
  sampler: SamplerName;
  /** The ratio of a `*traceidratio` sampler. */
  ratio: number;
  resourceAttributes: Record<string, string>;
  maxQueueSize: number;
  scheduledDelayMillis: number;
  exportTimeoutMillis: number;
}

/** The SDK's defaults (the specification's). */
const DEFAULT_QUEUE_SIZE = 2048;
const DEFAULT_SCHEDULE_DELAY_MS = 5000;
const DEFAULT_EXPORT_TIMEOUT_MS = 10_000;

const text = (value: string | number | undefined) => (value === undefined ? undefined : String(value).trim());

/** `OTEL_EXPORTER_OTLP_ENDPOINT` is a base URL: spans go to its `v1/traces`. */
const tracesUrlBelow = (base: string) => `${base.replace(/\/+$/, "")}/v1/traces`;

function protocolOf(value: string | undefined): OtlpProtocol {
  if (value === undefined || value === "http/protobuf") return "http/protobuf";
  if (value === "http/json") return value;
  if (value === "grpc") {
    throw new ConfigError(
      "invalid configuration:\n  OTEL_EXPORTER_OTLP_PROTOCOL: grpc is not supported; the services export OTLP over HTTP " +
        "(http/protobuf or http/json, on the collector's port 4318)",
    );
  }
  throw new ConfigError(
    `invalid configuration:\n  OTEL_EXPORTER_OTLP_PROTOCOL: must be http/protobuf or http/json (got ${JSON.stringify(value)})`,
  );
}

function samplerOf(value: string | undefined): SamplerName {
  if (value === undefined) return "parentbased_always_on";
  if (SAMPLERS.has(value)) return value as SamplerName;
  throw new ConfigError(
    `invalid configuration:\n  OTEL_TRACES_SAMPLER: must be one of ${[...SAMPLERS].join(", ")} (got ${JSON.stringify(value)})`,
  );
}

function ratioOf(value: string | undefined): number {
  if (value === undefined) return 1;
  const ratio = Number(value);
  if (value === "" || !Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    throw new ConfigError(
      `invalid configuration:\n  OTEL_TRACES_SAMPLER_ARG: must be a ratio from 0 to 1 (got ${JSON.stringify(value)})`,
    );
  }
  return ratio;
}

/** `key1=value1,key2=value2`, values percent-encoded (the specification's format); any malformed entry is refused. */
function resourceAttributesOf(value: string | undefined): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (!value) return attributes;
  for (const entry of value.split(",")) {
    const mark = entry.indexOf("=");
    const key = entry.slice(0, mark).trim();
    let decoded: string | undefined;
    try {
      decoded = decodeURIComponent(entry.slice(mark + 1).trim());
    } catch {
      decoded = undefined;
    }
    if (mark < 1 || key === "" || decoded === undefined) {
      throw new ConfigError(
        `invalid configuration:\n  OTEL_RESOURCE_ATTRIBUTES: ${JSON.stringify(entry)} is not key=value (values percent-encoded)`,
      );
    }
    attributes[key] = decoded;
  }
  return attributes;
}

/**
 * Tracing as the standard variables set it, or undefined when it is off (no endpoint). The service's own name is the
 * default `service.name`. A setting the services cannot honour (grpc, an unknown sampler) is a ConfigError.
 */
export function tracingSettingsFrom(config: TracingConfigValues, serviceName: string): TracingSettings | undefined {
  const tracesEndpoint = text(config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  const endpoint = text(config.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (!tracesEndpoint && !endpoint) return undefined;
  const protocol = protocolOf(text(config.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? config.OTEL_EXPORTER_OTLP_PROTOCOL));
  const sampler = samplerOf(text(config.OTEL_TRACES_SAMPLER));
  const resource = resourceAttributesOf(text(config.OTEL_RESOURCE_ATTRIBUTES));
  return {
    url: tracesEndpoint || tracesUrlBelow(endpoint as string),
    protocol,
    sampler,
    ratio: sampler.endsWith("traceidratio") ? ratioOf(text(config.OTEL_TRACES_SAMPLER_ARG)) : 1,
    resourceAttributes: {
      ...resource,
      "service.name": text(config.OTEL_SERVICE_NAME) || resource["service.name"] || serviceName,
    },
    maxQueueSize: Number(config.OTEL_BSP_MAX_QUEUE_SIZE ?? DEFAULT_QUEUE_SIZE),
    scheduledDelayMillis: Number(config.OTEL_BSP_SCHEDULE_DELAY ?? DEFAULT_SCHEDULE_DELAY_MS),
    exportTimeoutMillis: Number(config.OTEL_EXPORTER_OTLP_TIMEOUT ?? DEFAULT_EXPORT_TIMEOUT_MS),
  };
}
