import { registerPassthroughs, streamRequestBodies } from "@de-gateway/backend-clients";
import type { FastifyPluginAsync } from "fastify";

/**
 * The caller's webhooks, kept by the apps backend: where the platform posts the caller's notifications (Slack,
 * Zapier, or a URL of their own), per topic. The web client's preferences page replaces the whole list on every save.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  streamRequestBodies(app);
  registerPassthroughs(
    app,
    [
      {
        tag: "webhooks",
        rows: [
          { method: "GET", path: "/webhooks", summary: "The caller's webhooks" },
          {
            method: "PUT",
            path: "/webhooks",
            summary: "Replace the caller's webhooks: {webhooks: [{url, type: {type}, topics: [topic]}]}",
          },
          { method: "GET", path: "/webhooks/topics", summary: "The topics a webhook can subscribe to" },
          { method: "GET", path: "/webhooks/types", summary: "The kinds of webhook (Slack, Zapier, Custom)" },
        ],
      },
    ],
    { parameters: {}, defaultBackend: "apps" },
  );
};
