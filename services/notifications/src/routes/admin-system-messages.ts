import { PassedOnAnswer, PassedOnBody, path, streamRequestBodies } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";

const admin = { auth: "admin" as const };
const passedOn = { "2xx": PassedOnAnswer };
const UuidParams = Type.Object({ uuid: Type.String({ description: "System message id" }) });

/** Administration of system messages: passthroughs to the notification backend's `/admin/system...`. */
export const adminSystemMessageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  streamRequestBodies(app);
  const notifications = app.backends.notifications;

  app.put(
    "/admin/notifications/system",
    { config: admin, schema: { summary: "Add a system message", body: PassedOnBody, response: passedOn } },
    (request, reply) => {
      notifications.forward(request, reply, { path: "/admin/system" });
    },
  );
  app.get(
    "/admin/notifications/system",
    {
      config: admin,
      schema: { summary: "List system messages (active-only, type, limit, offset)", response: passedOn },
    },
    (request, reply) => {
      notifications.forward(request, reply, { path: "/admin/system" });
    },
  );
  app.get(
    "/admin/notifications/system-types",
    { config: admin, schema: { summary: "The system message types", response: passedOn } },
    (request, reply) => {
      notifications.forward(request, reply, { path: "/admin/system-types" });
    },
  );
  for (const [method, summary] of [
    ["GET", "A system message"],
    ["POST", "Change a system message"],
    ["DELETE", "Remove a system message"],
  ] as const) {
    app.route({
      method,
      url: "/admin/notifications/system/:uuid",
      config: admin,
      schema: { summary, params: UuidParams, ...(method === "POST" ? { body: PassedOnBody } : {}), response: passedOn },
      handler: async (request, reply) =>
        notifications.forward(request, reply, { path: path`/admin/system/${request.params.uuid}` }),
    });
  }
};
