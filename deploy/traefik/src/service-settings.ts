import { join } from "node:path";
import type { ServiceRoutes } from "@de-gateway/routing";
import type { TObject, TSchema } from "typebox";
import {
  documentSources,
  platformVariables,
  SERVICE_NAME_SETTING,
  simulatorsEnvironment,
} from "./platform-environment.js";

/**
 * What one service is told, by layer. The base holds what is the same wherever it runs; the platform's variables
 * (backends, identity provider, mail, accounts, keys) come from a layer: the simulators' values in development, the
 * deployer's in production.
 */
export interface ServiceSettings {
  /** The service's own settings: every default its config.ts declares, and OPENAPI_SOURCES. */
  base: Record<string, string>;
  /**
   * How the service names itself to the platform's collectors (OTEL_SERVICE_NAME, where its config reads it), the
   * same in every layer: with the base on Kubernetes, in each layer's file in compose (whose base is the team's).
   */
  identity: Record<string, string>;
  /** The platform's variables the service reads, valued for the simulators of the development stack. */
  development: Record<string, string>;
  /** The platform's variables a real deployment must give: those config.ts requires without a default. */
  required: string[];
  /** The platform's variables a real deployment may give; without one the service's default holds, or nothing. */
  optional: string[];
  /** The variables config.ts declares `secret`: on Kubernetes they come from a Secret, never a ConfigMap. */
  secrets: Set<string>;
}

// Where the service listens comes from the container (the routes.yml port is PORT's default), not from a layer.
const CONTAINER_SETTINGS = new Set(["PORT", "HOST"]);

type Setting = TSchema & { default?: unknown; secret?: boolean };

/** The service's `Config` schema, read from its `src/config.ts`: the only list of what it reads. */
export async function configSchemaOf(root: string, service: string): Promise<TObject> {
  const module = (await import(join(root, "services", service, "src", "config.ts"))) as { Config: TObject };
  return module.Config;
}

/**
 * Sorts every variable a service's config reads into its layer. A required variable that neither the base nor the
 * development stack can give is an error: the service would never start there.
 */
export function serviceSettings(
  routes: ServiceRoutes,
  config: TObject,
  services: readonly ServiceRoutes[],
): ServiceSettings {
  const platform = platformVariables();
  const simulated = simulatorsEnvironment();
  const own: Record<string, string> = { OPENAPI_SOURCES: documentSources(services) };
  const settings: ServiceSettings = {
    base: {},
    identity: {},
    development: {},
    required: [],
    optional: [],
    secrets: new Set(),
  };
  for (const [variable, schema] of Object.entries(config.properties as Record<string, Setting>)) {
    if (CONTAINER_SETTINGS.has(variable)) continue;
    if (variable === SERVICE_NAME_SETTING) {
      settings.identity[variable] = routes.service;
      continue;
    }
    const required = config.required?.includes(variable) === true && schema.default === undefined;
    if (schema.secret) settings.secrets.add(variable);
    if (platform.has(variable)) {
      settings[required ? "required" : "optional"].push(variable);
      const value = simulated[variable];
      if (value !== undefined) settings.development[variable] = value;
      else if (required)
        throw new Error(`the simulators give no ${variable}, which services/${routes.service} requires`);
      continue;
    }
    const value = own[variable] ?? (schema.default === undefined ? undefined : String(schema.default));
    if (value !== undefined) settings.base[variable] = value;
    else if (required) {
      throw new Error(`services/${routes.service}/src/config.ts requires ${variable}, which no layer gives`);
    }
  }
  return settings;
}
