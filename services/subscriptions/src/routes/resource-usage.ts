import { path } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
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
        summary: "The caller's CPU hours, data usage and subscription; a source that fails is listed in errors",
        tags,
        response: { 200: ResourceSummary, ...failures },
      },
    },
    async (request) =>
      usageAnswer(request, "resourceUsage", { path: path`/summary/${qualified(request.user.username)}` }),
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
