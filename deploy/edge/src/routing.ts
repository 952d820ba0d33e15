import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type EntryPointSettings,
  loadServiceRoutes,
  RouteTable,
  readEntryPointSettings,
  repoRoot,
  routersOf,
  type ServiceRoutes,
  TRAEFIK_STATIC_CONFIG,
} from "@de-gateway/routing";

/** What the edge routes by: the services' routes.yml files and Traefik's entrypoint settings. */
export interface EdgeRouting {
  services: ServiceRoutes[];
  table: RouteTable;
  entryPoint: EntryPointSettings;
}

/** Reads the same declarations Traefik's configuration is generated from, in the repository holding this file. */
export function loadEdgeRouting(root: string = repoRoot(dirname(fileURLToPath(import.meta.url)))): EdgeRouting {
  const services = loadServiceRoutes(root);
  return {
    services,
    // The edge is the public entrypoint: routes for platform-internal calls are not routed here.
    table: new RouteTable(routersOf(services).filter((router) => !router.internal)),
    entryPoint: readEntryPointSettings(join(root, TRAEFIK_STATIC_CONFIG)),
  };
}
