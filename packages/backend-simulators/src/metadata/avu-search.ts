import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers } from "../framework/answers.js";
import { queryOf } from "../framework/caller.js";
import { InvalidRequest } from "../framework/problems.js";
import { failed } from "../framework/schema-refusals.js";
import { AvuList } from "./answer-schemas.js";
import { type AvusState, type StoredAvu, shownAvu } from "./avu-store.js";
import { metadataScope, userOf } from "./service.js";

const CRITERIA = ["attribute", "target-type", "target-id", "value", "unit"] as const;
type Criteria = Partial<Record<(typeof CRITERIA)[number], string[]>>;

const FIELD: Record<(typeof CRITERIA)[number], keyof StoredAvu> = {
  attribute: "attribute",
  "target-type": "target_type",
  "target-id": "target_id",
  value: "value",
  unit: "unit",
};

/** The search criteria: each a list of values, any of which the AVU's field must equal (ids in any case). */
function criteriaOf(values: Record<string, unknown>, single: "refuse" | "list"): Criteria {
  const criteria: Criteria = {};
  const refused: Record<string, unknown> = {};
  for (const name of CRITERIA) {
    const value = values[name];
    if (value === undefined) continue;
    const list = typeof value === "string" && single === "list" ? [value] : value;
    if (!Array.isArray(list) || !list.every((item) => typeof item === "string")) {
      refused[name] = Array.isArray(list)
        ? list.map((item) => (typeof item === "string" ? null : failed("instance? java.lang.String", item)))
        : failed("sequential?", list);
      continue;
    }
    criteria[name] = name === "target-id" ? list.map((id) => id.toLowerCase()) : list;
  }
  if (Object.keys(refused).length > 0) throw new InvalidRequest(refused);
  return criteria;
}

const matches = (avu: StoredAvu, criteria: Criteria) =>
  CRITERIA.every((name) => {
    const wanted = criteria[name];
    return wanted === undefined || wanted.includes(String(avu[FIELD[name]]));
  });

/**
 * `POST /avus/search` (criteria in the body) and `GET /avus` (in the query, repeatable) → `{avus}`: the AVUs whose
 * attribute, target type, target id, value and unit are each one of those given, with what is attached to them.
 */
export function avuSearchRoutes(app: FastifyInstance, state: () => AvusState) {
  const search = (criteria: Criteria) => {
    const stored = [...state().avus.values()];
    const attachedTo = (id: string) => stored.filter((avu) => avu.target_type === "avu" && avu.target_id === id);
    const found = stored.filter((avu) => avu.target_type !== "avu" && matches(avu, criteria));
    return { avus: found.map((avu) => shownAvu(avu, attachedTo)) };
  };
  return metadataScope(app, (scope) => {
    scope.post("/avus/search", answers({ 200: AvuList }), async (request: FastifyRequest) => {
      userOf(request);
      const body = request.body ?? {};
      if (typeof body !== "object" || Array.isArray(body)) throw new InvalidRequest(failed("map?", body));
      return search(criteriaOf(body as Record<string, unknown>, "refuse"));
    });
    scope.get("/avus", answers({ 200: AvuList }), async (request: FastifyRequest) => {
      userOf(request);
      return search(criteriaOf(queryOf(request), "list"));
    });
  });
}
