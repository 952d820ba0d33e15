import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { UUID } from "../qms/plans.js";
import type { QmsStore } from "../qms/store.js";
import { AddonAnswer, AddonsAnswer } from "./answer-schemas.js";
import { answer, badRequest, envelopeErrors, notFound } from "./envelope.js";
import { type Addon, type AddonStore, asAddonResourceType } from "./store.js";

interface AddonFields {
  uuid?: unknown;
  name?: unknown;
  description?: unknown;
  default_amount?: unknown;
  default_paid?: unknown;
  resource_type?: { uuid?: unknown; name?: unknown } | null;
  addon_rates?: unknown;
}

interface UpdateAddonBody {
  addon?: AddonFields | null;
  updateName?: boolean;
  updateDescription?: boolean;
  updateResourceType?: boolean;
  updateDefaultAmount?: boolean;
  updateDefaultPaid?: boolean;
  updateAddonRates?: boolean;
}

export const uuidParam = (value: string, name: string): string => {
  if (!UUID.test(value)) throw badRequest(`${name} must be a valid UUID`);
  return value.toLowerCase();
};

export function existingAddon(store: AddonStore, uuid: string): Addon {
  const addon = store.addons.get(uuid);
  if (!addon) throw notFound("add-on not found");
  return addon;
}

function resourceTypeOf(qms: QmsStore, lookup: AddonFields["resource_type"]) {
  const byId = typeof lookup?.uuid === "string" && lookup.uuid ? lookup.uuid : undefined;
  const byName = typeof lookup?.name === "string" && lookup.name ? lookup.name : undefined;
  if (!byId && !byName) throw badRequest("either the resource type ID or name must be specified");
  const found = qms.resourceTypes.find((type) => (byId ? type.id === byId : type.name === byName));
  if (!found) throw notFound(`resource type not found: ${byId ?? byName}`);
  return asAddonResourceType(found);
}

function ratesOf(store: AddonStore, value: unknown) {
  if (value === undefined || value === null) return [];
  const rates = Array.isArray(value) ? value : [];
  const valid = rates.every(
    (rate) => typeof rate?.rate === "number" && rate.rate >= 0 && !Number.isNaN(Date.parse(rate?.effective_date)),
  );
  if (!Array.isArray(value) || !valid) {
    throw badRequest("addon_rates must be a list of rates, each with a rate and an effective date");
  }
  if (new Set(rates.map((rate) => Date.parse(rate.effective_date))).size !== rates.length) {
    throw badRequest("there can only be one plan rate for each effective date");
  }
  return store.newRates(rates);
}

function checkedName(value: unknown): string {
  if (typeof value !== "string" || !value) throw badRequest("name must be set");
  return value;
}

function checkedDescription(value: unknown): string {
  if (typeof value !== "string" || !value) throw badRequest("description must be set");
  return value;
}

function checkedAmount(value: unknown): number {
  if (typeof value !== "number" || value <= 0) throw badRequest("default_amount must be greater than 0.0");
  return value;
}

/** The add-ons an administrator offers (`/addons`). */
export function addonRoutes(app: FastifyInstance, store: () => AddonStore, qms: () => QmsStore): void {
  app.put<{ Body: { addon?: AddonFields | null } | null }>(
    "/addons",
    { ...envelopeErrors("addon"), ...answers({ 200: AddonAnswer }) },
    async (request) => {
      const fields = request.body?.addon;
      if (!fields) throw badRequest("required fields are missing from the request body");
      const addon: Addon = {
        uuid: randomUUID(),
        name: checkedName(fields.name),
        description: checkedDescription(fields.description),
        default_amount: checkedAmount(fields.default_amount),
        default_paid: fields.default_paid === true,
        resource_type: resourceTypeOf(qms(), fields.resource_type),
        addon_rates: ratesOf(store(), fields.addon_rates),
      };
      store().addons.set(addon.uuid, addon);
      return answer("addon", addon);
    },
  );

  app.get("/addons", { ...envelopeErrors("addons"), ...answers({ 200: AddonsAnswer }) }, async () =>
    answer(
      "addons",
      [...store().addons.values()].sort((a, b) => a.name.localeCompare(b.name)),
    ),
  );

  app.post<{ Params: { uuid: string }; Body: UpdateAddonBody | null }>(
    "/addons/:uuid",
    { ...envelopeErrors("addon"), ...answers({ 200: AddonAnswer }) },
    async (request, reply) => {
      const body = request.body;
      if (!body?.addon) return reply.code(400).send({ message: "request body must include an addon" });
      const addon = existingAddon(store(), uuidParam(request.params.uuid, "uuid"));
      const fields = body.addon;
      // Every field is checked before any is changed, so a refused update changes nothing.
      const changes: Partial<Addon> = {
        ...(body.updateName ? { name: checkedName(fields.name) } : {}),
        ...(body.updateDescription ? { description: checkedDescription(fields.description) } : {}),
        ...(body.updateDefaultAmount ? { default_amount: checkedAmount(fields.default_amount) } : {}),
        ...(body.updateDefaultPaid ? { default_paid: fields.default_paid === true } : {}),
        ...(body.updateResourceType ? { resource_type: resourceTypeOf(qms(), fields.resource_type) } : {}),
        ...(body.updateAddonRates ? { addon_rates: ratesOf(store(), fields.addon_rates) } : {}),
      };
      Object.assign(addon, changes);
      return answer("addon", addon);
    },
  );

  app.delete<{ Params: { uuid: string } }>(
    "/addons/:uuid",
    { ...envelopeErrors("addon"), ...answers({ 200: AddonAnswer }) },
    async (request) => {
      const uuid = uuidParam(request.params.uuid, "uuid");
      existingAddon(store(), uuid);
      if (store().usesOf(uuid).length > 0) throw badRequest("subscription add-ons exist");
      store().addons.delete(uuid);
      // The service answers the deleted add-on's id and no rates, its other fields unset (app/addons.go deleteAddon).
      const deleted: Omit<Addon, "resource_type"> & { resource_type: null } = {
        uuid,
        name: "",
        description: "",
        default_amount: 0,
        default_paid: false,
        resource_type: null,
        addon_rates: [],
      };
      return answer("addon", deleted);
    },
  );
}
