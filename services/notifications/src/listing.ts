import type { JsonObject } from "@de-gateway/service-kit";

/** A page of notifications as the backend lists them: `messages` plus totals. */
export type Listing = JsonObject & { messages: JsonObject[] };
