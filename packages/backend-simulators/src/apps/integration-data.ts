import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, notFound } from "../framework/problems.js";
import { bodyObject, paged, queryText, requiredText } from "../framework/request-values.js";
import { IntegrationData, IntegrationDataListing } from "./answer-schemas/integration-data.js";
import { appRoutes } from "./app-paths.js";
import { atVersion } from "./app-versions.js";
import { type AppRecord, catalogOf, existingApp, readableApp, SEED_APPS } from "./catalog-store.js";
import { searchMatcher } from "./search-terms.js";
import { TAPIS_REFUSALS } from "./systems.js";
import { existingTool, readableTool, toolsOf } from "./tools-store.js";

/** Who integrated apps and tools: a name and an e-mail address, and the user when there is one. */
export interface IntegrationDataRecord {
  id: string;
  integrator_name: string;
  integrator_email: string;
  username?: string;
}

export interface IntegrationDataState {
  records: Map<string, IntegrationDataRecord>;
  /** tool id → integration data id. */
  tools: Map<string, string>;
}

type All = () => Record<string, unknown>;

const SEED_RECORDS: readonly IntegrationDataRecord[] = [
  ...new Map(SEED_APPS.map((app) => [app.integrator_email, app])).values(),
].map((app, index) => ({
  id: `a1b2c3d4-0000-4000-8000-00000000000${index + 1}`,
  integrator_name: app.integrator_name,
  integrator_email: app.integrator_email,
  username: app.integrator_username,
}));

/** A record as the backend answers it (`IntegrationData`: `name` and `email`). */
const answer = ({ id, integrator_name, integrator_email, username }: IntegrationDataRecord) => ({
  id,
  name: integrator_name,
  email: integrator_email,
  ...(username ? { username } : {}),
});
const recordAnswers = { 200: IntegrationData };

function existingRecord(state: IntegrationDataState, id: string): IntegrationDataRecord {
  const record = state.records.get(id);
  if (!record) throw notFound(`integration data ${id} not found`);
  return record;
}

/** An app's integration data: the record with its integrator's address (one is made when there is none yet). */
function ofApp(state: IntegrationDataState, app: AppRecord): IntegrationDataRecord {
  const found = [...state.records.values()].find((record) => record.integrator_email === app.integrator_email);
  if (found) return found;
  const record = {
    id: randomUUID(),
    integrator_name: app.integrator_name,
    integrator_email: app.integrator_email,
    username: app.integrator_username,
  };
  state.records.set(record.id, record);
  return record;
}

function fieldsOf(body: unknown) {
  const fields = bodyObject(body);
  const username = fields.username;
  if (username !== undefined && typeof username !== "string")
    throw badRequest("username must be text", "ERR_ILLEGAL_ARGUMENT");
  return {
    integrator_name: requiredText(fields, "name"),
    integrator_email: requiredText(fields, "email"),
    ...(username ? { username } : {}),
  };
}

function adminRoutes(scope: FastifyInstance, state: () => IntegrationDataState, all: All) {
  const usedBy = (record: IntegrationDataRecord) =>
    [...catalogOf(all).apps.values()].some((app) => app.integrator_email === record.integrator_email) ||
    [...state().tools.values()].includes(record.id);
  scope.get("/admin/integration-data", answers({ 200: IntegrationDataListing }), async (request) => {
    callerOf(request);
    const query = queryOf(request);
    const matches = searchMatcher(queryText(query, "search"));
    const found = [...state().records.values()].filter((record) =>
      matches(record.integrator_name, record.integrator_email),
    );
    // Sorted by the answer's own fields (`name`, `email`), as the backend's sort fields name them.
    return { integration_data: paged(found.map(answer), query, "name"), total: found.length };
  });
  scope.post("/admin/integration-data", answers(recordAnswers), async (request) => {
    callerOf(request);
    const fields = fieldsOf(request.body);
    if ([...state().records.values()].some((record) => record.integrator_email === fields.integrator_email))
      throw badRequest(`email address ${fields.integrator_email} already has an integration data record`);
    const record = { id: randomUUID(), ...fields };
    state().records.set(record.id, record);
    return answer(record);
  });
  type IdParams = { Params: { integrationDataId: string } };
  scope.get<IdParams>("/admin/integration-data/:integrationDataId", answers(recordAnswers), async (request) => {
    callerOf(request);
    return answer(existingRecord(state(), request.params.integrationDataId));
  });
  scope.put<IdParams>("/admin/integration-data/:integrationDataId", answers(recordAnswers), async (request) => {
    callerOf(request);
    const record = existingRecord(state(), request.params.integrationDataId);
    return answer(Object.assign(record, fieldsOf(request.body)));
  });
  // The backend answers the deletion with no body.
  const deletion = answers({ 200: NoBody });
  scope.delete<IdParams>("/admin/integration-data/:integrationDataId", deletion, async (request, reply) => {
    callerOf(request);
    const record = existingRecord(state(), request.params.integrationDataId);
    if (usedBy(record)) throw badRequest(`integration data ${record.id} is used by apps or tools`);
    state().records.delete(record.id);
    return reply.send();
  });
  // Names the app's integrator from the record (the versions share the app's integrator).
  const admin = { base: "/admin/apps", versions: true, tapis: TAPIS_REFUSALS.integrationData, answers: recordAnswers };
  appRoutes(scope, "PUT", "/integration-data/:integrationDataId", admin, async (request, { appId, versionId }) => {
    callerOf(request);
    const app = existingApp(catalogOf(all), appId);
    atVersion(app, versionId);
    const record = existingRecord(state(), (request.params as { integrationDataId: string }).integrationDataId);
    Object.assign(app, { integrator_name: record.integrator_name, integrator_email: record.integrator_email });
    return answer(record);
  });
  scope.put<{ Params: { toolId: string; integrationDataId: string } }>(
    "/admin/tools/:toolId/integration-data/:integrationDataId",
    answers(recordAnswers),
    async (request) => {
      callerOf(request);
      const tool = existingTool(toolsOf(all), request.params.toolId);
      const record = existingRecord(state(), request.params.integrationDataId);
      state().tools.set(tool.id, record.id);
      return answer(record);
    },
  );
}

function userRoutes(scope: FastifyInstance, state: () => IntegrationDataState, all: All) {
  const options = { versions: true, tapis: TAPIS_REFUSALS.integrationData, answers: recordAnswers };
  appRoutes(scope, "GET", "/integration-data", options, async (request, { appId, versionId }) => {
    const app = readableApp(catalogOf(all), appId, callerOf(request).username);
    return answer(ofApp(state(), atVersion(app, versionId)));
  });
  const toolIntegrationData = answers(recordAnswers);
  scope.get<{ Params: { toolId: string } }>("/tools/:toolId/integration-data", toolIntegrationData, async (request) => {
    const tool = readableTool(toolsOf(all), request.params.toolId, callerOf(request).username);
    const linked = state().tools.get(tool.id);
    if (linked) return answer(existingRecord(state(), linked));
    const owner = [...state().records.values()].find((record) => record.username === tool.owner);
    if (!owner) throw notFound(`tool ${tool.id} has no integration data`);
    return answer(owner);
  });
}

/** Apps backend: integration data (who integrated apps and tools), kept by administrators. */
export const integrationData = defineModule<IntegrationDataState>({
  makeState: () => ({
    records: new Map(SEED_RECORDS.map((record) => [record.id, { ...record }])),
    tools: new Map(),
  }),
  routes: (app, state, all) =>
    backendScope(app, (scope) => {
      adminRoutes(scope, state, all);
      userRoutes(scope, state, all);
    }),
});
