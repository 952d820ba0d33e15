import { badGateway, type JsonObject } from "@de-gateway/service-kit";
import { Value } from "typebox/value";
import { NotificationListing } from "./schemas.js";

/** A page of notifications as the backend lists them: `messages` plus totals. */
export type Listing = JsonObject & { messages: JsonObject[] };

/**
 * The notification backend's answer to a listing call, refused as a bad gateway when it is not one: checked against
 * the schema it is served with, so that no field of it fails serialization.
 */
export function listingFrom(body: unknown): Listing {
  if (Value.Check(NotificationListing, body)) return body as Listing;
  throw badGateway("the notification backend answered a listing that is not one");
}
