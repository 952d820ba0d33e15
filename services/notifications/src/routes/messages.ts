import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { withAppDescriptions } from "../app-descriptions.js";
import type { Listing } from "../listing.js";
import {
  backendCountQuery,
  backendListingQuery,
  CountQuery,
  ListingQuery,
  normaliseEnumeratedParams,
} from "../notification-query.js";
import { BackendObject, errors, NotificationListing } from "../schemas.js";

const NEWEST_TEN = { limit: 10, offset: 0, sort_field: "timestamp", sort_dir: "desc" };

const timestampOf = (message: Listing["messages"][number]): number =>
  Number((message.message as { timestamp?: unknown } | undefined)?.timestamp ?? 0);

/** The caller's notifications: listings (with app descriptions added) and counts. */
export const messageRoutes: FastifyPluginAsyncTypebox<{ descriptionsTimeoutMs: number }> = async (
  app,
  { descriptionsTimeoutMs },
) => {
  const notifications = app.backends.notifications;
  const listing = async (request: FastifyRequest, path: string, query = {}): Promise<Listing> =>
    // Checked against the schema it is served with, so that no field of it fails serialization (502 without it).
    withAppDescriptions(
      request,
      await notifications.json<Listing>(request, { path, query }, NotificationListing),
      descriptionsTimeoutMs,
    );

  app.get(
    "/secured/notifications/messages",
    {
      preValidation: normaliseEnumeratedParams,
      schema: {
        summary: "The caller's notifications, paged, filtered and sorted",
        querystring: ListingQuery,
        response: { 200: NotificationListing, ...errors },
      },
    },
    async (request) => listing(request, "/messages", backendListingQuery(request.query)),
  );

  app.get(
    "/secured/notifications/unseen-messages",
    {
      schema: {
        summary: "The caller's notifications not yet marked seen",
        response: { 200: NotificationListing, ...errors },
      },
    },
    async (request) => listing(request, "/unseen-messages"),
  );

  app.get(
    "/secured/notifications/last-ten-messages",
    {
      schema: {
        summary: "The caller's ten most recent notifications, oldest first",
        response: { 200: NotificationListing, ...errors },
      },
    },
    async (request) => {
      // The notification service has no `/last-ten-messages` (the catalogue's backend column): its newest ten are
      // the first page of its listing newest first, which this endpoint promises oldest first, as terrain turns them.
      const recent = await listing(request, "/messages", NEWEST_TEN);
      return { ...recent, messages: [...recent.messages].sort((a, b) => timestampOf(a) - timestampOf(b)) };
    },
  );

  app.get(
    "/secured/notifications/count-messages",
    {
      preValidation: normaliseEnumeratedParams,
      schema: {
        summary: "Counts of the caller's notifications and of active system messages",
        querystring: CountQuery,
        response: { 200: BackendObject, ...errors },
      },
    },
    async (request, reply) =>
      notifications.forward(request, reply, {
        path: "/count-messages",
        query: backendCountQuery(request.query),
      }),
  );
};
