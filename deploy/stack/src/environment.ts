import {
  DEFAULT_PORTS,
  DEVELOPMENT_STACK_SETTING,
  SERVICE_ENVIRONMENT_LINE,
  tracingEnvironmentFor,
} from "@de-gateway/backend-simulators/ports";
import { serviceComponents } from "./components.js";
import type { LineSink } from "./logs.js";

/** Where the docs service finds the documents it merges: every other service, on its routes.yml port. */
export const documentSources = () =>
  serviceComponents()
    .filter(({ name }) => name !== "docs")
    .map(({ name, port }) => `${name}=http://127.0.0.1:${port}`)
    .join(",");

/**
 * What the simulators' process is told: listen on loopback only, this is a development stack (without it the
 * simulators refuse to start), and print the services' environment (below).
 */
export const SIMULATORS_PROCESS_ENVIRONMENT = {
  SIM_HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  SIM_PRINT_ENVIRONMENT: "1",
  [DEVELOPMENT_STACK_SETTING]: "1",
};

/**
 * What every service of the local stack is told about the simulators (URLs, identity provider, DE JWT key),
 * as the simulators' process prints it when started with SIM_PRINT_ENVIRONMENT=1. `sink` takes that process's
 * output: the environment line is kept, every other line is passed on to `others`.
 */
export function simulatorEnvironment(others?: LineSink): {
  sink: LineSink;
  environment: Promise<Record<string, string>>;
} {
  let resolve: (environment: Record<string, string>) => void = () => {};
  const environment = new Promise<Record<string, string>>((done) => {
    resolve = done;
  });
  const sink: LineSink = (name, line) => {
    if (line.startsWith(SERVICE_ENVIRONMENT_LINE)) resolve(JSON.parse(line.slice(SERVICE_ENVIRONMENT_LINE.length)));
    else others?.(name, line);
  };
  return { sink, environment };
}

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
