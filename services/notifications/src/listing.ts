import { badGateway, isJsonObject, type JsonObject } from "@de-gateway/service-kit";

/** A page of notifications as the backend lists them: `messages` plus totals. */
export type Listing = JsonObject & { messages: JsonObject[] };

/** The notification backend's answer to a listing call, refused as a bad gateway when it is not one. */
export function listingFrom(body: unknown): Listing {
  if (isJsonObject(body) && Array.isArray(body.messages) && body.messages.every(isJsonObject)) return body as Listing;
  throw badGateway("the notification backend answered a listing that is not one");
}
