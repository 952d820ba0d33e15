import {
  dynamicConfig,
  loadServiceRoutes,
  renderDynamicConfig,
  repoRoot,
  routersOf,
  type ServiceRoutes,
} from "@de-gateway/routing";

/** The entrypoint of traefik.yml that carries the URL space. */
export const ENTRY_POINT = "web";
/** The entrypoint of traefik.yml for platform-internal calls (not published): routes.yml `entryPoint: internal`. */
export const INTERNAL_ENTRY_POINT = "platform";

/** How Traefik reaches a service in docker-compose: its compose service name, on its routes.yml port. */
export const composeUpstream = (service: ServiceRoutes) => `http://${service.service}:${service.port}`;

const HEADER = [
  "Generated from services/*/routes.yml by `pnpm --filter @de-gateway/traefik generate`: do not edit.",
  "Priorities are explicit (the rule length unless a routes.yml sets one); the longer rule wins.",
];

/** The text of deploy/traefik/dynamic/routers.yml as the routes.yml files make it now. */
export function generatedRoutersFile(root: string = repoRoot()): string {
  const services = loadServiceRoutes(root);
  const config = dynamicConfig(services, routersOf(services), {
    entryPoint: ENTRY_POINT,
    internalEntryPoint: INTERNAL_ENTRY_POINT,
    upstreamUrl: composeUpstream,
    healthCheckPath: "/readyz",
  });
  return renderDynamicConfig(config, HEADER.join("\n"));
}
