import { path } from "@de-gateway/backend-clients";
import { badRequest, ErrorBody, forbidden, notFound } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type Static, Type } from "typebox";
import { databaseFoundNothing, noPlannedEnd, operatorStatus } from "./app-exposer-failures.js";
import { ANALYSIS_ID } from "./vice-parameters.js";
import { requireRead } from "./vice-permissions.js";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody, 504: ErrorBody };
const AnalysisParams = Type.Object({ analysisId: ANALYSIS_ID.schema });
const TimeLimit = Type.Object({
  time_limit: Type.String({ description: 'the planned end in epoch seconds, or "null" for none' }),
});
const LogEntry = Type.Object({
  since_time: Type.String({ description: "the time of this answer, in epoch seconds: the next `since-time`" }),
  lines: Type.Array(Type.String(), { description: "the log split at each newline (the last line is empty)" }),
});

/** Go's strconv.ParseBool, which the operator reads these flags with. */
const goBoolean = (description: string) =>
  Type.Optional(
    Type.Union(
      ["1", "t", "T", "TRUE", "true", "True", "0", "f", "F", "FALSE", "false", "False"].map((text) =>
        Type.Literal(text),
      ),
      { description },
    ),
  );

/**
 * The options the analysis's operator parses (cyverse-de/app-exposer operator/handlers_status.go `HandleLogs`) and
 * Kubernetes takes: a value it refuses is answered 400 here, where app-exposer would fail with 500.
 */
const LogQuery = Type.Object({
  "since-time": Type.Optional(
    Type.String({ pattern: "^[+-]?[0-9]+$", description: "epoch seconds: the `since_time` of the last answer" }),
  ),
  since: Type.Optional(Type.String({ pattern: "^\\+?0*[1-9][0-9]*$", description: "seconds back from now (≥ 1)" })),
  "tail-lines": Type.Optional(Type.String({ pattern: "^\\+?[0-9]+$", description: "the last lines only (≥ 0)" })),
  previous: goBoolean("the previous run of the container"),
  timestamps: goBoolean("each line after its time"),
  container: Type.Optional(Type.String({ minLength: 1, description: "the container (analysis by default)" })),
});

const timeLimitPath = (analysisId: string, admin: boolean) =>
  admin ? path`/vice/admin/analyses/${analysisId}/time-limit` : path`/vice/${analysisId}/time-limit`;

/**
 * What app-exposer knows of one interactive analysis: its container's logs and its time limit. app-exposer asks no
 * permission for the logs and reads any analysis's time limit, so the caller must be able to read the analysis
 * (404 otherwise, as for the external id); only the user who launched it extends it. What app-exposer answers the
 * caller's mistakes with 500 is answered as the mistake it is.
 */
export const viceAnalysisCalls: FastifyPluginAsyncTypebox = async (app) => {
  const appExposer = () => app.backends.appExposer;

  app.get(
    "/analyses/:analysisId/logs",
    {
      schema: {
        summary: "The logs of an interactive analysis's container",
        tags: ["analyses"],
        params: AnalysisParams,
        querystring: LogQuery,
        response: { 200: LogEntry, ...errors },
      },
    },
    async (request) => {
      const { analysisId } = request.params;
      if (request.query.since !== undefined && request.query["since-time"] !== undefined) {
        throw badRequest("give either since or since-time, not both");
      }
      await requireRead(request, analysisId);
      const answer = await appExposer().call<Static<typeof LogEntry>>(request, {
        path: path`/vice/${analysisId}/logs`,
        query: request.query,
      });
      if (operatorStatus(answer, "logs") === 404) throw notFound(`analysis ${analysisId} is not running`);
      return appExposer().expectOk(answer, LogEntry);
    },
  );

  for (const admin of [false, true]) {
    const url = admin ? "/admin/vice/analyses/:analysisId/time-limit" : "/analyses/:analysisId/time-limit";
    const route = {
      config: { auth: admin ? ("admin" as const) : ("user" as const) },
      tags: [admin ? "admin-vice" : "analyses"],
    };
    const unknown = (analysisId: string) => notFound(`analysis ${analysisId} not found`);

    app.get(
      url,
      {
        config: route.config,
        schema: {
          summary: "An interactive analysis's planned end (epoch seconds)",
          tags: route.tags,
          params: AnalysisParams,
          response: { 200: TimeLimit, ...errors },
        },
      },
      async (request) => {
        if (!admin) await requireRead(request, request.params.analysisId);
        const answer = await appExposer().call<Static<typeof TimeLimit>>(request, {
          path: timeLimitPath(request.params.analysisId, admin),
          anonymous: admin,
        });
        if (databaseFoundNothing(answer)) throw unknown(request.params.analysisId);
        return appExposer().expectOk(answer, TimeLimit);
      },
    );

    app.post(
      url,
      {
        config: route.config,
        schema: {
          summary: admin
            ? "Extend an interactive analysis's time limit"
            : "Extend the caller's interactive analysis's time limit",
          tags: route.tags,
          params: AnalysisParams,
          response: { 200: TimeLimit, ...errors },
        },
      },
      async (request) => {
        const { analysisId } = request.params;
        if (!admin) await requireRead(request, analysisId);
        const answer = await appExposer().call<Static<typeof TimeLimit>>(request, {
          method: "POST",
          path: timeLimitPath(analysisId, admin),
          anonymous: admin,
        });
        // The extension updates the job row of its user: for anyone else who may read it, there is none.
        if (databaseFoundNothing(answer)) {
          throw admin ? unknown(analysisId) : forbidden(`only the user who launched ${analysisId} can extend it`);
        }
        if (noPlannedEnd(answer)) throw badRequest(`analysis ${analysisId} has no time limit to extend`);
        return appExposer().expectOk(answer, TimeLimit);
      },
    );
  }
};
