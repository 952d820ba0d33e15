import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { bodyObject } from "../framework/request-values.js";
import { OperatorCapacities, OperatorSummaries, OperatorSummary } from "./answer-schemas.js";
import { echoError } from "./errors.js";
import { newOperatorId, type Operator, operatorsInOrder, runningOn, type ViceState } from "./vice-state.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CPU_PER_ANALYSIS = 1000;
const MEMORY_PER_ANALYSIS = 4 * 1024 ** 3;

const summary = ({ maxAnalyses: _capacity, ...operator }: Operator) => operator;

function httpUrl(field: string, value: unknown): string {
  if (typeof value !== "string" || !value.trim()) throw echoError(400, `${field} must not be empty or whitespace`);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw echoError(400, `${field} must be a valid HTTP(S) URL`);
  }
  if (!["http:", "https:"].includes(parsed.protocol) || !parsed.host) {
    throw echoError(400, `${field} must be a valid HTTP(S) URL`);
  }
  return value;
}

const body = (value: unknown) => {
  try {
    return bodyObject(value);
  } catch {
    throw echoError(400, "the request body must be a JSON object");
  }
};

/** The administrators' operators: listing, registering, changing, removing, and their live capacities. */
export function operatorRoutes(app: FastifyInstance, state: () => ViceState): void {
  const operatorParam = (id: string) => {
    if (!UUID.test(id)) throw echoError(400, "id must be a valid UUID");
    return id;
  };
  const clash = (name: unknown, url: unknown, except?: string) =>
    [...state().operators.values()].some(
      (operator) => operator.id !== except && (operator.name === name || operator.url === url),
    );

  app.get("/vice/admin/operators", answers({ 200: OperatorSummaries }), async () =>
    operatorsInOrder(state()).map(summary),
  );

  app.post("/vice/admin/operators", answers({ 201: OperatorSummary }), async (request, reply) => {
    const config = body(request.body);
    if (config.base_url === undefined) throw echoError(400, "base_url is required");
    if (typeof config.name !== "string" || !config.name.trim()) {
      throw echoError(400, "name must not be empty or whitespace");
    }
    const operator: Operator = {
      id: newOperatorId(),
      name: config.name,
      url: httpUrl("url", config.url),
      base_url: httpUrl("base_url", config.base_url),
      tls_skip_verify: config.tls_skip_verify === true,
      priority: typeof config.priority === "number" ? config.priority : 0,
      accepting_launches: true,
      deactivated: false,
      maxAnalyses: 10,
    };
    if (clash(operator.name, operator.url)) throw echoError(409, "operator with that name or url already exists");
    state().operators.set(operator.id, operator);
    return reply.code(201).send(summary(operator));
  });

  app.get("/vice/admin/operators/capacities", answers({ 200: OperatorCapacities }), async () =>
    operatorsInOrder(state())
      .filter((operator) => !operator.deactivated)
      .map((operator) => {
        const runningAnalyses = runningOn(state(), operator.id);
        return {
          operator: operator.name,
          capacity: {
            maxAnalyses: operator.maxAnalyses,
            runningAnalyses,
            availableSlots: Math.max(operator.maxAnalyses - runningAnalyses, 0),
            allocatableCPU: operator.maxAnalyses * CPU_PER_ANALYSIS,
            allocatableMemory: operator.maxAnalyses * MEMORY_PER_ANALYSIS,
            usedCPU: runningAnalyses * CPU_PER_ANALYSIS,
            usedMemory: runningAnalyses * MEMORY_PER_ANALYSIS,
          },
        };
      }),
  );

  app.patch<{ Params: { id: string } }>(
    "/vice/admin/operators/id/:id",
    answers({ 200: OperatorSummary }),
    async (request) => {
      const id = operatorParam(request.params.id);
      const changes = body(request.body);
      const fields = ["name", "url", "tls_skip_verify", "priority", "base_url", "accepting_launches", "deactivated"];
      if (!fields.some((field) => changes[field] !== undefined)) {
        throw echoError(400, "request body must update at least one field");
      }
      const operator = state().operators.get(id);
      if (!operator) throw echoError(404, "operator not found");
      if (changes.name !== undefined && (typeof changes.name !== "string" || !changes.name.trim())) {
        throw echoError(400, "name must not be empty or whitespace");
      }
      const updated: Operator = {
        ...operator,
        ...(typeof changes.name === "string" ? { name: changes.name } : {}),
        ...(changes.url !== undefined ? { url: httpUrl("url", changes.url) } : {}),
        ...(changes.base_url !== undefined ? { base_url: httpUrl("base_url", changes.base_url) } : {}),
        ...(typeof changes.tls_skip_verify === "boolean" ? { tls_skip_verify: changes.tls_skip_verify } : {}),
        ...(typeof changes.priority === "number" ? { priority: changes.priority } : {}),
        ...(typeof changes.accepting_launches === "boolean" ? { accepting_launches: changes.accepting_launches } : {}),
        ...(typeof changes.deactivated === "boolean" ? { deactivated: changes.deactivated } : {}),
      };
      if (clash(updated.name, updated.url, id)) throw echoError(409, "operator with that name or url already exists");
      state().operators.set(id, updated);
      return summary(updated);
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/vice/admin/operators/id/:id",
    answers({ 200: NoBody }),
    async (request, reply) => {
      const id = operatorParam(request.params.id);
      // Every job keeps its operator (jobs.operator_id, ON DELETE RESTRICT, de-database 000048): an operator that ever
      // ran an analysis, ended or not, cannot go, and the service answers the database's refusal with 500
      // (httphandlers/handlers.go DeleteOperatorHandler).
      if ([...state().jobs.values()].some((job) => job.operatorId === id)) {
        throw echoError(500, "failed to delete operator");
      }
      state().operators.delete(id);
      return reply.code(200).send();
    },
  );
}
