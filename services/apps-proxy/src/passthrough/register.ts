import { encodeSegment, PassedOnAnswer, PassedOnBody } from "@de-gateway/backend-clients";
import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { pathParameter } from "./parameters.js";
import { accessOf, type PassthroughFamily, type PassthroughRow } from "./rows.js";

const PLACEHOLDER = /\{([^}]+)\}/g;
const WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

const transportErrors = { 502: ErrorBody, 504: ErrorBody };
const accessErrors = { 401: ErrorBody, 403: ErrorBody };

const placeholders = (path: string) => [...path.matchAll(PLACEHOLDER)].map((match) => match[1] as string);

/** `/apps/{app-id}/details` → `/apps/:appId/details`. */
const routePath = (path: string) => path.replace(PLACEHOLDER, (_all, name: string) => `:${pathParameter(name).name}`);

/** The backend path with each parameter encoded as exactly one segment. */
function backendPath(row: PassthroughRow, params: Record<string, string>): string {
  return (row.backendPath ?? row.path).replace(PLACEHOLDER, (_all, name: string) =>
    encodeSegment(params[pathParameter(name).name] ?? ""),
  );
}

function paramsSchema(row: PassthroughRow) {
  const names = placeholders(row.path);
  if (!names.length) return undefined;
  return Type.Object(Object.fromEntries(names.map((name) => [pathParameter(name).name, pathParameter(name).schema])));
}

/**
 * Registers each row as a route that streams the request to its backend and the answer back, with the
 * caller's identity set by the backend client. Call inside a context using `streamRequestBodies`.
 */
export function registerPassthroughs(app: FastifyInstance, families: readonly PassthroughFamily[]): void {
  for (const { tag, rows } of families) {
    for (const row of rows) {
      const params = paramsSchema(row);
      const open = accessOf(row) === "none";
      app.route({
        method: row.method,
        url: routePath(row.path),
        config: { auth: accessOf(row) },
        schema: {
          summary: row.summary,
          tags: [tag],
          ...(params ? { params } : {}),
          ...(WITH_BODY.has(row.method) ? { body: PassedOnBody } : {}),
          response: { "2xx": PassedOnAnswer, ...transportErrors, ...(open ? {} : accessErrors) },
          ...(open ? { security: [] } : {}),
        },
        handler: (request, reply) =>
          app.backends[row.backend ?? "apps"].forward(request, reply, {
            path: backendPath(row, request.params as Record<string, string>),
            method: row.method,
          }),
      });
    }
  }
}
