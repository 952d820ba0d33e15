import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { MessageAnswer, UpdatesAnswer, UsagesAnswer } from "./answer-schemas.js";
import { QmsError, qmsErrors, success } from "./envelope.js";
import { shortUsername } from "./request-values.js";
import { type QmsStore, UPDATE_TYPES } from "./store.js";
import { updatesView, usagesView } from "./views.js";

interface AddUsage {
  username?: unknown;
  resource_name?: unknown;
  usage_value?: unknown;
  update_type?: unknown;
}

/** A user's usages and the updates that made them (`/v1/usages`). */
export function usageRoutes(app: FastifyInstance, store: () => QmsStore, domain: string): void {
  app.get<{ Params: { username: string } }>(
    "/v1/usages/:username",
    { ...qmsErrors, ...answers({ 200: UsagesAnswer }) },
    async (request) => {
      const qms = store();
      return success(usagesView(qms, qms.activeSubscription(shortUsername(request.params.username, domain))));
    },
  );

  app.get<{ Params: { username: string } }>(
    "/v1/usages/:username/updates",
    { ...qmsErrors, ...answers({ 200: UpdatesAnswer }) },
    async (request) => {
      const username = shortUsername(request.params.username, domain);
      if (!store().users.has(username)) throw new QmsError(404, `user ${username} does not exist`);
      return success(updatesView(store(), username));
    },
  );

  app.post<{ Body: AddUsage | null }>(
    "/v1/usages",
    { ...qmsErrors, ...answers({ 200: MessageAnswer }) },
    async (request) => {
      const body = request.body ?? {};
      const username = typeof body.username === "string" ? shortUsername(body.username, domain) : "";
      if (!username) throw new QmsError(400, "invalid username");
      if (typeof body.resource_name !== "string" || !body.resource_name) {
        throw new QmsError(400, "invalid resource name");
      }
      if (typeof body.usage_value !== "number" || body.usage_value < 0) throw new QmsError(400, "invalid usage value");
      const updateType = String(body.update_type ?? "");
      if (!updateType) throw new QmsError(400, "invalid update type");
      const qms = store();
      const resourceType = qms.resourceTypeNamed(body.resource_name);
      if (!resourceType) throw new QmsError(400, `invalid resource name: ${body.resource_name}`);
      const operation = UPDATE_TYPES.find((type) => type === updateType);
      if (!operation) throw new QmsError(400, `invalid update type: ${updateType}`);
      qms.applyUsage(username, resourceType, operation, body.usage_value);
      return success(`successfully updated the usage for: ${username}`);
    },
  );
}
