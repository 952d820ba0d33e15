import type { FastifyInstance } from "fastify";
import { NO_ROWS } from "../de-database-errors.js";
import { answers, NoBody } from "../framework/answers.js";
import { ExternalId } from "./answer-schemas.js";
import type { DeDatabase } from "./de-database.js";
import { echoError, goError } from "./errors.js";
import { jobSteps } from "./job-steps.js";
import { operatorOf, type ViceState } from "./vice-state.js";

type AnalysisParams = { Params: { analysisId: string } };

/**
 * The administrators' calls on one analysis: its external id (read from the database and the apps service's steps,
 * so an analysis that ended has one too), and the exits and file transfers app-exposer routes to the operator the
 * analysis's job names (httphandlers/handlers.go `routeAdminOperatorAction`). That operator answers them for an
 * analysis that already ended as well: deleting resources that are gone succeeds, transfers are only started.
 */
export function analysisActionRoutes(app: FastifyInstance, state: () => ViceState, database: DeDatabase): void {
  const steps = jobSteps(state, database);

  const routed = (analysisId: string) => {
    if (!operatorOf(state(), analysisId)) throw echoError(404, "no operator found for analysis");
    return state().analyses.get(analysisId);
  };
  const end = (analysisId: string, status: "Completed" | "Canceled") => {
    state().analyses.delete(analysisId);
    database.endAnalysis(analysisId, status);
  };

  app.get<AnalysisParams>(
    "/vice/admin/analyses/:analysisId/external-id",
    answers({ 200: ExternalId }),
    async (request) => {
      const { analysisId } = request.params;
      if (!database.analysis(analysisId)) throw goError(NO_ROWS);
      const externalId = steps.externalIdOf(analysisId);
      if (externalId === undefined) throw goError(`no external-id found for analysis-id ${analysisId}`);
      return { external_id: externalId };
    },
  );

  app.post<AnalysisParams>(
    "/vice/admin/analyses/:analysisId/exit",
    answers({ 200: NoBody }),
    async (request, reply) => {
      if (routed(request.params.analysisId)) end(request.params.analysisId, "Canceled");
      return reply.code(200).send();
    },
  );
  app.post<AnalysisParams>(
    "/vice/admin/analyses/:analysisId/save-and-exit",
    answers({ 200: NoBody }),
    async (request, reply) => {
      const analysis = routed(request.params.analysisId);
      if (analysis) {
        analysis.events.push({ at: Date.now(), line: "uploading output files" });
        end(analysis.analysisId, "Completed");
      }
      return reply.code(200).send();
    },
  );
  for (const [action, line] of [
    ["save-output-files", "uploading output files"],
    ["download-input-files", "downloading input files"],
  ] as const) {
    app.post<AnalysisParams>(
      `/vice/admin/analyses/:analysisId/${action}`,
      answers({ 200: NoBody }),
      async (request, reply) => {
        routed(request.params.analysisId)?.events.push({ at: Date.now(), line });
        return reply.code(200).send();
      },
    );
  }
}
