import { join } from "node:path";
import type { ServiceRoutes } from "@de-gateway/routing";
import type { TObject, TSchema } from "typebox";
import { documentSources, simulatorsEnvironment } from "../platform-environment.js";

/** What a service's container is given: settings (a ConfigMap) and secrets (a Secret), by variable. */
export interface ServiceEnvironment {
  config: Record<string, string>;
  /** The secrets the service reads, with the value the stack's simulators need. */
  secrets: Record<string, string>;
}

// Where the service listens comes from the pod spec (the routes.yml port is PORT's default), not from config.
const CONTAINER_SETTINGS = new Set(["PORT", "HOST"]);

type Setting = TSchema & { default?: unknown; secret?: boolean };

/** The service's `Config` schema, read from its `src/config.ts`: the only list of what it reads. */
export async function configSchemaOf(root: string, service: string): Promise<TObject> {
  const module = (await import(join(root, "services", service, "src", "config.ts"))) as { Config: TObject };
  return module.Config;
}

/**
 * The environment of one service in the Kubernetes stack: every variable its config reads, valued for the
 * simulators running beside it (as in docker-compose), or else its default. Variables declared `secret` go to
 * the Secret. A required variable with no value is an error: the pod would never start.
 */
export function serviceEnvironment(
  routes: ServiceRoutes,
  config: TObject,
  services: readonly ServiceRoutes[],
): ServiceEnvironment {
  const known: Record<string, string> = { ...simulatorsEnvironment(), OPENAPI_SOURCES: documentSources(services) };
  const environment: ServiceEnvironment = { config: {}, secrets: {} };
  for (const [variable, schema] of Object.entries(config.properties as Record<string, Setting>)) {
    if (CONTAINER_SETTINGS.has(variable)) continue;
    const value = known[variable] ?? (schema.default === undefined ? undefined : String(schema.default));
    if (value === undefined) {
      if (config.required?.includes(variable)) {
        throw new Error(`services/${routes.service}/src/config.ts requires ${variable}, which has no Kubernetes value`);
      }
      continue;
    }
    environment[schema.secret ? "secrets" : "config"][variable] = value;
  }
  return environment;
}
