import { stringify } from "yaml";
import type { Router } from "./routers.js";
import type { ServiceRoutes } from "./routes-file.js";

export interface DynamicConfigOptions {
  /** The entrypoint every public router listens on. */
  entryPoint: string;
  /** The entrypoint of routers for platform-internal calls (routes.yml `entryPoint: internal`). */
  internalEntryPoint: string;
  /** Where Traefik reaches a service, e.g. `http://groups:3002` in docker-compose. */
  upstreamUrl: (service: ServiceRoutes) => string;
  /** The readiness path Traefik polls to take an instance out of rotation. */
  healthCheckPath: string;
}

export interface TraefikRouter {
  rule: string;
  priority: number;
  entryPoints: string[];
  service: string;
}

export interface TraefikService {
  loadBalancer: {
    servers: Array<{ url: string }>;
    passHostHeader: boolean;
    healthCheck: { path: string; interval: string; timeout: string };
  };
}

export interface DynamicConfig {
  http: { routers: Record<string, TraefikRouter>; services: Record<string, TraefikService> };
}

/** Traefik's file-provider configuration for the given services and their routers. */
export function dynamicConfig(
  services: readonly ServiceRoutes[],
  routers: readonly Router[],
  options: DynamicConfigOptions,
): DynamicConfig {
  return {
    http: {
      routers: Object.fromEntries(
        routers.map(({ name, rule, priority, service, internal }) => [
          name,
          { rule, priority, entryPoints: [internal ? options.internalEntryPoint : options.entryPoint], service },
        ]),
      ),
      services: Object.fromEntries(
        services.map((service) => [
          service.service,
          {
            loadBalancer: {
              servers: [{ url: options.upstreamUrl(service) }],
              passHostHeader: true,
              healthCheck: { path: options.healthCheckPath, interval: "10s", timeout: "3s" },
            },
          },
        ]),
      ),
    },
  };
}

/** The configuration as the checked-in YAML file, with a header saying where it comes from. */
export function renderDynamicConfig(config: DynamicConfig, header: string): string {
  const comment = header
    .split("\n")
    .map((line) => `# ${line}`.trimEnd())
    .join("\n");
  return `${comment}\n${stringify(config, { lineWidth: 0 })}`;
}
