import { path } from "@de-gateway/backend-clients";
import { ErrorBody, forbidden, notFound } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { fullUsername } from "../full-username.js";
import { visibleQuickLaunch } from "./quick-launch-lookup.js";
import { INSTANT_LAUNCH_ID } from "./vice-parameters.js";

const InstantLaunch = Type.Object(
  {
    id: Type.String(),
    quick_launch_id: Type.String(),
    added_by: Type.String({ description: "the adder's user id" }),
    added_on: Type.String({ description: "empty after a change (app-exposer's update does not return it)" }),
  },
  { additionalProperties: true },
);
/** The change of an instant launch: the quick launch it offers from now on. */
export const InstantLaunchChange = Type.Object(
  { quick_launch_id: Type.String({ format: "uuid", description: "a quick launch the caller may see" }) },
  { additionalProperties: true },
);
const Adder = Type.Object({ added_by: Type.String() }, { additionalProperties: true });
const Params = Type.Object({ id: INSTANT_LAUNCH_ID.schema });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody, 504: ErrorBody };

/**
 * Changing and removing an instant launch. app-exposer's own check of a user's change or removal compares the stored
 * adder (a users table id) with the caller's name and refuses every one (cyverse-de/app-exposer instantlaunches/
 * mgmt.go); so the gateway checks the adder itself, in the full instant launch (where the adder is a name), and makes
 * the adder's change through the administrators' endpoint. A quick launch the change names must be one the caller
 * may see: app-exposer's database fails on any other with 500.
 */
export const instantLaunchChanges: FastifyPluginAsyncTypebox<{ userDomain: string }> = async (app, { userDomain }) => {
  const appExposer = () => app.backends.appExposer;

  const requireAdder = async (request: FastifyRequest, id: string) => {
    const full = await appExposer().call<Static<typeof Adder>>(request, {
      path: path`/instantlaunches/${id}/full`,
      anonymous: true,
    });
    if (full.status === 404) throw notFound(`instant launch ${id} not found`);
    if (appExposer().expectOk(full, Adder).added_by !== fullUsername(request, userDomain)) {
      throw forbidden(`only the user who added instant launch ${id} can change it`);
    }
  };
  const change = async (request: FastifyRequest, id: string, quickLaunchId: string) => {
    await visibleQuickLaunch(request, quickLaunchId);
    return appExposer().json<Static<typeof InstantLaunch>>(
      request,
      {
        method: "POST",
        path: path`/instantlaunches/admin/${id}`,
        anonymous: true,
        json: { quick_launch_id: quickLaunchId },
      },
      InstantLaunch,
    );
  };

  for (const [url, auth, tag] of [
    ["/instantlaunches/:id", "user", "instant-launches"],
    ["/admin/instant-launches/:id", "admin", "admin-instant-launches"],
  ] as const) {
    app.post(
      url,
      {
        config: { auth },
        schema: {
          summary: auth === "admin" ? "Change any instant launch" : "Change the caller's instant launch",
          tags: [tag],
          params: Params,
          body: InstantLaunchChange,
          response: { 200: InstantLaunch, ...errors },
        },
      },
      async (request) => {
        if (auth === "user") await requireAdder(request, request.params.id);
        return change(request, request.params.id, request.body.quick_launch_id);
      },
    );
  }

  app.delete(
    "/instantlaunches/:id",
    {
      schema: {
        summary: "Remove the caller's instant launch",
        tags: ["instant-launches"],
        params: Params,
        response: { 200: Type.Object({}), ...errors },
      },
    },
    async (request) => {
      await requireAdder(request, request.params.id);
      await appExposer().json(request, {
        method: "DELETE",
        path: path`/instantlaunches/admin/${request.params.id}`,
        anonymous: true,
      });
      return {};
    },
  );
};
