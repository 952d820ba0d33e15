import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { asCaller } from "../caller-body.js";
import { DeleteAllQuery, normaliseEnumeratedParams } from "../notification-query.js";
import { BackendObject, errors, UserCarryingBody, UuidList } from "../schemas.js";

/**
 * Marking the caller's notifications seen or deleted. The interface answers a mark, a mark of all and a deletion of
 * all with `count`, the caller's messages still unseen; the service's own `count` is how many messages the change
 * touched (its rows affected), so the gateway asks for the unseen count once the change is made. A deletion of the
 * listed messages answers as the service does.
 */
export const messageMarkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const notifications = app.backends.notifications;
  const answer = { 200: BackendObject, ...errors };

  async function withUnseenCount(request: FastifyRequest, changed: Record<string, unknown>) {
    const counts = await notifications.json<{ "user-total": number }>(request, {
      path: "/count-messages",
      query: { seen: false },
    });
    return { ...changed, count: counts["user-total"] };
  }

  app.post(
    "/secured/notifications/seen",
    { schema: { summary: "Mark the listed notifications seen", body: UuidList, response: answer } },
    async (request) =>
      withUnseenCount(
        request,
        await notifications.json(request, { method: "POST", path: "/seen", json: { uuids: request.body.uuids } }),
      ),
  );

  app.post(
    "/secured/notifications/mark-all-seen",
    { schema: { summary: "Mark all the caller's notifications seen", body: UserCarryingBody, response: answer } },
    async (request) =>
      withUnseenCount(
        request,
        await notifications.json(request, { method: "POST", path: "/mark-all-seen", json: asCaller(request) }),
      ),
  );

  app.post(
    "/secured/notifications/delete",
    { schema: { summary: "Delete the listed notifications", body: UuidList, response: answer } },
    async (request) =>
      notifications.json(request, { method: "POST", path: "/delete", json: { uuids: request.body.uuids } }),
  );

  app.delete(
    "/secured/notifications/delete-all",
    {
      preValidation: normaliseEnumeratedParams,
      schema: {
        summary: "Delete all the caller's notifications (or those of one type, or the unseen ones)",
        querystring: DeleteAllQuery,
        response: answer,
      },
    },
    async (request) =>
      withUnseenCount(
        request,
        await notifications.json(request, {
          method: "DELETE",
          path: "/delete-all",
          query: { filter: request.query.filter },
        }),
      ),
  );
};
