import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { DefaultsMapping, DefaultsMappings, InstantLaunchMapping } from "./answer-schemas.js";
import { echoError } from "./errors.js";
import { cannotParse, fieldsOf, instantLaunchOf, text } from "./instant-launch-json.js";
import type { DefaultsVersion, InstantLaunchState } from "./instant-launch-state.js";
import { fullName } from "./users.js";

/** A selector as app-exposer decodes and stores it (a Go struct): every field there, a null selector kept. */
function selectorOf(value: unknown) {
  if (value === null) return null;
  const fields = fieldsOf(value);
  const compatible = fields.compatible;
  if (compatible !== undefined && compatible !== null && !Array.isArray(compatible)) throw cannotParse();
  return {
    pattern: text(fields.pattern),
    kind: text(fields.kind),
    default: instantLaunchOf(fields.default ?? null),
    compatible: compatible ? compatible.map(instantLaunchOf) : null,
  };
}

/** A mapping of file patterns to selectors, as app-exposer's InstantLaunchMapping decodes the body. */
function mappingOf(body: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fieldsOf(body)).map(([pattern, selector]) => [pattern, selectorOf(selector)]),
  );
}

const shown = ({ added_by: _by, ...version }: DefaultsVersion) => ({ ...version, version: String(version.version) });

/** The default mapping of file patterns to instant launches, kept in numbered versions. */
export function instantLaunchMappingRoutes(app: FastifyInstance, state: () => InstantLaunchState): void {
  const latest = () => {
    const found = state().defaults.at(-1);
    if (!found) throw echoError(404, "sql: no rows in result set");
    return found;
  };

  app.get("/instantlaunches/mappings/defaults", answers({ 200: DefaultsMappings }), async () => ({
    defaults: state().defaults.map(shown),
  }));
  app.get("/instantlaunches/mappings/defaults/latest", answers({ 200: DefaultsMapping }), async () => shown(latest()));
  app.put<{ Querystring: Record<string, unknown> }>(
    "/instantlaunches/mappings/defaults/latest",
    answers({ 200: InstantLaunchMapping }),
    async (request) => {
      const username = request.query.username;
      if (typeof username !== "string" || !username) throw echoError(400, "missing username in query parameters");
      const mapping = mappingOf(request.body);
      const version = (state().defaults.at(-1)?.version ?? 0) + 1;
      state().defaults.push({ id: randomUUID(), version, mapping, added_by: fullName(username) });
      return mapping;
    },
  );
  app.post("/instantlaunches/mappings/defaults/latest", answers({ 200: InstantLaunchMapping }), async (request) => {
    const current = latest();
    current.mapping = mappingOf(request.body);
    return current.mapping;
  });
  app.delete("/instantlaunches/mappings/defaults/latest", answers({ 200: NoBody }), async (_request, reply) => {
    state().defaults.pop();
    return reply.code(200).send();
  });
}
