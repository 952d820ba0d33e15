import { type RouteDeclaration, RoutesFileError, type ServiceRoutes } from "./routes-file.js";

/** A Traefik HTTP router: the rule it matches, its priority, and the service it sends requests to. */
export interface Router {
  name: string;
  service: string;
  rule: string;
  priority: number;
  /** On the internal entrypoint only (platform-internal calls), never the public one. */
  internal?: true;
}

/** `PathPrefix(`/teams`)` or `Path(`/`)`, as Traefik writes rules. */
export function ruleOf(route: RouteDeclaration): string {
  return route.kind === "path" ? `Path(\`${route.value}\`)` : `PathPrefix(\`${route.value}\`)`;
}

/** Traefik's default priority: the length of the rule, so the longer (more specific) rule wins. */
export function defaultPriority(rule: string): number {
  return rule.length;
}

function routerName(service: string, route: RouteDeclaration): string {
  const slug = route.value.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "root";
  return `${service}-${slug}${route.kind === "path" ? "-exact" : ""}`;
}

/**
 * One router per declared route, named `<service>-<path>`; the priority is explicit on every router. Two routes of a
 * service whose paths differ only in punctuation (`/a-b`, `/a/b`) would make one name, and Traefik's configuration
 * would keep only one of the two routers: that is refused.
 */
export function routersOf(services: readonly ServiceRoutes[]): Router[] {
  return services.flatMap(({ service, routes, file }) => {
    const named = new Map<string, RouteDeclaration>();
    return routes.map((route) => {
      const name = routerName(service, route);
      const taken = named.get(name);
      if (taken) {
        throw new RoutesFileError(
          `${file}: the routes ${ruleOf(taken)} and ${ruleOf(route)} would both be Traefik's router ${name}`,
        );
      }
      named.set(name, route);
      const rule = ruleOf(route);
      const priority = route.priority ?? defaultPriority(rule);
      return { name, service, rule, priority, ...(route.internal ? { internal: true as const } : {}) };
    });
  });
}
