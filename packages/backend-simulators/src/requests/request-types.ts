import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { RequestType as RequestTypeAnswer, RequestTypeListing } from "./answer-schemas.js";
import { RequestsError } from "./errors.js";
import type { RequestsState, RequestType } from "./state.js";

type Query = Record<string, unknown>;
type NameParams = { Params: { name: string }; Querystring: Query };

const NAME = /^[\w-]+$/;

/** An optional positive integer query parameter (the limits). */
function limit(query: Query, name: string): number | undefined {
  const value = query[name];
  if (value === undefined || value === "") return undefined;
  const number = Number(value);
  if (typeof value !== "string" || !/^-?\d+$/.test(value)) {
    throw new RequestsError(400, `invalid value for ${name}: ${String(value)}`);
  }
  if (number <= 0) throw new RequestsError(400, `${name} must be a positive integer if specified`);
  return number;
}

function limits(query: Query): Partial<RequestType> {
  const perUser = limit(query, "maximum-requests-per-user");
  const concurrent = limit(query, "maximum-concurrent-requests-per-user");
  return {
    ...(perUser === undefined ? {} : { maximum_requests_per_user: perUser }),
    ...(concurrent === undefined ? {} : { maximum_concurrent_requests_per_user: concurrent }),
  };
}

/** Request types: listing, registering (idempotent: an existing type is answered as it is), reading, changing limits. */
export function requestTypeRoutes(app: FastifyInstance, state: () => RequestsState): void {
  const existing = (name: string) => {
    const found = state().types.get(name);
    if (!found) throw new RequestsError(404, `request type ${name} not found`);
    return found;
  };

  app.get("/request-types", answers({ 200: RequestTypeListing }), async () => ({
    request_types: [...state().types.values()],
  }));
  app.get<NameParams>("/request-types/:name", answers({ 200: RequestTypeAnswer }), async (request) =>
    existing(request.params.name),
  );
  app.post<NameParams>("/request-types/:name", answers({ 200: RequestTypeAnswer }), async (request) => {
    const { name } = request.params;
    if (!NAME.test(name)) {
      throw new RequestsError(400, "request type names may only contain alphanumerics, underscores, and hyphens");
    }
    const wanted = limits(request.query);
    const found = state().types.get(name);
    if (found) return found;
    const added: RequestType = { id: randomUUID(), name, ...wanted };
    state().types.set(name, added);
    return added;
  });
  app.patch<NameParams>("/request-types/:name", answers({ 200: RequestTypeAnswer }), async (request) => {
    const found = existing(request.params.name);
    Object.assign(found, limits(request.query));
    return found;
  });
}
