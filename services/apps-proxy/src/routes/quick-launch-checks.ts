import { path } from "@de-gateway/backend-clients";
import { badRequest, ErrorBody, forbidden, GatewayError } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { fullUsername } from "../full-username.js";
import { type QuickLaunch, visibleQuickLaunch } from "./quick-launch-lookup.js";

const uuid = (description: string) => Type.String({ format: "uuid", description });
const Mark = Type.Object(
  { quick_launch_id: uuid("a quick launch the caller may see") },
  { additionalProperties: true },
);
const Choice = Type.Object(
  { app_id: uuid("the quick launch's app"), quick_launch_id: uuid("a quick launch the caller may see") },
  { additionalProperties: true },
);
const Row = Type.Object(
  { id: Type.String(), quick_launch_id: Type.String(), app_id: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
const Rows = Type.Array(Row);
const Answer = Type.Object({}, { additionalProperties: true, description: "the analyses service's record" });
const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  502: ErrorBody,
  504: ErrorBody,
};
const conflict = (reason: string) => new GatewayError(409, reason);

/**
 * The quick-launch writes the DE database would refuse: the analyses service answers every refusal of its database
 * with 500 (cyverse-de/analyses httphandlers/favorites.go, userdefaults.go, globaldefaults.go, quicklaunches.go), so
 * the gateway checks first what it can, as the caller's mistake: a quick launch the caller may not see (404), a
 * default of a quick launch of another app (400), a second favorite mark or default of the caller's (409), a global
 * default of, or a change to, another user's quick launch (403). A global default of an app another user's quick
 * launch already is the default of is not visible to the caller: that stays the service's 500 (502).
 */
export const quickLaunchChecks: FastifyPluginAsyncTypebox<{ userDomain: string }> = async (app, { userDomain }) => {
  const analyses = () => app.backends.analyses;
  const rows = (request: FastifyRequest, backendPath: string) =>
    analyses().json<Static<typeof Rows>>(request, { path: backendPath }, Rows);
  const send = (request: FastifyRequest, method: "POST" | "PATCH", backendPath: string, json: unknown) =>
    analyses().json(request, { method, path: backendPath, json });
  const ownQuickLaunch = (request: FastifyRequest, quickLaunch: QuickLaunch, action: string) => {
    if (quickLaunch.creator !== fullUsername(request, userDomain)) {
      throw forbidden(`only the creator of quick launch ${quickLaunch.id} can ${action}`);
    }
  };

  app.post(
    "/quicklaunches/favorites",
    {
      schema: {
        summary: "Mark a quick launch as a favorite",
        tags: ["quick-launches"],
        body: Mark,
        response: { 200: Answer, ...errors },
      },
    },
    async (request) => {
      const quickLaunchId = request.body.quick_launch_id;
      await visibleQuickLaunch(request, quickLaunchId);
      const marks = await rows(request, "/quicklaunch/favorites");
      if (marks.some((mark) => mark.quick_launch_id === quickLaunchId)) {
        throw conflict(`quick launch ${quickLaunchId} is already a favorite`);
      }
      return send(request, "POST", "/quicklaunch/favorites", { quick_launch_id: quickLaunchId });
    },
  );

  /** A default (the caller's own, or the global one) of an app's launch form: of a quick launch of that app. */
  const chosen = async (request: FastifyRequest, choice: Static<typeof Choice>) => {
    const quickLaunch = await visibleQuickLaunch(request, choice.quick_launch_id);
    if (quickLaunch.app_id !== choice.app_id) {
      throw badRequest(`quick launch ${quickLaunch.id} is not one of app ${choice.app_id}`);
    }
    return quickLaunch;
  };
  /** The defaults of the same app or quick launch as this one, other than itself: the table allows one. */
  const unique = async (request: FastifyRequest, listing: string, choice: Static<typeof Choice>, except?: string) => {
    const others = (await rows(request, listing)).filter((row) => row.id !== except);
    if (others.some((row) => row.app_id === choice.app_id)) {
      throw conflict(`app ${choice.app_id} already has a default quick launch`);
    }
    if (others.some((row) => row.quick_launch_id === choice.quick_launch_id)) {
      throw conflict(`quick launch ${choice.quick_launch_id} is already a default`);
    }
  };

  for (const kind of ["user", "global"] as const) {
    const listing = `/quicklaunch/defaults/${kind}`;
    const check = async (request: FastifyRequest, choice: Static<typeof Choice>, except?: string) => {
      const quickLaunch = await chosen(request, choice);
      if (kind === "global") ownQuickLaunch(request, quickLaunch, "make it the default for everyone");
      await unique(request, listing, choice, except);
      return { app_id: choice.app_id, quick_launch_id: choice.quick_launch_id };
    };
    const tags = ["quick-launches"];
    app.post(
      `/quicklaunches/defaults/${kind}`,
      {
        schema: {
          summary:
            kind === "user"
              ? "Choose the caller's default for an app"
              : "Make one of the caller's quick launches the default for everyone",
          tags,
          body: Choice,
          response: { 200: Answer, ...errors },
        },
      },
      async (request) => send(request, "POST", listing, await check(request, request.body)),
    );
    app.patch(
      `/quicklaunches/defaults/${kind}/:id`,
      {
        schema: {
          summary: kind === "user" ? "Change one of the caller's defaults" : "Change a global default of the caller's",
          tags,
          params: Type.Object({ id: uuid(`the ${kind} default's identifier`) }),
          body: Choice,
          response: { 200: Answer, ...errors },
        },
      },
      async (request) =>
        send(
          request,
          "PATCH",
          path`/quicklaunch/defaults/${kind}/${request.params.id}`,
          await check(request, request.body, request.params.id),
        ),
    );
  }

  app.patch(
    "/quicklaunches/:id",
    {
      schema: {
        summary: "Change a quick launch (its creator only)",
        tags: ["quick-launches"],
        params: Type.Object({ id: uuid("the quick launch's identifier") }),
        body: Type.Object({}, { additionalProperties: true, description: "the fields to change" }),
        response: { 200: Answer, ...errors },
      },
    },
    async (request) => {
      ownQuickLaunch(request, await visibleQuickLaunch(request, request.params.id), "change it");
      return send(request, "PATCH", path`/quicklaunches/${request.params.id}`, request.body);
    },
  );
};
