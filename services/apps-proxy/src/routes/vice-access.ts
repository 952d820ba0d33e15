import { path } from "@de-gateway/backend-clients";
import { ErrorBody, notFound } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { databaseFoundNothing } from "./app-exposer-failures.js";
import { ANALYSIS_ID } from "./vice-parameters.js";
import { permissionLevel, requireRead, requireWrite } from "./vice-permissions.js";

const AsyncData = Type.Object(
  {
    analysisID: Type.String({ description: "the analysis the external id belongs to" }),
    subdomain: Type.String({ description: "the analysis's VICE subdomain" }),
    ipAddr: Type.String({ description: "the address the user last signed in from" }),
  },
  { additionalProperties: true },
);
const AsyncDataQuery = Type.Object({ "external-id": Type.String({ minLength: 1, description: "the job step's id" }) });
const BackendExternalId = Type.Object({ external_id: Type.String() });
const ExternalId = Type.Object({ externalID: Type.String({ description: "the analysis's (only) external id" }) });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody, 504: ErrorBody };
const AnalysisParams = Type.Object({ analysisId: ANALYSIS_ID.schema });

/**
 * app-exposer's async data of an external id. One no job step has is the database's error (500, `sql: no rows in
 * result set`; httphandlers/handlers.go `AsyncDataHandler`): the caller's unknown id, so 404, as is a step no operator
 * runs (404 from app-exposer).
 */
async function asyncData(request: FastifyRequest, externalId: string) {
  const unknown = () => notFound(`no analysis found for external ID ${externalId}`);
  const answer = await request.server.backends.appExposer.call<Static<typeof AsyncData>>(request, {
    path: "/vice/async-data",
    query: { "external-id": externalId },
  });
  if (answer.status === 404 || databaseFoundNothing(answer)) throw unknown();
  return { data: request.server.backends.appExposer.expectOk(answer, AsyncData), unknown };
}

/**
 * app-exposer's administrative external-id lookup, reshaped as the reference publishes it. It reads the database,
 * so an analysis that ended has one; an analysis the database does not know is its error (500): not found.
 */
async function externalId(request: FastifyRequest, analysisId: string) {
  const answer = await request.server.backends.appExposer.call<Static<typeof BackendExternalId>>(request, {
    path: path`/vice/admin/analyses/${analysisId}/external-id`,
    anonymous: true,
  });
  if (databaseFoundNothing(answer)) throw notFound(`analysis ${analysisId} not found`);
  return { externalID: request.server.backends.appExposer.expectOk(answer, BackendExternalId).external_id };
}

/**
 * VICE calls app-exposer makes without checking the user (its administrative endpoints), so the gateway first asks
 * the permissions service, as the reference does: an analysis the caller cannot read is not found (404), one they
 * may read but not change cannot be ended by them (403).
 */
export const viceAccess: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/vice/async-data",
    {
      schema: {
        summary: "The analysis id and subdomain of an external id, if the caller may see the analysis",
        tags: ["vice"],
        querystring: AsyncDataQuery,
        response: { 200: AsyncData, ...errors },
      },
    },
    async (request) => {
      const { data, unknown } = await asyncData(request, request.query["external-id"]);
      // Fails closed, and never echoes the analysis id the caller may not be entitled to learn.
      if (!data.analysisID || !(await permissionLevel(request, data.analysisID))) throw unknown();
      return data;
    },
  );

  app.get(
    "/admin/vice/async-data",
    {
      config: { auth: "admin" },
      schema: {
        summary: "The analysis id and subdomain of an external id",
        tags: ["admin-vice"],
        querystring: AsyncDataQuery,
        response: { 200: AsyncData, ...errors },
      },
    },
    async (request) => (await asyncData(request, request.query["external-id"])).data,
  );

  app.get(
    "/vice/analyses/:analysisId/external-id",
    {
      schema: {
        summary: "The external id of an interactive analysis the caller may see",
        tags: ["vice"],
        params: AnalysisParams,
        response: { 200: ExternalId, ...errors },
      },
    },
    async (request) => {
      await requireRead(request, request.params.analysisId);
      return externalId(request, request.params.analysisId);
    },
  );

  app.post(
    "/vice/analyses/:analysisId/exit",
    {
      schema: {
        summary: "End an interactive analysis the caller may change, without saving its outputs",
        tags: ["vice"],
        params: AnalysisParams,
        response: { 200: Type.Object({}), ...errors },
      },
    },
    async (request) => {
      await requireWrite(request, request.params.analysisId);
      await app.backends.appExposer.json(request, {
        method: "POST",
        path: path`/vice/admin/analyses/${request.params.analysisId}/exit`,
        anonymous: true,
      });
      return {};
    },
  );

  app.get(
    "/admin/vice/analyses/:analysisId/external-id",
    {
      config: { auth: "admin" },
      schema: {
        summary: "The external id of any interactive analysis",
        tags: ["admin-vice"],
        params: AnalysisParams,
        response: { 200: ExternalId, ...errors },
      },
    },
    async (request) => externalId(request, request.params.analysisId),
  );
};
