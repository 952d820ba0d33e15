import type { Access } from "@de-gateway/auth";
import { path } from "@de-gateway/backend-clients";
import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { offeredAddon, requireRateInEffect } from "../addon-checks.js";
import { addonAnswer } from "../backend-answers.js";
import { Addon, failures, SubscriptionAddon, Uuid } from "../schemas.js";

export interface SubscriptionAddonOptions {
  /** `/admin/qms` or `/service/qms`. */
  base: string;
  access: Access;
  tag: string;
}

const SubscriptionParams = Type.Object({ subscriptionUuid: Uuid("the subscription") });
const AppliedParams = Type.Object({
  subscriptionUuid: Uuid("the subscription (the service reads only the add-on's own id)"),
  uuid: Uuid("the subscription add-on, as the subscription's add-on listing names it"),
});
const Applied = Type.Object({ subscription_addon: SubscriptionAddon });

/**
 * The add-on listing, and the add-ons applied to a subscription (which raise its quota by their amount), for
 * administrators and for the platform's service accounts. The subscriptions service addresses an applied add-on by
 * its own id only, so that id fills both of its path segments, as terrain sends it.
 */
export const subscriptionAddonRoutes: FastifyPluginAsyncTypebox<SubscriptionAddonOptions> = async (
  app,
  { base, access, tag },
) => {
  const tags = [tag];
  const config = { auth: access };

  app.get(
    `${base}/addons`,
    {
      config,
      schema: {
        summary: "The add-ons on offer",
        tags,
        response: { 200: Type.Object({ addons: Type.Array(Addon) }), ...failures },
      },
    },
    async (request) => addonAnswer(request, { path: "/addons" }, "addons"),
  );

  app.get(
    `${base}/subscriptions/:subscriptionUuid/addons`,
    {
      config,
      schema: {
        summary: "The add-ons applied to a subscription",
        tags,
        params: SubscriptionParams,
        response: { 200: Type.Object({ subscription_addons: Type.Array(SubscriptionAddon) }), ...failures },
      },
    },
    async (request) =>
      addonAnswer(
        request,
        { path: path`/subscriptions/${request.params.subscriptionUuid}/addons` },
        "subscription_addons",
      ),
  );

  app.post(
    `${base}/subscriptions/:subscriptionUuid/addons`,
    {
      config,
      schema: {
        summary: "Apply an add-on to a subscription: its quota rises by the add-on's amount",
        tags,
        params: SubscriptionParams,
        body: Type.Object({ uuid: Uuid("the add-on to apply") }),
        response: { 200: Applied, 409: ErrorBody, ...failures },
      },
    },
    // The add-on's id moves from the body into the path; the service applies with PUT and no body. No backend
    // answers whether a subscription exists, so an unknown one still fails at the service (502).
    async (request) => {
      requireRateInEffect(await offeredAddon(request, request.body.uuid));
      return addonAnswer(
        request,
        { method: "PUT", path: path`/subscriptions/${request.params.subscriptionUuid}/addons/${request.body.uuid}` },
        "subscription_addon",
      );
    },
  );

  app.get(
    `${base}/subscriptions/:subscriptionUuid/addons/:uuid`,
    {
      config,
      schema: { summary: "One applied add-on", tags, params: AppliedParams, response: { 200: Applied, ...failures } },
    },
    async (request) => {
      const { uuid } = request.params;
      return addonAnswer(request, { path: path`/subscriptions/${uuid}/addons/${uuid}` }, "subscription_addon");
    },
  );

  app.put(
    `${base}/subscriptions/:subscriptionUuid/addons/:uuid`,
    {
      config,
      schema: {
        summary: "Change an applied add-on's amount (the quota moves by the difference) or paid flag",
        tags,
        params: AppliedParams,
        // A change of neither fails the service (500): goqu refuses an update of no columns.
        body: Type.Object(
          { amount: Type.Optional(Type.Number({ minimum: 0 })), paid: Type.Optional(Type.Boolean()) },
          { minProperties: 1 },
        ),
        response: { 200: Applied, ...failures },
      },
    },
    async (request) => {
      const { uuid } = request.params;
      const { amount, paid } = request.body;
      // The service takes the change with POST, the fields wrapped with the id and a snake_case update mask.
      const json = {
        subscription_addon: { ...request.body, uuid },
        ...(amount !== undefined ? { update_amount: true } : {}),
        ...(paid !== undefined ? { update_paid: true } : {}),
      };
      return addonAnswer(
        request,
        { method: "POST", path: path`/subscriptions/${uuid}/addons/${uuid}`, json },
        "subscription_addon",
      );
    },
  );

  app.delete(
    `${base}/subscriptions/:subscriptionUuid/addons/:uuid`,
    {
      config,
      schema: {
        summary: "Remove an applied add-on: the quota falls by its amount",
        tags,
        params: AppliedParams,
        response: { 200: Applied, ...failures },
      },
    },
    async (request) => {
      const { uuid } = request.params;
      return addonAnswer(
        request,
        { method: "DELETE", path: path`/subscriptions/${uuid}/addons/${uuid}` },
        "subscription_addon",
      );
    },
  );
};
