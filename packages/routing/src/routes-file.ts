import { readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { type Static, Type } from "typebox";
import { Value } from "typebox/value";
import { parse } from "yaml";
import { SHARED_NODE_ARGS } from "./node-args.js";
import { repoRoot, routesFiles } from "./repo.js";

// A path in a rule: starts with "/", and holds nothing that would end the rule's backtick string.
const RulePath = Type.String({ pattern: "^/[^\\s`]*$" });
const Priority = Type.Integer({ minimum: 1 });
// One Node or V8 option, e.g. `--initial-old-space-size=96`: it goes into the images' command line as it is.
const NodeArg = Type.String({ pattern: "^--[a-z][a-z0-9_-]*(=[^\\s\"'\\\\]+)?$" });

const RouteEntry = Type.Object(
  {
    pathPrefix: Type.Optional(RulePath),
    path: Type.Optional(RulePath),
    priority: Type.Optional(Priority),
    /** `internal`: only the platform's internal entrypoint routes it, never the public one (docs/security.md). */
    entryPoint: Type.Optional(Type.Literal("internal")),
  },
  { additionalProperties: false },
);

/** The shape of a service's routes.yml. */
export const RoutesFileSchema = Type.Object(
  {
    service: Type.String({ pattern: "^[a-z][a-z0-9-]*$" }),
    port: Type.Integer({ minimum: 1, maximum: 65_535 }),
    routes: Type.Array(RouteEntry, { minItems: 1 }),
    nodeArgs: Type.Optional(Type.Array(NodeArg)),
  },
  { additionalProperties: false },
);

/** One public path (exact) or path prefix a service owns. */
export interface RouteDeclaration {
  kind: "path" | "pathPrefix";
  value: string;
  /** Set only where rule length would pick the wrong owner (nested prefixes of different services). */
  priority?: number;
  /** Routed only by the internal entrypoint, for calls between platform services. */
  internal?: true;
}

export interface ServiceRoutes {
  service: string;
  /** The service's default local port. */
  port: number;
  routes: RouteDeclaration[];
  /** Node options its process runs with wherever it runs (image, local stack, benches): SHARED_NODE_ARGS, then its own. */
  nodeArgs: string[];
  /** Where the declaration was read from, for messages. */
  file: string;
}

/**
 * Paths every service answers for operators and probes (service-kit's skeleton): metrics, liveness, readiness.
 * The public entrypoint must never route them, so no route may cover them.
 */
export const OPERATOR_PATHS = ["/metrics", "/healthz", "/readyz"] as const;

/** Whether Traefik's rule for the route would match the path (PathPrefix compares plain strings). */
const covers = (route: RouteDeclaration, path: string) =>
  route.kind === "path" ? route.value === path : path.startsWith(route.value);

export class RoutesFileError extends Error {
  override name = "RoutesFileError";
}

function declarationOf(entry: Static<typeof RouteEntry>, index: number, file: string): RouteDeclaration {
  const kinds = (["path", "pathPrefix"] as const).filter((kind) => entry[kind] !== undefined);
  if (kinds.length !== 1) {
    throw new RoutesFileError(`${file}: routes[${index}] must have exactly one of "path" or "pathPrefix"`);
  }
  const kind = kinds[0] as RouteDeclaration["kind"];
  return {
    kind,
    value: entry[kind] as string,
    ...(entry.priority ? { priority: entry.priority } : {}),
    ...(entry.entryPoint === "internal" ? { internal: true as const } : {}),
  };
}

/** Parses and validates one routes.yml; every problem is reported with the file's name. */
export function parseRoutesFile(text: string, file: string): ServiceRoutes {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw new RoutesFileError(`${file}: not valid YAML: ${(error as Error).message}`);
  }
  if (!Value.Check(RoutesFileSchema, document)) {
    const problems = Value.Errors(RoutesFileSchema, document).map(
      (error) => `  ${error.instancePath || "(top level)"}: ${error.message}`,
    );
    throw new RoutesFileError(`${file} is not a valid routes file:\n${[...new Set(problems)].join("\n")}`);
  }
  const routes = document.routes.map((entry, index) => declarationOf(entry, index, file));
  const seen = new Set<string>();
  for (const route of routes) {
    const key = `${route.kind} ${route.value}`;
    if (seen.has(key)) throw new RoutesFileError(`${file}: ${route.kind} ${route.value} is declared twice`);
    seen.add(key);
    const exposed = OPERATOR_PATHS.find((path) => covers(route, path));
    if (exposed) {
      throw new RoutesFileError(
        `${file}: ${route.kind} ${route.value} would make ${exposed} public; every service answers it for operators only`,
      );
    }
  }
  const nodeArgs = [...SHARED_NODE_ARGS, ...(document.nodeArgs ?? [])];
  return { service: document.service, port: document.port, routes, nodeArgs, file };
}

export function loadRoutesFile(file: string): ServiceRoutes {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new RoutesFileError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code})`);
  }
  const routes = parseRoutesFile(text, file);
  const folder = basename(dirname(file));
  if (routes.service !== folder) {
    throw new RoutesFileError(`${file}: names service "${routes.service}" but lives in services/${folder}`);
  }
  return routes;
}

/**
 * Every service's routes.yml, validated together: no two services may share a name, a port,
 * or the same path/prefix (that would leave the owner to chance).
 */
export function loadServiceRoutes(root: string = repoRoot()): ServiceRoutes[] {
  const services = routesFiles(root).map(loadRoutesFile);
  if (services.length === 0) throw new RoutesFileError(`no services/*/routes.yml under ${root}`);
  const portOwner = new Map<number, string>();
  const routeOwner = new Map<string, string>();
  for (const { service, port, routes, file } of services) {
    const samePort = portOwner.get(port);
    if (samePort) throw new RoutesFileError(`${file}: port ${port} is already the port of ${samePort}`);
    portOwner.set(port, service);
    for (const route of routes) {
      const key = `${route.kind} ${route.value}`;
      const other = routeOwner.get(key);
      if (other) throw new RoutesFileError(`${file}: ${key} is already declared by ${other}`);
      routeOwner.set(key, service);
    }
  }
  return services;
}
