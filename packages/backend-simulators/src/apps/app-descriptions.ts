import { type Static, Type } from "typebox";
import { defineModule } from "../framework/module.js";
import type { CatalogState } from "./catalog-store.js";

const UserQuery = Type.Object({ user: Type.String({ minLength: 1 }) });
const DescriptionRequest = Type.Object({ app_ids: Type.Array(Type.String(), { maxItems: 1000 }) });

/**
 * `POST /apps/descriptions?user=…` with `{"app_ids": [...]}`: the name and description of each listed app
 * the user may read (public, or integrated by the user), as `{"apps": [{id, name, description}]}` in the
 * order asked. Unknown or unreadable ids are left out. The gateway uses it to describe the apps of a whole
 * page of analysis notifications in one call.
 */
export const appDescriptions = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes(app, _state, all) {
    app.post<{ Querystring: Static<typeof UserQuery>; Body: Static<typeof DescriptionRequest> }>(
      "/apps/descriptions",
      { schema: { querystring: UserQuery, body: DescriptionRequest } },
      async (request) => {
        const catalog = (all().catalog as CatalogState).apps;
        const user = request.query.user;
        const readable = [...new Set(request.body.app_ids)].flatMap((id) => {
          const found = catalog.get(id);
          const mayRead = found && (found.is_public || found.integrator_username === user);
          return mayRead ? [{ id: found.id, name: found.name, description: found.description }] : [];
        });
        return { apps: readable };
      },
    );
  },
});
