import { path } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type Static, Type } from "typebox";
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

const NewAddon = Type.Object({
  name: Type.String({ minLength: 1 }),
  description: Type.String({ minLength: 1 }),
  default_amount: Type.Number({ exclusiveMinimum: 0, description: "how much of the resource it adds" }),
  default_paid: Type.Boolean(),
  resource_type: NewResourceType,
  addon_rates: Type.Array(NewRate),
});

const AddonChanges = Type.Object({
  uuid: Uuid("the add-on to change"),
  name: Type.Optional(Type.String({ minLength: 1 })),
  description: Type.Optional(Type.String({ minLength: 1 })),
  default_amount: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  default_paid: Type.Optional(Type.Boolean()),
  resource_type: Type.Optional(Type.Object({ uuid: Uuid("the resource type the add-on provides") })),
  addon_rates: Type.Optional(Type.Array(NewRate)),
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
    async (request) => addonAnswer(request, { method: "PUT", path: "/addons", json: { addon: request.body } }, "addon"),
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
    async (request) =>
      addonAnswer(
        request,
        { method: "POST", path: path`/addons/${request.body.uuid}`, json: addonUpdate(request.body) },
        "addon",
      ),
  );

  app.delete(
    "/admin/qms/addons/:uuid",
    {
      schema: {
        summary: "Withdraw an add-on no subscription has",
        tags,
        params: Type.Object({ uuid: Uuid("the add-on") }),
        response: { 200: Type.Object({ addon: Type.Unknown() }), ...failures },
      },
    },
    async (request) => addonAnswer(request, { method: "DELETE", path: path`/addons/${request.params.uuid}` }, "addon"),
  );
};
