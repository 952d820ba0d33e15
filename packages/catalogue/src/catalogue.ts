import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * Who may call a row: anyone (`none`); anyone, a visitor without a token running as the platform's `anonymous`
 * user (`optional`); a signed-in user; an administrator; or a service account holding a configured role
 * (`service`).
 */
export type CatalogueAuth = "none" | "optional" | "user" | "admin" | "service";
const AUTH_VALUES: readonly string[] = ["none", "optional", "user", "admin", "service"];

/**
 * One row of the shared endpoint catalogue: `../shared/spec/endpoints.tsv`, plus `endpoints-extra.tsv` (the
 * endpoints the spec names without payloads) and `endpoints-client.tsv` (the real web client's URL space beyond
 * the seed) beside it. The client file's extra columns (`client`, `notes`) are not read.
 */
export interface CatalogueRow {
  method: string;
  path: string;
  auth: CatalogueAuth;
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

/** The files read beside the main catalogue, in order, when they are there. */
export const COMPANION_FILES = ["endpoints-extra.tsv", "endpoints-client.tsv"] as const;

/** A companion catalogue beside the main one, when there is one. */
export function companionFile(main: string, name: (typeof COMPANION_FILES)[number]): string | undefined {
  const file = join(dirname(main), name);
  return existsSync(file) ? file : undefined;
}

/** Every row of the catalogue: the main file's, then the extra and client files' beside it. */
export function readCatalogue(file: string = catalogueFile()): CatalogueRow[] {
  const companions = COMPANION_FILES.map((name) => companionFile(file, name)).filter((found) => found !== undefined);
  return [file, ...companions].flatMap(readCatalogueFile);
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
    if (!AUTH_VALUES.includes(auth)) throw new Error(`bad auth column in: ${line}`);
    return { method, path, auth: auth as CatalogueAuth, service, handling, backend, backendMethod, backendPath };
  });
}

export const rowKey = (row: Pick<CatalogueRow, "method" | "path">) => `${row.method} ${row.path}`;

/** `/teams/{name}/members` → `/teams/:name/members`, the form Fastify registers. */
export function fastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ":$1");
}
