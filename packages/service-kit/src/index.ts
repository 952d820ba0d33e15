export { boundArrays, DEFAULT_MAX_ITEMS } from "./array-bounds.js";
export { buildService } from "./build-service.js";
export { type RouteValidator, validatorOnFirstUse } from "./compile-on-first-use.js";
export { ConfigError, loadConfig, portSetting, ServerConfig } from "./config.js";
export {
  type ConnectionLimits,
  ConnectionLimitsConfig,
  connectionLimitsFrom,
  DEFAULT_CONNECTION_LIMITS,
} from "./connection-limits.js";
export { type ByteBound, type ByteBounds, CountedBytes } from "./counted-bytes.js";
export {
  createService,
  type RegisteredRoute,
  type Service,
  type ServiceOptions,
  TRACE_FLUSH_MS,
} from "./create-service.js";
export {
  badGateway,
  badRequest,
  ERROR_ANSWERS,
  ErrorBody,
  errorCodeForStatus,
  forbidden,
  GatewayError,
  gatewayTimeout,
  notAuthorized,
  notFound,
} from "./errors.js";
export { parseGoRfc3339 } from "./go-time.js";
export { isHopByHop, withoutHopByHop } from "./hop-by-hop.js";
export { inBatches } from "./in-batches.js";
export { isJsonObject, type JsonObject } from "./json.js";
export { MAX_JSON_DEPTH } from "./json-bodies.js";
export { CREDENTIAL_PARAMETERS, REDACTED, redactedUrl } from "./log-redaction.js";
export { METRICS_PATH, type ServiceMetrics, statusClass } from "./metrics.js";
export { REQUEST_ID_HEADER } from "./request-id.js";
export type { RequestLogPolicy } from "./request-log.js";
export { DEFAULT_DRAIN_DELAY_MS, DEFAULT_GRACE_MS, type RunOptions, runService } from "./run-service.js";
export {
  TRACEPARENT_HEADER,
  TRACESTATE_HEADER,
  type TraceContext,
  traceContextFor,
  traceHeaderList,
} from "./trace-context.js";
export type { RequestSpan, SpanAttributes } from "./tracing/request-span.js";
export { type OtlpProtocol, type TracingSettings, tracingSettingsFrom } from "./tracing/settings.js";
export { withSpan } from "./tracing/with-span.js";
export { MAX_DRAINED_BYTES } from "./unread-bodies.js";
