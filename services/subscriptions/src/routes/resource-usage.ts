import { path } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Static } from "typebox";
import { usageAnswer } from "../backend-answers.js";
import { DataUsage, failures, ResourceSummary } from "../schemas.js";

const tags = ["resource-usage"];

/** The caller's resource usage; both backends know users by their qualified names. */
export const resourceUsageRoutes: FastifyPluginAsyncTypebox<{ userDomain: string }> = async (app, { userDomain }) => {
  const qualified = (username: string) => `${username}@${userDomain}`;

  app.get(
    "/resource-usage/summary",
    {
      schema: {
        summary: "The caller's CPU hours, data usage and subscription, as the subscriptions service records them",
        tags,
        response: { 200: ResourceSummary, ...failures },
      },
    },
    async (request) => {
      const summary = await usageAnswer<Static<typeof ResourceSummary>>(request, "resourceUsage", {
        path: path`/summary/${qualified(request.user.username)}`,
      });
      // The summarizer resource-usage-api runs with QMS never fills `errors` and sends null (internal/summarizer/
      // main.go); the contract promises a list, which the client reads.
      return { ...summary, errors: summary.errors ?? [] };
    },
  );

  app.get(
    "/resource-usage/data/current",
    {
      schema: {
        summary: "The caller's current data store usage",
        tags,
        response: { 200: DataUsage, ...failures },
      },
    },
    async (request) =>
      usageAnswer(request, "dataUsage", { path: path`/${qualified(request.user.username)}/data/current` }),
  );
};
