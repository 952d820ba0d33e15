import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import type { QmsStore, SubscriptionRecord } from "../qms/store.js";
import { uuidParam } from "./addons.js";
import { SubscriptionAddonAnswer, SubscriptionAddonsAnswer } from "./answer-schemas.js";
import { answer, badRequest, envelopeErrors, internalError, notFound } from "./envelope.js";
import { type AddonStore, appliedView, currentRate, type SubscriptionAddon } from "./store.js";

interface UpdateSubscriptionAddonBody {
  subscription_addon?: { uuid?: unknown; amount?: unknown; paid?: unknown } | null;
  update_amount?: boolean;
  update_paid?: boolean;
}

// The service looks neither up before using it: an unknown add-on fails db/addons.go GetAddonByID, an add-on without
// a rate in effect AddSubscriptionAddon, an unknown subscription the insert's foreign key. None is a sentinel error.
function existingSubscription(qms: QmsStore, uuid: string): SubscriptionRecord {
  const subscription = qms.subscriptionById(uuid);
  if (!subscription) throw internalError();
  return subscription;
}

function existingAddon(store: AddonStore, uuid: string) {
  const addon = store.addons.get(uuid);
  if (!addon) throw internalError();
  return addon;
}

function existingSubscriptionAddon(store: AddonStore, uuid: string): SubscriptionAddon {
  const applied = store.subscriptionAddons.get(uuid);
  if (!applied) throw notFound("subscription add-on not found");
  return applied;
}

/** Moves the subscription's quota for the add-on's resource type by `change`. */
function moveQuota(qms: QmsStore, applied: SubscriptionAddon, change: number): void {
  const subscription = existingSubscription(qms, applied.subscription_id);
  const resourceType = qms.resourceTypes.find((type) => type.id === applied.addon.resource_type.uuid);
  if (!resourceType) throw internalError();
  qms.setQuota(subscription, resourceType, qms.quotaOf(subscription, resourceType) + change);
}

/**
 * Add-ons applied to subscriptions. Applying one adds its amount to the subscription's quota, changing the amount
 * moves the quota by the difference, removing it takes the amount away again. The nested routes address a
 * subscription add-on by its own id in the last segment and ignore the subscription segment, as the service does.
 * Only applying answers the add-on with its rates: the others read it without them (db/addons.go subAddonDS).
 */
export function subscriptionAddonRoutes(app: FastifyInstance, store: () => AddonStore, qms: () => QmsStore): void {
  app.get<{ Params: { uuid: string } }>(
    "/subscriptions/:uuid/addons",
    { ...envelopeErrors("subscription_addons"), ...answers({ 200: SubscriptionAddonsAnswer }) },
    async (request) =>
      answer("subscription_addons", store().appliedTo(uuidParam(request.params.uuid, "uuid")).map(appliedView)),
  );

  app.put<{ Params: { sub_uuid: string; addon_uuid: string } }>(
    "/subscriptions/:sub_uuid/addons/:addon_uuid",
    { ...envelopeErrors("subscription_addon"), ...answers({ 200: SubscriptionAddonAnswer }) },
    async (request) => {
      const subscriptionId = uuidParam(request.params.sub_uuid, "sub_uuid");
      const addon = existingAddon(store(), uuidParam(request.params.addon_uuid, "addon_uuid"));
      const rate = currentRate(addon);
      if (!rate) throw internalError();
      const subscription = existingSubscription(qms(), subscriptionId);
      const applied: SubscriptionAddon = {
        uuid: randomUUID(),
        addon,
        subscription_id: subscription.id,
        amount: addon.default_amount,
        paid: addon.default_paid,
        addon_rate: rate,
      };
      moveQuota(qms(), applied, applied.amount);
      store().subscriptionAddons.set(applied.uuid, applied);
      return answer("subscription_addon", applied);
    },
  );

  const subscriptionAddonId = (params: { addon_uuid: string }) => uuidParam(params.addon_uuid, "addon_uuid");

  app.get<{ Params: { sub_uuid: string; addon_uuid: string } }>(
    "/subscriptions/:sub_uuid/addons/:addon_uuid",
    { ...envelopeErrors("subscription_addon"), ...answers({ 200: SubscriptionAddonAnswer }) },
    async (request) =>
      answer(
        "subscription_addon",
        appliedView(existingSubscriptionAddon(store(), subscriptionAddonId(request.params))),
      ),
  );

  app.delete<{ Params: { sub_uuid: string; addon_uuid: string } }>(
    "/subscriptions/:sub_uuid/addons/:addon_uuid",
    { ...envelopeErrors("subscription_addon"), ...answers({ 200: SubscriptionAddonAnswer }) },
    async (request) => {
      const applied = existingSubscriptionAddon(store(), subscriptionAddonId(request.params));
      moveQuota(qms(), applied, -applied.amount);
      store().subscriptionAddons.delete(applied.uuid);
      return answer("subscription_addon", appliedView(applied));
    },
  );

  // This route reads the subscription add-on's id from the body, not from the path.
  app.post<{ Params: { sub_uuid: string; addon_uuid: string }; Body: UpdateSubscriptionAddonBody | null }>(
    "/subscriptions/:sub_uuid/addons/:addon_uuid",
    { ...envelopeErrors("subscription_addon"), ...answers({ 200: SubscriptionAddonAnswer }) },
    async (request) => {
      const fields = request.body?.subscription_addon;
      if (!fields) throw badRequest("required fields are missing from the request body");
      if (typeof fields.uuid !== "string" || !fields.uuid) throw badRequest("uuid must be set in the request");
      const applied = existingSubscriptionAddon(store(), uuidParam(fields.uuid, "uuid"));
      // db/addons.go UpdateSubscriptionAddon: goqu refuses an update of no columns (ErrNoUpdatedValuesProvided).
      if (!request.body?.update_amount && !request.body?.update_paid) throw internalError();
      if (request.body?.update_amount) {
        if (typeof fields.amount !== "number" || fields.amount < 0) {
          throw badRequest("amount must be a number no less than 0");
        }
        moveQuota(qms(), applied, fields.amount - applied.amount);
        applied.amount = fields.amount;
      }
      if (request.body?.update_paid) applied.paid = fields.paid === true;
      return answer("subscription_addon", appliedView(applied));
    },
  );
}
