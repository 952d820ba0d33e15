import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { deUserId } from "../vice-addresses.js";
import { AsyncData, ExternalId, LogEntry, ResourceInfoResponse, TimeLimit, UrlReady } from "./answer-schemas.js";
import type { DeDatabase } from "./de-database.js";
import { echoError, requiredUser } from "./errors.js";
import { matchesFilters, resourceInfo } from "./resource-listing.js";
import { knownUser, sameUser, shortName } from "./users.js";
import { isReady, TIME_LIMIT_SECONDS, type ViceAnalysis } from "./vice-analyses.js";
import type { ViceState } from "./vice-state.js";

type Query = Record<string, unknown>;
type AnalysisParams = { Params: { analysisId: string }; Querystring: Query };
type HostParams = { Params: { host: string }; Querystring: Query };

/**
 * app-exposer's VICE endpoints: resource listings (a user's and everyone's), async data, readiness, descriptions,
 * time limits, logs, and the administrators' exits and file transfers.
 */
export function viceRoutes(app: FastifyInstance, state: () => ViceState, database: DeDatabase): void {
  const running = () => [...state().analyses.values()];

  const knownCaller = (query: Query, status = 400) => {
    const user = requiredUser(query, status);
    if (!knownUser(user)) throw echoError(404, `user ${user} not found`);
    return user;
  };

  const bySubdomain = (host: string) => {
    const found = running().find((analysis) => analysis.subdomain === host);
    if (!found) throw echoError(404, `no deployment found for subdomain ${host}`);
    return found;
  };

  /** app-exposer asks the permissions service before telling a user about an analysis. */
  const allowed = (user: string, analysis: ViceAnalysis) => {
    if (!database.mayAccess(shortName(user), analysis.analysisId)) {
      throw echoError(403, `user ${user} cannot access analysis ${analysis.analysisId}`);
    }
  };

  const inCluster = (analysisId: string) => {
    const found = state().analyses.get(analysisId);
    if (!found) throw echoError(404, "no operator found for analysis");
    return found;
  };

  /** The planned end lives with the job in the database, so it outlives the analysis's resources. */
  const timeLimitOf = (analysisId: string) => {
    const limit = state().timeLimits.get(analysisId);
    if (limit === undefined) throw echoError(404, `no time limit for analysis ${analysisId}`);
    return limit;
  };
  const extend = (analysisId: string) => {
    const limit = timeLimitOf(analysisId) + TIME_LIMIT_SECONDS;
    state().timeLimits.set(analysisId, limit);
    return { time_limit: String(limit) };
  };

  const end = (analysis: ViceAnalysis, status: "Completed" | "Canceled") => {
    state().analyses.delete(analysis.analysisId);
    database.endAnalysis(analysis.analysisId, status);
  };

  app.get<{ Querystring: Query }>("/vice/listing", answers({ 200: ResourceInfoResponse }), async (request) => {
    const id = deUserId(knownCaller(request.query));
    return resourceInfo(
      running().filter((analysis) => analysis.userId === id && matchesFilters(analysis, request.query)),
    );
  });
  app.get<{ Querystring: Query }>("/vice/admin/listing", answers({ 200: ResourceInfoResponse }), async (request) =>
    resourceInfo(running().filter((analysis) => matchesFilters(analysis, request.query))),
  );

  app.get<{ Querystring: Query }>("/vice/async-data", answers({ 200: AsyncData }), async (request) => {
    const externalId = request.query["external-id"];
    if (typeof externalId !== "string" || !externalId) throw echoError(400, "external-id not set");
    const found = running().find((analysis) => analysis.externalId === externalId);
    if (!found) throw echoError(404, "analysis not found on any operator");
    return { analysisID: found.analysisId, subdomain: found.subdomain, ipAddr: "" };
  });

  app.get<HostParams>("/vice/:host/url-ready", answers({ 200: UrlReady }), async (request) => {
    const user = knownCaller(request.query);
    const analysis = bySubdomain(request.params.host);
    allowed(user, analysis);
    return { ready: isReady(analysis) };
  });
  app.get<HostParams>("/vice/admin/:host/url-ready", answers({ 200: UrlReady }), async (request) => ({
    ready: isReady(bySubdomain(request.params.host)),
  }));

  app.get<HostParams>("/vice/:host/description", answers({ 200: ResourceInfoResponse }), async (request) => {
    const user = knownCaller(request.query);
    const matching = running().filter((analysis) => analysis.subdomain === request.params.host);
    for (const analysis of matching) allowed(user, analysis);
    return resourceInfo(matching);
  });
  app.get<HostParams>("/vice/admin/:host/description", answers({ 200: ResourceInfoResponse }), async (request) =>
    resourceInfo(running().filter((analysis) => analysis.subdomain === request.params.host)),
  );

  app.get<AnalysisParams>("/vice/:analysisId/time-limit", answers({ 200: TimeLimit }), async (request) => {
    requiredUser(request.query, 403);
    return { time_limit: String(timeLimitOf(request.params.analysisId)) };
  });
  app.post<AnalysisParams>("/vice/:analysisId/time-limit", answers({ 200: TimeLimit }), async (request) => {
    const user = requiredUser(request.query, 403);
    const owner = database.analysis(request.params.analysisId)?.username;
    // The extension is an update of the caller's own job row: another user's analysis is not found.
    if (!owner || !sameUser(owner, user)) {
      throw echoError(404, `analysis ${request.params.analysisId} not found for user ${user}`);
    }
    return extend(request.params.analysisId);
  });
  app.get<AnalysisParams>(
    "/vice/admin/analyses/:analysisId/time-limit",
    answers({ 200: TimeLimit }),
    async (request) => ({
      time_limit: String(timeLimitOf(request.params.analysisId)),
    }),
  );
  app.post<AnalysisParams>(
    "/vice/admin/analyses/:analysisId/time-limit",
    answers({ 200: TimeLimit }),
    async (request) => extend(request.params.analysisId),
  );

  app.get<AnalysisParams>(
    "/vice/admin/analyses/:analysisId/external-id",
    answers({ 200: ExternalId }),
    async (request) => ({
      external_id: inCluster(request.params.analysisId).externalId,
    }),
  );

  app.post<AnalysisParams>(
    "/vice/admin/analyses/:analysisId/exit",
    answers({ 200: NoBody }),
    async (request, reply) => {
      end(inCluster(request.params.analysisId), "Canceled");
      return reply.code(200).send();
    },
  );
  app.post<AnalysisParams>(
    "/vice/admin/analyses/:analysisId/save-and-exit",
    answers({ 200: NoBody }),
    async (request, reply) => {
      const analysis = inCluster(request.params.analysisId);
      analysis.events.push({ at: Date.now(), line: "uploading output files" });
      end(analysis, "Completed");
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
        inCluster(request.params.analysisId).events.push({ at: Date.now(), line });
        return reply.code(200).send();
      },
    );
  }

  /** `since-time` as Kubernetes takes it (RFC 3339), or epoch seconds as the web client first sends it ("0"). */
  const sinceOf = (value: unknown): number => {
    if (typeof value !== "string" || value === "") return 0;
    const at = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value);
    if (Number.isNaN(at)) throw echoError(400, `since-time is not a time: ${value}`);
    return at;
  };

  app.get<AnalysisParams>("/vice/:analysisId/logs", answers({ 200: LogEntry }), async (request) => {
    const analysis = inCluster(request.params.analysisId);
    const since = sinceOf(request.query["since-time"]);
    const tail = Number(request.query["tail-lines"]);
    const answeredAt = Date.now();
    const events = [...analysis.events];
    if (isReady(analysis)) events.push({ at: analysis.readyAt, line: "analysis is listening on port 8888" });
    const lines = events
      .filter((event) => event.at >= since)
      .map((event) =>
        request.query.timestamps === "true" ? `${new Date(event.at).toISOString()} ${event.line}` : event.line,
      );
    // The time of this answer: asking again from it gives only what happened since.
    return {
      since_time: new Date(answeredAt).toISOString(),
      lines: Number.isInteger(tail) && tail > 0 ? lines.slice(-tail) : lines,
    };
  });
}
