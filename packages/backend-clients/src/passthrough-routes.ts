import type { Access } from "@de-gateway/auth";
import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyInstance } from "fastify";
import { type TSchema, Type } from "typebox";
import type { HttpMethod } from "./client.js";
import type { BackendName } from "./config.js";
import { PassedOnAnswer, PassedOnBody } from "./passthrough.js";
import { encodeSegment } from "./path.js";

/**
 * One passthrough endpoint: the public method and path (catalogue syntax, `{param}` placeholders), what it
 * does, and where it goes: by default the family's backend at the same method and path, for signed-in
 * users, or administrators under `/admin/`.
 */
export interface PassthroughRow {
  method: HttpMethod;
  path: string;
  summary: string;
  backend?: BackendName;
  /** The backend's path when it differs (same placeholders), e.g. `/templates/{template-id}`. */
  backendPath?: string;
  /** The backend's method when it differs (a public POST that is a backend PUT). */
  backendMethod?: HttpMethod;
  auth?: Access;
  /** The query parameters the backend would fail on, checked first (400); the caller's query is passed on as sent. */
  querystring?: TSchema;
}

/** Rows of one resource family, tagged for the API description. */
export interface PassthroughFamily {
  tag: string;
  rows: readonly PassthroughRow[];
}

/** A path parameter's catalogue name → the name Fastify routes it by (camelCase: `-` would split it) and its schema. */
export type PathParameters = Record<string, { name: string; schema: TSchema }>;

export interface PassthroughOptions {
  parameters: PathParameters;
  /** Where rows without a `backend` go. */
  defaultBackend: BackendName;
}

export const accessOf = (row: PassthroughRow): Access =>
  row.auth ?? (row.path.startsWith("/admin/") ? "admin" : "user");

const PLACEHOLDER = /\{([^}]+)\}/g;
const WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

const transportErrors = { 502: ErrorBody, 504: ErrorBody };
const accessErrors = { 401: ErrorBody, 403: ErrorBody };

const placeholders = (path: string) => [...path.matchAll(PLACEHOLDER)].map((match) => match[1] as string);

/**
 * Registers each row as a route that streams the request to its backend and the answer back, with the
 * caller's identity set by the backend client. Call inside a context using `streamRequestBodies`.
 */
export function registerPassthroughs(
  app: FastifyInstance,
  families: readonly PassthroughFamily[],
  { parameters, defaultBackend }: PassthroughOptions,
): void {
  const parameter = (catalogueName: string) => {
    const known = parameters[catalogueName];
    if (!known) throw new Error(`no schema for the path parameter {${catalogueName}}`);
    return known;
  };
  /** `/apps/{app-id}/details` → `/apps/:appId/details`. */
  const routePath = (path: string) => path.replace(PLACEHOLDER, (_all, name: string) => `:${parameter(name).name}`);
  /** How a row's backend path is made: each parameter encoded as exactly one segment; a path without any, as it is. */
  const backendPathOf = (row: PassthroughRow): ((params: Record<string, string>) => string) => {
    const template = row.backendPath ?? row.path;
    if (!placeholders(template).length) return () => template;
    return (params) =>
      template.replace(PLACEHOLDER, (_all, name: string) => encodeSegment(params[parameter(name).name] ?? ""));
  };
  const paramsSchema = (row: PassthroughRow) => {
    const names = placeholders(row.path);
    if (!names.length) return undefined;
    return Type.Object(Object.fromEntries(names.map((name) => [parameter(name).name, parameter(name).schema])));
  };

  for (const { tag, rows } of families) {
    for (const row of rows) {
      const params = paramsSchema(row);
      const backendPath = backendPathOf(row);
      const template = row.backendPath ?? row.path;
      const open = accessOf(row) === "none";
      app.route({
        method: row.method,
        url: routePath(row.path),
        config: { auth: accessOf(row) },
        schema: {
          summary: row.summary,
          tags: [tag],
          ...(params ? { params } : {}),
          ...(row.querystring ? { querystring: row.querystring } : {}),
          ...(WITH_BODY.has(row.method) ? { body: PassedOnBody } : {}),
          response: { "2xx": PassedOnAnswer, ...transportErrors, ...(open ? {} : accessErrors) },
          ...(open ? { security: [] } : {}),
        },
        handler: (request, reply) => {
          app.backends[row.backend ?? defaultBackend].forward(request, reply, {
            path: backendPath(request.params as Record<string, string>),
            method: row.backendMethod ?? row.method,
            template,
          });
        },
      });
    }
  }
}
