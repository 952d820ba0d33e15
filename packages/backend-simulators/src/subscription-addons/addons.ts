import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { UUID } from "../qms/plans.js";
import type { QmsStore } from "../qms/store.js";
import { incomingRates, newAddonRates, updateAddonRates } from "./addon-rates.js";
import { AddonAnswer, AddonsAnswer } from "./answer-schemas.js";
import { AddonServiceError, answer, badRequest, envelopeErrors, internalError, notFound } from "./envelope.js";
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

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * A new add-on's resource type, looked up by id, else by name (db/resourcetypes.go LookupResoureType). One the
 * database does not have is inserted as an empty id, which the uuid column refuses: the service fails.
 */
function resourceTypeOf(qms: QmsStore, lookup: NonNullable<AddonFields["resource_type"]>) {
  const [byId, byName] = [text(lookup.uuid), text(lookup.name)];
  if (!byId && !byName) throw badRequest("either the resource type name or the resource type ID is required");
  const found = qms.resourceTypes.find((type) => (byId ? type.id === byId : type.name === byName));
  if (!found) throw internalError();
  return asAddonResourceType(found);
}

/** A changed add-on's resource type: its id is written as it is, so one the database does not have fails the update. */
function changedResourceType(qms: QmsStore, lookup: AddonFields["resource_type"]) {
  const found = qms.resourceTypes.find((type) => type.id === text(lookup?.uuid));
  if (!found) throw internalError();
  return asAddonResourceType(found);
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

/** The fields of the add-on's own row an update names, each checked. */
const changesOf = (body: UpdateAddonBody, fields: AddonFields): Partial<Addon> => ({
  ...(body.updateName ? { name: checkedName(fields.name) } : {}),
  ...(body.updateDescription ? { description: checkedDescription(fields.description) } : {}),
  ...(body.updateDefaultAmount ? { default_amount: checkedAmount(fields.default_amount) } : {}),
  ...(body.updateDefaultPaid ? { default_paid: fields.default_paid === true } : {}),
});

/** The add-ons an administrator offers (`/addons`). */
export function addonRoutes(app: FastifyInstance, store: () => AddonStore, qms: () => QmsStore): void {
  app.put<{ Body: { addon?: AddonFields | null } | null }>(
    "/addons",
    { ...envelopeErrors("addon"), ...answers({ 200: AddonAnswer }) },
    async (request) => {
      const fields = request.body?.addon;
      if (!fields) throw badRequest("required fields are missing from the request body");
      // db/types.go NewAddonFromQMS reads the resource type before anything is checked: without one it panics.
      if (!fields.resource_type) throw internalError();
      const name = checkedName(fields.name);
      const description = checkedDescription(fields.description);
      const defaultAmount = checkedAmount(fields.default_amount);
      const rates = newAddonRates(store(), incomingRates(fields.addon_rates));
      const addon: Addon = {
        uuid: randomUUID(),
        name,
        description,
        default_amount: defaultAmount,
        default_paid: fields.default_paid === true,
        resource_type: resourceTypeOf(qms(), fields.resource_type),
        addon_rates: rates,
      };
      store().addons.set(addon.uuid, addon);
      return answer("addon", addon);
    },
  );

  // db/addons.go ListAddons has no ORDER BY: the rows come as the table keeps them, in the order they were added.
  app.get("/addons", { ...envelopeErrors("addons"), ...answers({ 200: AddonsAnswer }) }, async () =>
    answer("addons", [...store().addons.values()]),
  );

  app.post<{ Params: { uuid: string }; Body: UpdateAddonBody | null }>(
    "/addons/:uuid",
    { ...envelopeErrors("addon"), ...answers({ 200: AddonAnswer }) },
    async (request, reply) => {
      const body = request.body;
      if (!body?.addon) return reply.code(400).send({ message: "request body must include an addon" });
      const uuid = uuidParam(request.params.uuid, "uuid");
      const changes = changesOf(body, body.addon);
      const rates = body.updateAddonRates ? incomingRates(body.addon.addon_rates) : undefined;
      const addon = store().addons.get(uuid);
      // The add-on's own row is updated first, and an update of no row is ErrAddonNotFound; without one, the unknown
      // id fails the rates' insert or the read back (db/addons.go UpdateAddon). A failure changes nothing.
      if (!addon) {
        const rowChanges = Object.keys(changes).length > 0 || body.updateResourceType;
        throw rowChanges ? notFound("add-on not found") : internalError();
      }
      if (body.updateResourceType) changes.resource_type = changedResourceType(qms(), body.addon.resource_type);
      if (rates) updateAddonRates(store(), addon, rates);
      Object.assign(addon, changes);
      return answer("addon", addon);
    },
  );

  app.delete<{ Params: { uuid: string } }>(
    "/addons/:uuid",
    { ...envelopeErrors("addon"), ...answers({ 200: AddonAnswer }) },
    async (request) => {
      const uuid = uuidParam(request.params.uuid, "uuid");
      if (store().usesOf(uuid).length > 0) {
        // errors/errors.go: ErrSubscriptionAddonsExist is a 409 whose code says BAD_REQUEST.
        throw new AddonServiceError(409, "subscription add-ons exist", "BAD_REQUEST");
      }
      // Deleting no row is no error: an unknown id is answered as a deleted one (app/addons.go deleteAddon).
      store().addons.delete(uuid);
      // The service answers the deleted add-on's id and no rates, its other fields unset.
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
