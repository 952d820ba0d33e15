import { PLATFORM_SYSTEM_ID, path } from "@de-gateway/backend-clients";
import { ERROR_ANSWERS, GatewayError } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";

const MAX_CATEGORIES = 1000;

const CategoryIds = Type.Object(
  {
    category_ids: Type.Array(Type.String({ format: "uuid" }), {
      maxItems: MAX_CATEGORIES,
      description: "the categories to delete, each with its subcategories, in this order",
    }),
  },
  { additionalProperties: false },
);

/**
 * The administrators' bulk deletion of app categories, as the catalogue promises it: each category that holds no apps
 * goes with its subcategories, and the answer lists the ids that were not deleted (unknown, already gone with one
 * earlier in the list, or holding apps). The apps backend retired its bulk route in 2017 and deletes one category at
 * a time (`DELETE /admin/apps/categories/{system-id}/{category-id}`), so the gateway asks it once per id, in the
 * order given: a subcategory listed after its parent is already gone. A backend that fails stops the deletion; the
 * 502 or 504 names the ids deleted before it.
 */
export const categoryShredder: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    "/admin/apps/categories/shredder",
    {
      config: { auth: "admin" },
      schema: {
        summary: "Delete several app categories",
        tags: ["app categories"],
        body: CategoryIds,
        response: { 200: Type.Object({ category_ids: Type.Array(Type.String()) }), ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const deleted: string[] = [];
      const notDeleted: string[] = [];
      for (const id of request.body.category_ids) {
        try {
          await app.backends.apps.json(request, {
            method: "DELETE",
            path: path`/admin/apps/categories/${PLATFORM_SYSTEM_ID}/${id}`,
          });
          deleted.push(id);
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          if (error.statusCode >= 500) {
            throw new GatewayError(error.statusCode, error.message, error.errorCode, { ...error.details, deleted });
          }
          notDeleted.push(id);
        }
      }
      return { category_ids: notDeleted };
    },
  );
};
