import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { echoError } from "./errors.js";
import type { DefaultsVersion, InstantLaunchState } from "./instant-launch-state.js";
import { fullName } from "./users.js";

function mappingOf(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw echoError(400, "cannot parse JSON");
  return body as Record<string, unknown>;
}

const shown = ({ added_by: _by, ...version }: DefaultsVersion) => ({ ...version, version: String(version.version) });

/** The default mapping of file patterns to instant launches, kept in numbered versions. */
export function instantLaunchMappingRoutes(app: FastifyInstance, state: () => InstantLaunchState): void {
  const latest = () => {
    const found = state().defaults.at(-1);
    if (!found) throw echoError(404, "sql: no rows in result set");
    return found;
  };

  app.get("/instantlaunches/mappings/defaults", async () => ({ defaults: state().defaults.map(shown) }));
  app.get("/instantlaunches/mappings/defaults/latest", async () => shown(latest()));
  app.put<{ Querystring: Record<string, unknown> }>("/instantlaunches/mappings/defaults/latest", async (request) => {
    const username = request.query.username;
    if (typeof username !== "string" || !username) throw echoError(400, "missing username in query parameters");
    const mapping = mappingOf(request.body);
    const version = (state().defaults.at(-1)?.version ?? 0) + 1;
    state().defaults.push({ id: randomUUID(), version, mapping, added_by: fullName(username) });
    return mapping;
  });
  app.post("/instantlaunches/mappings/defaults/latest", async (request) => {
    const current = latest();
    current.mapping = mappingOf(request.body);
    return current.mapping;
  });
  app.delete("/instantlaunches/mappings/defaults/latest", async (_request, reply) => {
    state().defaults.pop();
    return reply.code(200).send();
  });
}
