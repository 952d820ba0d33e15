import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { callerOf, queryOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, exists, missingField } from "../framework/problems.js";
import { bodyObject } from "../framework/request-values.js";
import { launch, stepOf, visibleAnalyses } from "./analyses.js";
import { type AnalysisRecord, analysesOf, readableAnalysis } from "./analyses-store.js";
import { AnalysisHistory, AnalysisStats } from "./answer-schemas/analyses.js";
import { peerServicesOf } from "./peer-services.js";
import { relaunchedOutput, resultFolderOf } from "./result-folders.js";
import { statusHistoryOf } from "./status-history.js";

type All = () => Record<string, unknown>;

/** The analysis ids of a `{analyses: [id…]}` body: a non-empty list of strings. */
export function analysisIdsOf(body: unknown): string[] {
  const ids = bodyObject(body).analyses;
  if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== "string")) {
    throw missingField("analyses");
  }
  return ids as string[];
}

function routes(scope: FastifyInstance, all: All) {
  // Counts by status of the analyses the listing would show with the same filter.
  scope.get("/analyses/stats", answers({ 200: AnalysisStats }), async (request) => {
    const caller = callerOf(request);
    const counts = new Map<string, number>();
    for (const analysis of visibleAnalyses(analysesOf(all), caller, queryOf(request), all)) {
      counts.set(analysis.status, (counts.get(analysis.status) ?? 0) + 1);
    }
    return { "status-count": [...counts].map(([status, count]) => ({ count, status })) };
  });
  scope.get<{ Params: { analysisId: string } }>(
    "/analyses/:analysisId/history",
    answers({ 200: AnalysisHistory }),
    async (request) => {
      const analysis = readableAnalysis(analysesOf(all), request.params.analysisId, callerOf(request));
      const step = { ...stepOf(analysis, all), updates: statusHistoryOf(analysis) };
      return { analysis_id: analysis.id, steps: [step], timestamp: String(Date.now()), total: 1 };
    },
  );
  // Each analysis runs again as submitted, as a new analysis of the caller's (`jobs/resubmit.clj`): into a new folder
  // named by the relaunch's time, or, where the submission asked for none, into its `output_dir` with `-redo-N`, which
  // must not exist yet.
  scope.post("/analyses/relauncher", answers({ 200: NoBody }), async (request, reply) => {
    const caller = callerOf(request);
    const state = analysesOf(all);
    const originals = analysisIdsOf(request.body).map((id) => readableAnalysis(state, id, caller));
    const outputs = new Map(originals.map((original) => [original, relaunchedOutput(original.output)]));
    const taken = peerServicesOf(all).existingPaths(
      caller.username,
      [...outputs.values()].filter((output) => !output.create_output_subdir).map((output) => output.output_dir),
    );
    if (taken.length) throw exists("One or more output folders already exist.", { paths: taken });
    for (const [original, output] of outputs) {
      const startdate = Date.now();
      const relaunched: AnalysisRecord = {
        ...structuredClone(original),
        id: randomUUID(),
        username: caller.username,
        status: "Submitted",
        startdate,
        enddate: 0,
        resultfolderid: resultFolderOf(output, original.name, startdate),
        output,
      };
      // A relaunch is a submission: its owner, the permissions service and app-exposer learn of it as of any other.
      launch(relaunched, all, caller);
    }
    return reply.code(200).send();
  });
}

/** Apps backend: analysis counts by status, status histories and relaunching. */
export const analysisActions = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) => backendScope(app, (scope) => routes(scope, all)),
});
