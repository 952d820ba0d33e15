import { DEFAULT_PORTS, DEVELOPMENT_STACK_SETTING, tracingEnvironmentFor } from "@de-gateway/backend-simulators/ports";
import { defaultEndpoints, serviceEnvironmentFor } from "@de-gateway/backend-simulators/service-environment";
import { type StackKeys, stackKeySettings } from "@de-gateway/backend-simulators/stack-keys";
import { serviceComponents } from "./components.js";

/** Where the docs service finds the documents it merges: every other service, on its routes.yml port. */
export const documentSources = () =>
  serviceComponents()
    .filter(({ name }) => name !== "docs")
    .map(({ name, port }) => `${name}=http://127.0.0.1:${port}`)
    .join(",");

/**
 * What the simulators' process is told: listen on loopback only, this is a development stack (without it the
 * simulators refuse to start), and the stack's keys, whose other halves the services are told (below).
 */
export const simulatorsProcessEnvironment = (keys: StackKeys): Record<string, string> => ({
  SIM_HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  [DEVELOPMENT_STACK_SETTING]: "1",
  ...stackKeySettings(keys),
});

/**
 * What every service of the local stack is told about the simulators (URLs, identity provider, the stack's keys):
 * known before the simulators start, so that the services start beside them.
 */
export const servicesPlatformEnvironment = (keys: StackKeys): Record<string, string> =>
  serviceEnvironmentFor(defaultEndpoints("127.0.0.1", keys));

/** A collector the developer's own environment names, which then takes the stack's spans instead of the receiver. */
const ownCollector = (own: NodeJS.ProcessEnv) =>
  own.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || own.OTEL_EXPORTER_OTLP_ENDPOINT;

/**
 * A process's tracing settings in the local stack: its spans exported to the simulators' trace receiver, under its
 * own name. Where the developer's environment names a collector, its OTEL_* settings (which every process inherits)
 * hold instead, and only the name is the stack's.
 */
export function tracingEnvironment(name: string, own: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const exporter = ownCollector(own)
    ? {}
    : tracingEnvironmentFor({ traces: `http://127.0.0.1:${DEFAULT_PORTS.traces}` });
  return { ...exporter, OTEL_SERVICE_NAME: name };
}

/** The banner's line on traces: where to see them, or where they go. */
export function tracesBanner(own: NodeJS.ProcessEnv = process.env): string {
  const collector = ownCollector(own);
  return collector
    ? `Traces:     sent to your collector at ${collector} (your OTEL_EXPORTER_OTLP_* settings)`
    : `Traces:     http://localhost:${DEFAULT_PORTS.traces}/traces (every request's spans; ` +
        "OTEL_EXPORTER_OTLP_ENDPOINT=... to use your own collector)";
}

/**
 * The environment `pnpm start` gets when typed in a terminal, for tests and benches that start it: this one
 * less NODE_PATH, which pnpm's binary shims (vitest's, turbo's) set and which would hide a package that only
 * resolves through it.
 */
export function terminalEnvironment(): NodeJS.ProcessEnv {
  const { NODE_PATH: _shimsOnly, ...environment } = process.env;
  return environment;
}
