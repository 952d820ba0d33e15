import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * One row of the shared endpoint catalogue: `../shared/spec/endpoints.tsv`, plus `endpoints-extra.tsv` beside it
 * (same columns: the endpoints the spec names without payloads).
 */
export interface CatalogueRow {
  method: string;
  path: string;
  auth: "none" | "user" | "admin";
  service: string;
  handling: string;
  backend: string;
  backendMethod: string;
  backendPath: string;
}

/** Finds ../shared/spec/endpoints.tsv beside the repository, from any folder inside it. */
export function catalogueFile(from: string = process.cwd()): string {
  if (process.env.ENDPOINT_CATALOGUE) return resolve(process.env.ENDPOINT_CATALOGUE);
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, "shared", "spec", "endpoints.tsv");
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error("cannot find shared/spec/endpoints.tsv beside the repository");
  }
}

/** The extra catalogue beside the main one, when there is one. */
export function extraCatalogueFile(main: string): string | undefined {
  const extra = join(dirname(main), "endpoints-extra.tsv");
  return existsSync(extra) ? extra : undefined;
}

/** Every row of the catalogue: the main file's, then the extra file's beside it. */
export function readCatalogue(file: string = catalogueFile()): CatalogueRow[] {
  const extra = extraCatalogueFile(file);
  return [...readCatalogueFile(file), ...(extra ? readCatalogueFile(extra) : [])];
}

/** The rows of one catalogue file. */
export function readCatalogueFile(file: string): CatalogueRow[] {
  const [header, ...lines] = readFileSync(file, "utf8").split(/\r?\n/).filter(Boolean);
  if (!header?.startsWith("method\tpath")) throw new Error(`${file} does not start with the catalogue header`);
  return lines.map((line) => {
    const [
      method = "",
      path = "",
      auth = "",
      service = "",
      handling = "",
      backend = "",
      backendMethod = "",
      backendPath = "",
    ] = line.split("\t");
    if (auth !== "none" && auth !== "user" && auth !== "admin") throw new Error(`bad auth column in: ${line}`);
    return { method, path, auth, service, handling, backend, backendMethod, backendPath };
  });
}

export const rowKey = (row: Pick<CatalogueRow, "method" | "path">) => `${row.method} ${row.path}`;

/** `/teams/{name}/members` → `/teams/:name/members`, the form Fastify registers. */
export function fastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ":$1");
}
