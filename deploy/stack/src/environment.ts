import { SERVICE_ENVIRONMENT_LINE } from "@de-gateway/backend-simulators/ports";
import type { LineSink } from "./logs.js";

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
