import { path } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { qmsAnswer } from "../backend-answers.js";
import { BulkQuery, SubscriptionRequests, subscribeInBulk } from "../bulk-subscriptions.js";
import { requireKnownUser } from "../known-users.js";
import { Envelope, failures, SubscriptionListing, SubscriptionResult, UsernameParams } from "../schemas.js";

const tags = ["admin-qms"];

const AddUsage = Type.Object({
  username: Type.String({ minLength: 1 }),
  resource_name: Type.String({ minLength: 1, description: "a resource type's name, e.g. cpu.hours" }),
  usage_value: Type.Number({ minimum: 0 }),
  update_type: Type.Union([Type.Literal("ADD"), Type.Literal("SET")]),
});

const ListSubscriptionsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  "sort-field": Type.Optional(
    Type.Union([Type.Literal("username"), Type.Literal("start-date"), Type.Literal("end-date")]),
  ),
  "sort-dir": Type.Optional(Type.Union([Type.Literal("ASC"), Type.Literal("DESC")])),
  search: Type.Optional(Type.String({ description: "part of a username" })),
});

/** What administrators do with QMS: usages, every subscription, bulk subscriptions, a user's quota. */
export const adminQmsRoutes: FastifyPluginAsyncTypebox<{ grouperUser: string }> = async (app, { grouperUser }) => {
  app.post(
    "/admin/qms/usages",
    {
      schema: {
        summary: "Add to (ADD) or set (SET) a user's usage of a resource in the subscription in effect",
        tags,
        body: AddUsage,
        response: { 200: Envelope(Type.String()), ...failures },
      },
    },
    async (request) => qmsAnswer(request, { method: "POST", path: "/v1/usages", json: request.body }),
  );

  app.get(
    "/admin/qms/subscriptions",
    {
      schema: {
        summary: "Every subscription, searched, sorted and paged",
        tags,
        querystring: ListSubscriptionsQuery,
        response: { 200: Envelope(SubscriptionListing), ...failures },
      },
    },
    async (request) => qmsAnswer(request, { path: "/v1/subscriptions", query: request.query }),
  );

  app.post(
    "/admin/qms/subscriptions",
    {
      schema: {
        summary: "Subscribe users to plans; names the directory does not know are refused before QMS sees them",
        tags,
        querystring: BulkQuery,
        body: SubscriptionRequests,
        response: { 200: Envelope(Type.Array(SubscriptionResult)), ...failures },
      },
    },
    async (request) => subscribeInBulk(request, grouperUser, request.body, request.query),
  );

  app.get(
    "/admin/qms/users/:username/usages",
    {
      schema: {
        summary: "A user's usages in the subscription in effect",
        tags,
        params: UsernameParams,
        response: { 200: Envelope(Type.Array(Type.Unknown())), ...failures },
      },
    },
    async (request) => qmsAnswer(request, { path: path`/v1/usages/${request.params.username}` }),
  );

  app.post(
    "/admin/qms/users/:username/plan/:resourceType/quota",
    {
      schema: {
        summary: "Set a user's quota of one resource type in the subscription in effect",
        tags,
        params: Type.Object({ ...UsernameParams.properties, resourceType: Type.String({ minLength: 1 }) }),
        body: Type.Object({ quota: Type.Number({ minimum: 0, description: "the new limit (bytes for data.size)" }) }),
        response: { 200: Envelope(SubscriptionResult), ...failures },
      },
    },
    async (request) => {
      const { username, resourceType } = request.params;
      await requireKnownUser(request, grouperUser, username);
      return qmsAnswer(request, {
        method: "POST",
        path: path`/v1/users/${username}/plan/${resourceType}/quota`,
        json: { quota: request.body.quota },
      });
    },
  );
};
