import { path } from "@de-gateway/backend-clients";
import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { Config } from "../config.js";
import { fullUsername } from "../full-username.js";

/** The reference asks for 8 items per section unless the caller says otherwise. */
const DEFAULT_LIMIT = 8;

const Items = (description: string) => Type.Array(Type.Object({}, { additionalProperties: true }), { description });

/** The dashboard aggregator's answer; a visitor gets the popular featured apps and the feeds only. */
const Dashboard = Type.Object(
  {
    apps: Type.Object(
      {
        recentlyAdded: Type.Optional(Items("apps the user integrated, newest first")),
        recentlyUsed: Type.Optional(Items("apps the user ran lately, latest first")),
        popularFeatured: Items("featured public apps by how often they ran lately"),
        public: Type.Optional(Items("public apps, newest first")),
      },
      { additionalProperties: true },
    ),
    analyses: Type.Optional(
      Type.Object(
        { recent: Items("the user's latest analyses"), running: Items("the user's running analyses") },
        { additionalProperties: true },
      ),
    ),
    feeds: Type.Optional(
      Type.Object(
        { news: Items("news items"), events: Items("coming events"), videos: Items("videos") },
        { additionalProperties: true },
      ),
    ),
    instantLaunches: Type.Optional(Items("the instant launches placed on the dashboard")),
  },
  { additionalProperties: true },
);

const DashboardQuery = Type.Object({
  // At least 1: the aggregator reads 0 as no limit at all (goqu's Limit(0) sets none, dashboard-aggregator db/apps.go).
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1000, description: `items per section (${DEFAULT_LIMIT} if absent)` }),
  ),
  "start-date-interval": Type.Optional(
    Type.String({ description: "accepted as the reference accepts it, and not passed on, as it does not" }),
  ),
});

/**
 * `GET /dashboard`: the landing page's sections from the dashboard aggregator, for the signed-in user (by the
 * full username, `name@USER_DOMAIN`, as the reference asks) or, for a visitor without a token, the public ones.
 */
export const dashboard: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.get(
    "/dashboard",
    {
      config: { auth: "optional" },
      schema: {
        summary: "The dashboard: the caller's apps and analyses, or the public sections for a visitor",
        tags: ["dashboard"],
        querystring: DashboardQuery,
        response: { 200: Dashboard, 400: ErrorBody, 401: ErrorBody, 502: ErrorBody, 504: ErrorBody },
      },
    },
    async (request) => {
      const target =
        request.user.kind === "anonymous" ? "/" : path`/users/${fullUsername(request, config.USER_DOMAIN)}`;
      return app.backends.dashboardAggregator.json(
        request,
        { path: target, query: { limit: request.query.limit ?? DEFAULT_LIMIT } },
        Dashboard,
      );
    },
  );
};
