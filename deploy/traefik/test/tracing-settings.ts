/**
 * OpenTelemetry's standard settings every service takes from a deployment (issue 49): where its collector is, how
 * to sample, what to add to its spans' resource. Written out here, not read from the generator, as what it must do.
 */
export const DEPLOYERS_TRACING = [
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "OTEL_EXPORTER_OTLP_PROTOCOL",
  "OTEL_TRACES_SAMPLER",
  "OTEL_TRACES_SAMPLER_ARG",
  "OTEL_RESOURCE_ATTRIBUTES",
];
