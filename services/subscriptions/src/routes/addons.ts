import { path } from "@de-gateway/backend-clients";
import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type Static, Type } from "typebox";
import { offeredAddon, requireDistinctRateDates, requireResourceType } from "../addon-checks.js";
import { addonAnswer } from "../backend-answers.js";
import { Addon, failures, Uuid } from "../schemas.js";

const tags = ["admin-qms-addons"];

const NewResourceType = Type.Object({
  uuid: Type.Optional(Uuid("the resource type's id; its name is used when left out")),
  name: Type.String({ minLength: 1 }),
  unit: Type.String({ minLength: 1 }),
  consumable: Type.Boolean(),
});

const NewRate = Type.Object({ rate: Type.Number({ minimum: 0 }), effective_date: Type.String({ minLength: 1 }) });
/** A rate of a changed add-on: with the id of the rate it replaces (as the client's add-on form sends it), or new. */
const ChangedRate = Type.Object({
  uuid: Type.Optional(Uuid("the rate it replaces; naming one replaces every rate of the add-on with those given")),
  ...NewRate.properties,
});

const NewAddon = Type.Object({
  name: Type.String({ minLength: 1 }),
  description: Type.String({ minLength: 1 }),
  default_amount: Type.Number({ exclusiveMinimum: 0, description: "how much of the resource it adds" }),
  default_paid: Type.Boolean(),
  resource_type: NewResourceType,
  // The service fails an add-on without rates (500): its insert of no rates is refused by the database.
  addon_rates: Type.Array(NewRate, { minItems: 1, description: "at least one rate" }),
});

const AddonChanges = Type.Object({
  uuid: Uuid("the add-on to change"),
  name: Type.Optional(Type.String({ minLength: 1 })),
  description: Type.Optional(Type.String({ minLength: 1 })),
  default_amount: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  default_paid: Type.Optional(Type.Boolean()),
  resource_type: Type.Optional(Type.Object({ uuid: Uuid("the resource type the add-on provides") })),
  addon_rates: Type.Optional(Type.Array(ChangedRate)),
});

/** The update mask the subscriptions service reads: one camelCase flag per field present (clients/qms_addons.clj). */
function addonUpdate(changes: Static<typeof AddonChanges>) {
  const present = (field: keyof typeof changes) => changes[field] !== undefined;
  return {
    addon: changes,
    ...(present("name") ? { updateName: true } : {}),
    ...(present("description") ? { updateDescription: true } : {}),
    ...(present("resource_type") ? { updateResourceType: true } : {}),
    ...(present("default_amount") ? { updateDefaultAmount: true } : {}),
    ...(present("default_paid") ? { updateDefaultPaid: true } : {}),
    ...(present("addon_rates") ? { updateAddonRates: true } : {}),
  };
}

const AddonAnswer = Type.Object({ addon: Addon });

/** The add-ons administrators offer: created, changed and deleted through the subscriptions service. */
export const addonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/admin/qms/addons",
    {
      schema: { summary: "Offer a new add-on", tags, body: NewAddon, response: { 200: AddonAnswer, ...failures } },
    },
    // The service creates with PUT, the add-on wrapped.
    async (request) => {
      await requireResourceType(request, request.body.resource_type);
      return addonAnswer(request, { method: "PUT", path: "/addons", json: { addon: request.body } }, "addon");
    },
  );

  app.put(
    "/admin/qms/addons",
    {
      schema: {
        summary: "Change the fields given of the add-on the body's uuid names",
        tags,
        body: AddonChanges,
        response: { 200: AddonAnswer, ...failures },
      },
    },
    async (request) => {
      const { body } = request;
      const addon = await offeredAddon(request, body.uuid);
      if (body.resource_type) await requireResourceType(request, body.resource_type);
      if (body.addon_rates) requireDistinctRateDates(addon, body.addon_rates);
      return addonAnswer(
        request,
        { method: "POST", path: path`/addons/${body.uuid}`, json: addonUpdate(body) },
        "addon",
      );
    },
  );

  app.delete(
    "/admin/qms/addons/:uuid",
    {
      schema: {
        summary: "Withdraw an add-on no subscription has (409 while one has); an unknown one is answered as withdrawn",
        tags,
        params: Type.Object({ uuid: Uuid("the add-on") }),
        response: { 200: Type.Object({ addon: Type.Unknown() }), 409: ErrorBody, ...failures },
      },
    },
    async (request) => addonAnswer(request, { method: "DELETE", path: path`/addons/${request.params.uuid}` }, "addon"),
  );
};
