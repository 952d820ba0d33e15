import type { FastifyInstance } from "fastify";
import { NO_ROWS } from "../de-database-errors.js";
import { answers } from "../framework/answers.js";
import { deUserId } from "../vice-addresses.js";
import { TimeLimit } from "./answer-schemas.js";
import type { DeDatabase } from "./de-database.js";
import { goError, requiredUser } from "./errors.js";
import { fullName, knownUser, sameUser } from "./users.js";
import { TIME_LIMIT_EXTENSION_SECONDS } from "./vice-analyses.js";
import type { ViceState } from "./vice-state.js";

type AnalysisParams = { Params: { analysisId: string }; Querystring: Record<string, unknown> };

/**
 * Time limits (httphandlers/timelimit.go, incluster/incluster.go): the planned end kept with the job, as epoch
 * seconds in a string, `"null"` for a job with none. Reading asks nothing of the caller but their name; an extension
 * updates only the caller's own job row. What the database does not find is its error returned as it is: 500.
 */
export function timeLimitRoutes(app: FastifyInstance, state: () => ViceState, database: DeDatabase): void {
  const user = (query: Record<string, unknown>) => requiredUser(query, 403, "user is not set");
  /** `GetUserByAnalysisID`: the analysis's owner, or sql.ErrNoRows. */
  const ownerOf = (analysisId: string) => {
    const owner = database.analysis(analysisId)?.username;
    if (owner === undefined) throw goError(NO_ROWS);
    return owner;
  };
  const limitOf = (analysisId: string) => {
    ownerOf(analysisId);
    const plannedEnd = state().jobs.get(analysisId)?.plannedEnd ?? null;
    return { time_limit: plannedEnd === null ? "null" : String(plannedEnd) };
  };
  /** `UpdateTimeLimit`: the user's id, then an update of the job row that is theirs. */
  const extend = (username: string, analysisId: string) => {
    const named = fullName(username);
    if (!knownUser(named)) throw goError(`error looking user ID for ${named}: ${NO_ROWS}`);
    const owner = database.analysis(analysisId)?.username;
    if (owner === undefined || !sameUser(owner, named)) {
      throw goError(`error extending time limit for user ${deUserId(named)} on analysis ${analysisId}: ${NO_ROWS}`);
    }
    const job = state().jobs.get(analysisId);
    if (!job || job.plannedEnd === null) {
      throw goError(`the time limit for analysis ${analysisId} was null after extension`);
    }
    job.plannedEnd += TIME_LIMIT_EXTENSION_SECONDS;
    return { time_limit: String(job.plannedEnd) };
  };

  app.get<AnalysisParams>("/vice/:analysisId/time-limit", answers({ 200: TimeLimit }), async (request) => {
    user(request.query);
    return limitOf(request.params.analysisId);
  });
  app.post<AnalysisParams>("/vice/:analysisId/time-limit", answers({ 200: TimeLimit }), async (request) =>
    extend(user(request.query), request.params.analysisId),
  );
  app.get<AnalysisParams>("/vice/admin/analyses/:analysisId/time-limit", answers({ 200: TimeLimit }), async (request) =>
    limitOf(request.params.analysisId),
  );
  app.post<AnalysisParams>(
    "/vice/admin/analyses/:analysisId/time-limit",
    answers({ 200: TimeLimit }),
    async (request) => extend(ownerOf(request.params.analysisId), request.params.analysisId),
  );
}
