import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { asCaller } from "../caller-body.js";
import { BackendObject, errors, UserCarryingBody, UuidList } from "../schemas.js";

const answer = { 200: BackendObject, ...errors };

/**
 * Platform-wide system messages as the caller sees them, and the caller's received, seen and dismissed
 * marks on them. Each call acts for the authenticated user only: the `user` query parameter is always
 * replaced, and the "mark all" bodies get `user` overwritten.
 */
export const systemMessageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const notifications = app.backends.notifications;

  for (const [name, summary] of [
    ["messages", "Active system messages the caller has not dismissed"],
    ["new-messages", "Active system messages the caller has not marked received"],
    ["unseen-messages", "Active system messages the caller has not marked seen"],
  ] as const) {
    app.get(
      `/secured/notifications/system/${name}`,
      { schema: { summary, response: answer } },
      async (request, reply) => notifications.forward(request, reply, { path: `/system/${name}` }),
    );
  }

  for (const [name, summary] of [
    ["received", "Mark the listed system messages received"],
    ["seen", "Mark the listed system messages seen"],
    ["delete", "Dismiss the listed system messages (dismissible ones only)"],
  ] as const) {
    app.post(
      `/secured/notifications/system/${name}`,
      { schema: { summary, body: UuidList, response: answer } },
      async (request) =>
        notifications.json(request, { method: "POST", path: `/system/${name}`, json: { uuids: request.body.uuids } }),
    );
  }

  for (const [name, summary] of [
    ["mark-all-received", "Mark every active system message received"],
    ["mark-all-seen", "Mark every active system message seen"],
  ] as const) {
    app.post(
      `/secured/notifications/system/${name}`,
      { schema: { summary, body: UserCarryingBody, response: answer } },
      async (request) =>
        notifications.json(request, { method: "POST", path: `/system/${name}`, json: asCaller(request) }),
    );
  }

  app.delete(
    "/secured/notifications/system/delete-all",
    { schema: { summary: "Dismiss every dismissible active system message", response: answer } },
    (request, reply) => {
      notifications.forward(request, reply, { path: "/system/delete-all" });
    },
  );
};
