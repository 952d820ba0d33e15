import {
  checkOutboundAddress,
  httpAddress,
  PassedOnAnswer,
  registerPassthroughs,
  streamRequestBodies,
} from "@de-gateway/backend-clients";
import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { Type } from "typebox";

const Webhook = Type.Object(
  {
    url: Type.String({
      description: "where the platform posts the notifications: an http or https address that is not internal",
    }),
  },
  { additionalProperties: true, description: "{url, type: {type}, topics: [topic]}" },
);
const Webhooks = Type.Object(
  {
    webhooks: Type.Array(Webhook, {
      maxItems: 50,
      description: "the caller's whole list (the web client sends one); each address is resolved and checked",
    }),
  },
  { additionalProperties: true },
);

/** The reading rows, in a context of their own where bodies stream to the apps backend unparsed. */
const webhookReading: FastifyPluginAsync = async (app) => {
  streamRequestBodies(app);
  registerPassthroughs(
    app,
    [
      {
        tag: "webhooks",
        rows: [
          { method: "GET", path: "/webhooks", summary: "The caller's webhooks" },
          { method: "GET", path: "/webhooks/topics", summary: "The topics a webhook can subscribe to" },
          { method: "GET", path: "/webhooks/types", summary: "The kinds of webhook (Slack, Zapier, Custom)" },
        ],
      },
    ],
    { parameters: {}, defaultBackend: "apps" },
  );
};

/**
 * The caller's webhooks, kept by the apps backend: where the platform posts the caller's notifications (Slack,
 * Zapier, or a URL of their own), per topic. The web client's preferences page replaces the whole list on every save.
 * The platform posts from inside its network, so every address is checked as URL imports are (backend-clients'
 * `checkOutboundAddress`: http or https, and no address it resolves to internal) before the list is sent on, as sent.
 */
export const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(webhookReading);
  app.put(
    "/webhooks",
    {
      schema: {
        summary: "Replace the caller's webhooks: {webhooks: [{url, type: {type}, topics: [topic]}]}",
        tags: ["webhooks"],
        body: Webhooks,
        response: { "2xx": PassedOnAnswer, 400: ErrorBody, 401: ErrorBody, 502: ErrorBody, 504: ErrorBody },
      },
    },
    async (request, reply) => {
      for (const { url } of request.body.webhooks) await checkOutboundAddress(httpAddress(url), url);
      return app.backends.apps.forward(request, reply, { path: "/webhooks" });
    },
  );
};
