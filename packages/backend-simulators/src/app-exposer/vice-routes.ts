import type { FastifyInstance, FastifyReply } from "fastify";
import { NO_ROWS } from "../de-database-errors.js";
import { answers } from "../framework/answers.js";
import { deUserId, interactiveUrl, subdomainOf } from "../vice-addresses.js";
import { AggregatedFailure, AsyncData, ResourceInfoResponse, UrlReady } from "./answer-schemas.js";
import type { DeDatabase } from "./de-database.js";
import { echoError, goError, operatorRefusal, requiredUser } from "./errors.js";
import { jobSteps } from "./job-steps.js";
import { filtersOf, matchesFilters, refusedSelector, resourceInfo } from "./resource-listing.js";
import { fullName, knownUser, shortName } from "./users.js";
import { isReady, type LabelName, type ViceAnalysis } from "./vice-analyses.js";
import { operatorOf, operatorsInOrder, type ViceState } from "./vice-state.js";

type Query = Record<string, unknown>;
type HostParams = { Params: { host: string }; Querystring: Query };

/**
 * app-exposer's VICE endpoints that find analyses in the cluster: resource listings (a user's and everyone's), async
 * data, readiness and descriptions.
 */
export function viceRoutes(app: FastifyInstance, state: () => ViceState, database: DeDatabase): void {
  const steps = jobSteps(state, database);
  const activeOperators = () => operatorsInOrder(state()).filter((operator) => !operator.deactivated);
  /** What the operators list: the analyses on the operators in the scheduler (deactivated ones drop out). */
  const running = () => {
    const active = new Set(activeOperators().map((operator) => operator.id));
    return [...state().analyses.values()].filter((analysis) => active.has(analysis.operatorId));
  };

  const knownCaller = (query: Query) => {
    const user = requiredUser(query);
    if (!knownUser(user)) throw echoError(404, `user ${fullName(user)} not found`);
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

  /**
   * The merged listing of every operator (httphandlers/handlers.go `aggregateListing`, `respondAggregated`): a
   * selector value no label can have fails each operator's list, and with nothing listed that is a 502.
   */
  const listing = (reply: FastifyReply, filters: Partial<Record<LabelName, string>>) => {
    const refused = refusedSelector(filters);
    const operators = activeOperators();
    if (refused && operators.length) {
      return reply.code(502).send({
        error: "all operators unreachable or returned errors",
        operator_errors: operators.map((operator) => ({
          operator: operator.name,
          error: operatorRefusal("listing", 500, refused),
        })),
      });
    }
    return resourceInfo(refused ? [] : running().filter((analysis) => matchesFilters(analysis, filters)));
  };
  const listingAnswers = answers({ 200: ResourceInfoResponse, 502: AggregatedFailure });

  app.get<{ Querystring: Query }>("/vice/listing", listingAnswers, async (request, reply) => {
    const user = knownCaller(request.query);
    return listing(reply, { ...filtersOf(request.query), "user-id": deUserId(user) });
  });
  app.get<{ Querystring: Query }>("/vice/admin/listing", listingAnswers, async (request, reply) =>
    listing(reply, filtersOf(request.query)),
  );

  app.get<{ Querystring: Query }>("/vice/async-data", answers({ 200: AsyncData }), async (request) => {
    const externalId = request.query["external-id"];
    if (typeof externalId !== "string" || !externalId) throw echoError(400, "external-id not set");
    // An unknown external id is the database's sql.ErrNoRows, returned as it is (httphandlers/handlers.go).
    const analysisId = steps.analysisIdOf(externalId);
    if (analysisId === undefined) throw goError(NO_ROWS);
    const operator = operatorOf(state(), analysisId);
    if (!operator) throw echoError(404, "analysis not found on any operator");
    const deployment = running().find(
      (analysis) => analysis.operatorId === operator.id && analysis.externalId === externalId,
    );
    if (!deployment) throw echoError(404, "user-id not found for analysis");
    return { analysisID: analysisId, subdomain: subdomainOf(deployment.userId, externalId), ipAddr: "" };
  });

  /** operator/handlers_status.go `HandleURLReady`: once ready, the address the analysis's proxy answers at. */
  const readiness = (analysis: ViceAnalysis) =>
    isReady(analysis)
      ? { ready: true, access_url: interactiveUrl(analysis.username, analysis.externalId) }
      : { ready: false };

  app.get<HostParams>("/vice/:host/url-ready", answers({ 200: UrlReady }), async (request) => {
    const user = knownCaller(request.query);
    const analysis = bySubdomain(request.params.host);
    allowed(user, analysis);
    return readiness(analysis);
  });
  app.get<HostParams>("/vice/admin/:host/url-ready", answers({ 200: UrlReady }), async (request) =>
    readiness(bySubdomain(request.params.host)),
  );

  app.get<HostParams>("/vice/:host/description", answers({ 200: ResourceInfoResponse }), async (request) => {
    const user = knownCaller(request.query);
    const matching = running().filter((analysis) => analysis.subdomain === request.params.host);
    for (const analysis of matching) allowed(user, analysis);
    return resourceInfo(matching);
  });
  app.get<HostParams>("/vice/admin/:host/description", answers({ 200: ResourceInfoResponse }), async (request) =>
    resourceInfo(running().filter((analysis) => analysis.subdomain === request.params.host)),
  );
}
