import type { BackendClient, Query } from "@de-gateway/backend-clients";
import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { type Static, type TSchema, Type } from "typebox";
import { fullUsername } from "../full-username.js";
import { visibleQuickLaunch } from "./quick-launch-lookup.js";

const InstantLaunch = Type.Object(
  {
    id: Type.Optional(Type.String()),
    quick_launch_id: Type.String({ format: "uuid", description: "the quick launch to offer, one the caller may see" }),
    added_by: Type.Optional(
      Type.String({ description: "set to the caller, whatever is sent; answered as the adder's user id" }),
    ),
    added_on: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
const InstantLaunchList = Type.Object({
  instant_launches: Type.Array(Type.Object({}, { additionalProperties: true })),
});
const BackendList = Type.Array(Type.Unknown());
const Mapping = Type.Record(Type.String(), Type.Unknown(), {
  description: "file pattern key → {pattern, kind, default, compatible}",
});
const AvuFilter = Type.Object({
  attribute: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
  value: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
  unit: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
});

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody, 504: ErrorBody };

export interface InstantLaunchOptions {
  /** The domain of full usernames (`alice@<domain>`), which app-exposer takes in some parameters. */
  userDomain: string;
}

/**
 * Instant-launch rows the reference changes on the way: lists come back wrapped as `{instant_launches}`, new ones
 * are added by the caller, and some calls name the caller by the full username.
 */
export const instantLaunchesCustom: FastifyPluginAsyncTypebox<InstantLaunchOptions> = async (app, { userDomain }) => {
  const appExposer = (): BackendClient => app.backends.appExposer;
  const fullName = (request: FastifyRequest) => fullUsername(request, userDomain);

  /** A list from app-exposer, wrapped. `asFullName`: the caller goes as `user=<full username>`, not the short one. */
  const wrapped = async (request: FastifyRequest, backendPath: string, query: Query = {}, asFullName = false) => {
    const list = await appExposer().json<Array<Record<string, unknown>>>(
      request,
      // app-exposer takes the full username here: the call names the verified caller by it (`actAs`).
      asFullName ? { path: backendPath, query, actAs: fullName(request) } : { path: backendPath, query },
      BackendList,
    );
    return { instant_launches: list };
  };

  const filterOf = (query: Static<typeof AvuFilter>): Query =>
    Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Query;

  const listRoute = (url: string, summary: string, tag: string, backendPath: string, auth: "user" | "admin") =>
    app.get(
      url,
      { config: { auth }, schema: { summary, tags: [tag], response: { 200: InstantLaunchList, ...errors } } },
      async (request) => wrapped(request, backendPath),
    );
  listRoute("/instantlaunches", "Every instant launch", "instant-launches", "/instantlaunches", "user");
  listRoute(
    "/instantlaunches/full",
    "Every instant launch with its quick launch and app",
    "instant-launches",
    "/instantlaunches/full",
    "user",
  );

  for (const [url, auth, tag] of [
    ["/instantlaunches/metadata/full", "optional", "instant-launches"],
    ["/admin/instant-launches/metadata/full", "admin", "admin-instant-launches"],
  ] as const) {
    app.get(
      url,
      {
        config: { auth },
        schema: {
          summary: "The full instant launches whose AVUs match the attribute, value and unit given",
          tags: [tag],
          querystring: AvuFilter,
          response: { 200: InstantLaunchList, ...errors },
        },
      },
      async (request) => wrapped(request, "/instantlaunches/metadata/full", filterOf(request.query), true),
    );
  }

  const create = (url: string, tag: string, backendPath: string, auth: "user" | "admin", anonymous: boolean) =>
    app.put(
      url,
      {
        config: { auth },
        schema: {
          summary: "Offer a quick launch as an instant launch, added by the caller",
          tags: [tag],
          body: InstantLaunch,
          response: { 200: InstantLaunch, ...errors },
        },
      },
      async (request) => {
        // app-exposer's database fails with 500 on a quick launch it does not have.
        await visibleQuickLaunch(request, request.body.quick_launch_id);
        return appExposer().json(
          request,
          {
            method: "PUT",
            path: backendPath,
            anonymous,
            json: { quick_launch_id: request.body.quick_launch_id, added_by: fullName(request) },
          },
          InstantLaunch as TSchema,
        );
      },
    );
  create("/instantlaunches", "instant-launches", "/instantlaunches/", "user", false);
  create("/admin/instant-launches", "admin-instant-launches", "/instantlaunches/admin/", "admin", true);

  for (const [method, summary] of [
    ["PUT", "Add a new latest version of the default mapping"],
    ["POST", "Change the latest version of the default mapping"],
  ] as const) {
    app.route({
      method,
      url: "/admin/instant-launches/mappings/defaults/latest",
      config: { auth: "admin" },
      schema: { summary, tags: ["admin-instant-launches"], body: Mapping, response: { 200: Mapping, ...errors } },
      handler: async (request) =>
        appExposer().json(
          request,
          {
            method,
            path: "/instantlaunches/mappings/defaults/latest",
            anonymous: true,
            query: { username: fullName(request) },
            json: request.body,
          },
          Mapping,
        ),
    });
  }
};
