import { DEVELOPMENT_STACK_SETTING, SERVICE_ENVIRONMENT_LINE } from "@de-gateway/backend-simulators/ports";
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

/**
 * The environment `pnpm start` gets when typed in a terminal, for tests and benches that start it: this one
 * less NODE_PATH, which pnpm's binary shims (vitest's, turbo's) set and which would hide a package that only
 * resolves through it.
 */
export function terminalEnvironment(): NodeJS.ProcessEnv {
  const { NODE_PATH: _shimsOnly, ...environment } = process.env;
  return environment;
}
