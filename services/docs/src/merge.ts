import { isDeepStrictEqual } from "node:util";
import { OPERATION_METHODS, type OpenApiDocument, type Operation } from "./openapi.js";

/** One service's own OpenAPI document. */
export interface ServiceDocument {
  service: string;
  document: OpenApiDocument;
}

export interface MergeResult {
  document: OpenApiDocument;
  /** What could not be merged (an operation or schema defined twice, a service that did not answer). */
  problems: string[];
}

/** `/teams/{name}` and `/teams/{id}` are the same path to a router. */
const templateOf = (path: string) => path.replace(/\{[^}]+\}/g, "{}");

function mergeComponents(
  target: Record<string, unknown>,
  source: Record<string, unknown> | undefined,
  service: string,
  kind: string,
  problems: string[],
): void {
  for (const [name, value] of Object.entries(source ?? {})) {
    if (!(name in target)) target[name] = value;
    else if (!isDeepStrictEqual(target[name], value)) {
      problems.push(`${service}: components.${kind}.${name} differs from the one already merged; the first is kept`);
    }
  }
}

/**
 * Merges the services' own documents into the document of the whole URL space, starting from `base`
 * (info, global security, security schemes). Each operation is tagged with its service and states its
 * security explicitly, so nothing depends on which service's global defaults were kept. An operation
 * two services document is kept once and reported.
 */
export function mergeDocuments(base: OpenApiDocument, services: readonly ServiceDocument[]): MergeResult {
  const problems: string[] = [];
  const paths: Record<string, Record<string, Operation>> = {};
  const owners = new Map<string, string>();
  const schemas: Record<string, unknown> = {};
  const securitySchemes: Record<string, unknown> = { ...base.components?.securitySchemes };

  for (const { service, document } of services) {
    mergeComponents(schemas, document.components?.schemas, service, "schemas", problems);
    mergeComponents(securitySchemes, document.components?.securitySchemes, service, "securitySchemes", problems);
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of OPERATION_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const key = `${method.toUpperCase()} ${templateOf(path)}`;
        const owner = owners.get(key);
        if (owner) {
          problems.push(`${service}: ${method.toUpperCase()} ${path} is already documented by ${owner}`);
          continue;
        }
        owners.set(key, service);
        paths[path] ??= {};
        paths[path][method] = {
          ...operation,
          tags: [service],
          security: operation.security ?? document.security ?? [],
        };
      }
    }
  }

  const document: OpenApiDocument = {
    ...base,
    tags: services.map(({ service }) => ({ name: service, description: `Served by the ${service} service` })),
    paths,
    components: { ...base.components, schemas, securitySchemes },
  };
  return { document, problems };
}
