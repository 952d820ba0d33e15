import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers } from "../framework/answers.js";
import { Simulator, type SimulatorOptions } from "../framework/simulator.js";
import { AnalysesSection, AppsSection, FeedsAnswer, LoggedOutDashboard, UserDashboard } from "./answer-schemas.js";
import {
  type DashboardAppsView,
  popularFeaturedApps,
  publicApps,
  recentlyAddedApps,
  recentlyUsedApps,
  type SectionQuery,
} from "./app-sections.js";
import { aggregatorScope, failure, httpError } from "./errors.js";
import { FEEDS } from "./feed-items.js";
import { dashboardInstantLaunches, recentAnalyses, runningAnalyses, type Upstreams } from "./upstream.js";

export type { DashboardAppsView } from "./app-sections.js";

export interface DashboardAggregatorOptions extends SimulatorOptions {
  /** The platform's database (the apps simulator's state), and the metadata service's AVUs, which it asks for the featured apps. */
  apps: () => DashboardAppsView;
  /** The backends it calls over HTTP: apps for analyses listings, app-exposer (optional) for instant launches. */
  upstreams: Upstreams;
}

const DEFAULT_LIMIT = 10;
const DAY = 86_400_000;
const UNITS: Readonly<Record<string, number>> = {
  hour: DAY / 24,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

function limitOf(request: FastifyRequest): number {
  const raw = (request.query as Record<string, unknown>).limit;
  if (raw === undefined || raw === "") return DEFAULT_LIMIT;
  if (typeof raw !== "string" || !/^[-+]?\d+$/.test(raw)) {
    throw httpError(400, "could not parse limit as an integer");
  }
  return Number(raw);
}

/** `start-date-interval` (a Postgres interval such as `1 year` or `6 months`), as the time it reaches back to. */
function sinceOf(request: FastifyRequest): number {
  const raw = (request.query as Record<string, unknown>)["start-date-interval"];
  const interval = typeof raw === "string" && raw.trim() ? raw.trim() : "1 year";
  const match = /^(\d+)\s*(hour|day|week|month|year)s?$/i.exec(interval);
  if (!match) throw failure(`pq: invalid input syntax for type interval: "${interval}"`);
  return Date.now() - Number(match[1]) * (UNITS[(match[2] as string).toLowerCase()] as number);
}

/** The aggregator's database knows users by their qualified names; the apps state by the short ones. */
const shortName = (username: string) => username.replace(/@.*$/, "");

function routes(app: FastifyInstance, options: DashboardAggregatorOptions) {
  const { apps, upstreams } = options;
  const queryOf = (request: FastifyRequest, username: string): SectionQuery => ({
    username: shortName(username),
    limit: limitOf(request),
    since: sinceOf(request),
  });
  const section =
    (compute: (view: DashboardAppsView, query: SectionQuery) => unknown) =>
    async (request: FastifyRequest<{ Params: { username?: string } }>) => ({
      apps: compute(apps(), queryOf(request, request.params.username ?? "")),
    });
  return aggregatorScope(app, (scope) => {
    // An anonymous visitor's dashboard: the popular featured apps and the feeds.
    scope.get("/", answers({ 200: LoggedOutDashboard }), async (request) => {
      const query = queryOf(request, "anonymous");
      return { apps: { popularFeatured: popularFeaturedApps(apps(), query) }, feeds: FEEDS };
    });
    scope.get<{ Params: { username: string } }>(
      "/users/:username",
      answers({ 200: UserDashboard }),
      async (request) => {
        const { username } = request.params;
        const query = queryOf(request, username);
        const view = apps();
        const [recent, running, instantLaunches] = await Promise.all([
          recentAnalyses(upstreams, shortName(username), query.limit),
          runningAnalyses(upstreams, shortName(username), query.limit),
          dashboardInstantLaunches(upstreams),
        ]);
        return {
          analyses: { recent, running },
          apps: {
            recentlyAdded: recentlyAddedApps(view, query),
            public: publicApps(view, query),
            recentlyUsed: recentlyUsedApps(view, query),
            popularFeatured: popularFeaturedApps(view, query),
          },
          instantLaunches,
          feeds: FEEDS,
        };
      },
    );
    scope.get("/feeds", answers({ 200: FeedsAnswer }), async () => FEEDS);
    scope.get("/apps/public", answers({ 200: AppsSection }), section(publicApps));
    scope.get("/users/:username/apps/public", answers({ 200: AppsSection }), section(publicApps));
    scope.get("/users/:username/apps/recently-added", answers({ 200: AppsSection }), section(recentlyAddedApps));
    scope.get("/users/:username/apps/popular-featured", answers({ 200: AppsSection }), section(popularFeaturedApps));
    scope.get("/users/:username/apps/recently-used", answers({ 200: AppsSection }), section(recentlyUsedApps));
    scope.get<{ Params: { username: string } }>(
      "/users/:username/analyses/recent",
      answers({ 200: AnalysesSection }),
      async (request) => ({
        analyses: await recentAnalyses(upstreams, shortName(request.params.username), limitOf(request)),
      }),
    );
    scope.get<{ Params: { username: string } }>(
      "/users/:username/analyses/running",
      answers({ 200: AnalysesSection }),
      async (request) => ({
        analyses: await runningAnalyses(upstreams, shortName(request.params.username), limitOf(request)),
      }),
    );
  });
}

/**
 * The dashboard aggregator (cyverse-de/dashboard-aggregator): a user's dashboard sections computed from the apps
 * simulator's state and the analyses it lists, instant launches from app-exposer, and the public feeds.
 */
export function createDashboardAggregatorSimulator({ apps, upstreams, ...options }: DashboardAggregatorOptions) {
  return new Simulator<Record<string, never>>(
    "dashboard-aggregator",
    () => ({}),
    (app) => routes(app, { apps, upstreams }),
    options,
  );
}
export type DashboardAggregatorSimulator = ReturnType<typeof createDashboardAggregatorSimulator>;
