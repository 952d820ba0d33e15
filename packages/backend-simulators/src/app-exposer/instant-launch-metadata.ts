import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { AvuList, FullInstantLaunchRows } from "./answer-schemas.js";
import type { DeDatabase } from "./de-database.js";
import { echoError, requiredUser } from "./errors.js";
import type { InstantLaunchAvu, InstantLaunchState } from "./instant-launch-state.js";
import { fullInstantLaunch } from "./instant-launches.js";

type Query = Record<string, unknown>;
type IdParams = { Params: { id: string }; Querystring: Query };
interface AvuRequest {
  id?: string;
  attr: string;
  value: string;
  unit: string;
}

/**
 * A filter as app-exposer reads it (instantlaunches/metadata.go `listAVUs`): echo's `QueryParam` gives the first
 * value of a repeated parameter, and an empty one is not passed on to the metadata service.
 */
const filter = (query: Query, name: string): string | undefined => {
  const value = query[name];
  const given = Array.isArray(value) ? value[0] : value;
  return typeof given === "string" && given !== "" ? given : undefined;
};

function avuRequests(body: unknown, required: boolean): AvuRequest[] {
  const avus = (body as { avus?: unknown } | null)?.avus;
  if (avus === undefined && !required) return [];
  if (!Array.isArray(avus)) throw echoError(400, "avus must be a list");
  return avus.map((avu: Record<string, unknown> | null) => {
    if (typeof avu?.attr !== "string" || typeof avu.value !== "string") {
      throw echoError(400, "every AVU needs an attr and a value");
    }
    return {
      ...(typeof avu.id === "string" ? { id: avu.id } : {}),
      attr: avu.attr,
      value: avu.value,
      unit: typeof avu.unit === "string" ? avu.unit : "",
    };
  });
}

const shown = ({ target_type: _type, ...avu }: InstantLaunchAvu) => avu;

/**
 * Instant launches' metadata (AVUs the metadata service keeps for app-exposer): listing by attribute, value
 * and unit, the full instant launches they are on, one instant launch's AVUs, adding and replacing them.
 */
export function instantLaunchMetadataRoutes(
  app: FastifyInstance,
  state: () => InstantLaunchState,
  database: DeDatabase,
): void {
  const matching = (query: Query) => {
    const [attribute, value, unit] = [filter(query, "attribute"), filter(query, "value"), filter(query, "unit")];
    return state().avus.filter(
      (avu) =>
        (attribute === undefined || avu.attr === attribute) &&
        (value === undefined || avu.value === value) &&
        (unit === undefined || avu.unit === unit),
    );
  };
  const existing = (id: string) => {
    if (!state().instantLaunches.has(id)) throw echoError(404, `instant launch UUID ${id} not found`);
    return id;
  };
  const avusOn = (id: string) => ({
    avus: state()
      .avus.filter((avu) => avu.target_id === id)
      .map(shown),
  });
  const save = (id: string, user: string, request: AvuRequest) => {
    const now = Date.now();
    const same = state().avus.find(
      (avu) =>
        avu.target_id === id &&
        (request.id ? avu.id === request.id : avu.attr === request.attr && avu.value === request.value),
    );
    if (same) {
      Object.assign(same, { attr: request.attr, value: request.value, unit: request.unit });
      Object.assign(same, { modified_by: user, modified_on: now });
      return;
    }
    state().avus.push({
      id: request.id ?? randomUUID(),
      ...request,
      target_id: id,
      target_type: "instant_launch",
      created_by: user,
      modified_by: user,
      created_on: now,
      modified_on: now,
    });
  };

  app.get<{ Querystring: Query }>("/instantlaunches/metadata", answers({ 200: AvuList }), async (request) => {
    requiredUser(request.query, 400, "user is missing");
    return { avus: matching(request.query).map(shown) };
  });
  app.get<{ Querystring: Query }>(
    "/instantlaunches/metadata/full",
    answers({ 200: FullInstantLaunchRows }),
    async (request) => {
      requiredUser(request.query, 400, "user is missing");
      const ids = new Set(matching(request.query).map((avu) => avu.target_id));
      return [...ids].flatMap((id) => {
        const instantLaunch = state().instantLaunches.get(id);
        return (instantLaunch && fullInstantLaunch(instantLaunch, database)) || [];
      });
    },
  );
  app.get<IdParams>("/instantlaunches/:id/metadata", answers({ 200: AvuList }), async (request) => {
    requiredUser(request.query);
    return avusOn(existing(request.params.id));
  });
  app.post<IdParams>("/instantlaunches/admin/:id/metadata", answers({ 200: AvuList }), async (request) => {
    const user = requiredUser(request.query);
    const id = existing(request.params.id);
    for (const avu of avuRequests(request.body, true)) save(id, user, avu);
    return avusOn(id);
  });
  app.put<IdParams>("/instantlaunches/admin/:id/metadata", answers({ 200: AvuList }), async (request) => {
    const user = requiredUser(request.query);
    const id = existing(request.params.id);
    const wanted = avuRequests(request.body, false);
    const kept = new Set(wanted.flatMap((avu) => (avu.id ? [avu.id] : [])));
    state().avus = state().avus.filter((avu) => avu.target_id !== id || kept.has(avu.id));
    for (const avu of wanted) save(id, user, avu);
    return avusOn(id);
  });
}
