import { PassedOnAnswer, PassedOnBody, streamRequestBodies } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";

/** Unsecured: how other platform services hand a notification to a user (the backend's `POST /notification`). */
export const sendNotificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  streamRequestBodies(app);
  app.post(
    "/send-notification",
    {
      config: { auth: "none" },
      schema: { summary: "Send a notification to a user", body: PassedOnBody, response: { "2xx": PassedOnAnswer } },
    },
    (request, reply) => {
      app.backends.notifications.forward(request, reply, { path: "/notification" });
    },
  );
};
