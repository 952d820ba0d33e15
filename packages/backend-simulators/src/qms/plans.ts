import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { PlanAnswer, PlansAnswer, ResourceTypesAnswer } from "./answer-schemas.js";
import { QmsError, qmsErrors, success } from "./envelope.js";
import type { QmsStore } from "./store.js";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `GET /v1/plans`, `GET /v1/plans/{plan_id}` and `GET /v1/resource-types`. */
export function planRoutes(app: FastifyInstance, store: () => QmsStore): void {
  app.get("/v1/plans", { ...qmsErrors, ...answers({ 200: PlansAnswer }) }, async () => success(store().plans));

  app.get<{ Params: { plan_id: string } }>(
    "/v1/plans/:plan_id",
    { ...qmsErrors, ...answers({ 200: PlanAnswer }) },
    async (request) => {
      const { plan_id: planId } = request.params;
      if (!UUID.test(planId)) throw new QmsError(400, "the plan ID must be a valid UUID");
      const plan = store().plans.find((candidate) => candidate.id === planId.toLowerCase());
      if (!plan) throw new QmsError(404, `plan ID ${planId} not found`);
      return success(plan);
    },
  );

  app.get("/v1/resource-types", { ...qmsErrors, ...answers({ 200: ResourceTypesAnswer }) }, async () =>
    success(store().resourceTypes),
  );
}
