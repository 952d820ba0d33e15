import { path } from "@de-gateway/backend-clients";
import { ErrorBody, forbidden, notFound, withSpan } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { ANALYSIS_ID } from "./vice-parameters.js";

/** The permissions service's answer about one resource: with `lookup=true`, at most the strongest grant. */
const PermissionList = Type.Object({
  permissions: Type.Array(Type.Object({ permission_level: Type.String() }, { additionalProperties: true })),
});

const AsyncData = Type.Object(
  {
    analysisID: Type.String({ description: "the analysis the external id belongs to" }),
    subdomain: Type.String({ description: "the analysis's VICE subdomain" }),
    ipAddr: Type.String({ description: "the address the user last signed in from" }),
  },
  { additionalProperties: true },
);
const BackendExternalId = Type.Object({ external_id: Type.String() });
const ExternalId = Type.Object({ externalID: Type.String({ description: "the analysis's (only) external id" }) });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody, 504: ErrorBody };
const AnalysisParams = Type.Object({ analysisId: ANALYSIS_ID.schema });
const WRITE_LEVELS = new Set(["write", "own"]);

/**
 * The caller's strongest permission on the analysis (through their groups too), or undefined without any; a step
 * span of its own when tracing is on.
 */
function permissionLevel(request: FastifyRequest, analysisId: string): Promise<string | undefined> {
  return withSpan(request, "analysis permission lookup", {}, async (traced) => {
    const answer = await traced.server.backends.permissions.json<Static<typeof PermissionList>>(
      traced,
      {
        path: path`/permissions/subjects/user/${traced.user.username}/analysis/${analysisId}`,
        query: { lookup: "true" },
      },
      PermissionList,
    );
    return answer.permissions[0]?.permission_level;
  });
}

/** An analysis the caller may not see is not found, so that its existence is not revealed. */
async function requireRead(request: FastifyRequest, analysisId: string): Promise<void> {
  if (!(await permissionLevel(request, analysisId))) throw notFound(`analysis ${analysisId} not found`);
}

async function requireWrite(request: FastifyRequest, analysisId: string): Promise<void> {
  const level = await permissionLevel(request, analysisId);
  if (!level) throw notFound(`analysis ${analysisId} not found`);
  if (!WRITE_LEVELS.has(level)) throw forbidden(`insufficient privileges for analysis ${analysisId}`);
}

/** app-exposer's administrative external-id lookup, reshaped as the reference publishes it. */
async function externalId(request: FastifyRequest, analysisId: string) {
  const answer = await request.server.backends.appExposer.json<Static<typeof BackendExternalId>>(
    request,
    { path: path`/vice/admin/analyses/${analysisId}/external-id`, anonymous: true },
    BackendExternalId,
  );
  return { externalID: answer.external_id };
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
        querystring: Type.Object({ "external-id": Type.String({ minLength: 1, description: "the job step's id" }) }),
        response: { 200: AsyncData, ...errors },
      },
    },
    async (request) => {
      const externalIdParam = request.query["external-id"];
      const unknown = () => notFound(`no analysis found for external ID ${externalIdParam}`);
      const answer = await app.backends.appExposer.call<Static<typeof AsyncData>>(request, {
        path: "/vice/async-data",
        query: { "external-id": externalIdParam },
      });
      if (answer.status === 404) throw unknown();
      const data = app.backends.appExposer.expectOk(answer, AsyncData);
      // Fails closed, and never echoes the analysis id the caller may not be entitled to learn.
      if (!data.analysisID || !(await permissionLevel(request, data.analysisID))) throw unknown();
      return data;
    },
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
