import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parse } from "yaml";
import { root } from "../src/workspace.js";

export type ComposeDocument = {
  name?: string;
  include?: Array<string | { path: string | string[] }>;
  services?: Record<string, ServiceDefinition>;
};

export type ServiceDefinition = {
  image?: string;
  build?: { context: string; dockerfile: string };
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  container_name?: string;
};

/** A compose file of the repository, parsed; `file` is relative to the repository root. */
export const readCompose = (file: string): ComposeDocument =>
  parse(readFileSync(join(root, file), "utf8")) as ComposeDocument;

export interface RenderedService {
  name: string;
  /** The files merged into it, from the repository root; the first one's folder is where its paths start. */
  files: string[];
  definition: ServiceDefinition;
}

/** Mappings merge key by key, sequences add what they lack: the rules of compose's merge that these files need. */
function merge(base: unknown, over: unknown): unknown {
  if (Array.isArray(base) && Array.isArray(over)) return [...base, ...over.filter((item) => !base.includes(item))];
  if (typeof base === "object" && base !== null && typeof over === "object" && over !== null) {
    const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [key, value] of Object.entries(over)) merged[key] = key in merged ? merge(merged[key], value) : value;
    return merged;
  }
  return over;
}

/**
 * Compose's interpolation in every string of a parsed file, for the forms these files use: `${VAR}`,
 * `${VAR:-default}` (unset or empty: the default) and `${VAR:?message}` (unset or empty: an error). Each error is
 * added to `errors` as compose words it.
 */
function interpolate(value: unknown, environment: Record<string, string>, errors: string[]): unknown {
  if (typeof value === "string") {
    return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_whole, variable: string, kind?: string, word = "") => {
      const given = environment[variable];
      if (given !== undefined && given !== "") return given;
      if (kind === "?") errors.push(`required variable ${variable} is missing a value: ${word}`);
      return kind === "-" ? word : "";
    });
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, environment, errors));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolate(item, environment, errors)]),
    );
  }
  return value;
}

/**
 * The services a compose entry file makes, as `docker compose -f <entry> config` would: each `include` entry's
 * files merged in order (the first names the folder its paths start from), then the entry's own services, every
 * string interpolated from `environment`. Throws, naming every variable, when a required one is missing.
 */
export function renderCompose(entry: string, environment: Record<string, string> = {}): RenderedService[] {
  const errors: string[] = [];
  const read = (file: string) => interpolate(readCompose(file), environment, errors) as ComposeDocument;
  const document = read(entry);
  const services = new Map<string, RenderedService>();
  const add = (files: string[], found: Record<string, ServiceDefinition>) => {
    for (const [name, definition] of Object.entries(found)) {
      const known = services.get(name);
      services.set(name, {
        name,
        files: known ? known.files : files,
        definition: (known ? merge(known.definition, definition) : definition) as ServiceDefinition,
      });
    }
  };
  for (const included of document.include ?? []) {
    const files = [typeof included === "string" ? included : included.path]
      .flat()
      .map((path) => relative(root, resolve(root, dirname(entry), path)));
    const merged = files.map(read).reduce((all, next) => merge(all, next) as ComposeDocument);
    add(files, merged.services ?? {});
  }
  add([entry], document.services ?? {});
  if (errors.length > 0) throw new Error(errors.join("\n"));
  return [...services.values()];
}

/** A path a service's definition names, from the repository root. */
export const fromRoot = (service: RenderedService, path: string) =>
  relative(root, resolve(root, dirname(service.files[0] as string), path)) || ".";
