import { path } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { qmsAnswer } from "../backend-answers.js";
import { Envelope, failures, Plan, ResourceType, Uuid } from "../schemas.js";

const tags = ["qms"];

/** What anyone may read: the plans on offer and the resource types they limit. */
export const planRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/qms/plans",
    {
      config: { auth: "optional" },
      schema: {
        summary: "The plans on offer, with quota defaults and rates",
        tags,
        response: { 200: Envelope(Type.Array(Plan)), ...failures },
      },
    },
    async (request) => qmsAnswer(request, { path: "/v1/plans" }),
  );

  app.get(
    "/qms/plans/:planId",
    {
      config: { auth: "optional" },
      schema: {
        summary: "One plan",
        tags,
        params: Type.Object({ planId: Uuid("the plan's id") }),
        response: { 200: Envelope(Plan), ...failures },
      },
    },
    async (request) => qmsAnswer(request, { path: path`/v1/plans/${request.params.planId}` }),
  );

  app.get(
    "/qms/resource-types",
    {
      config: { auth: "optional" },
      schema: {
        summary: "The resource types plans limit (CPU hours, data size)",
        tags,
        response: { 200: Envelope(Type.Array(ResourceType)), ...failures },
      },
    },
    async (request) => qmsAnswer(request, { path: "/v1/resource-types" }),
  );
};
