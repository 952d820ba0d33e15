import { GatewayError, isJsonObject, type JsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import type { Listing } from "./listing.js";

/** The app an analysis notification reports on (`payload.analysis_id`), if any. */
function appIdOf(message: JsonObject): string | undefined {
  const payload = message.payload;
  const id = isJsonObject(payload) ? payload.analysis_id : undefined;
  return typeof id === "string" && id !== "" ? id : undefined;
}

function descriptionsFrom(body: unknown): Map<string, string> {
  const apps = isJsonObject(body) && Array.isArray(body.apps) ? body.apps : [];
  return new Map(
    apps
      .filter(isJsonObject)
      .filter((app) => typeof app.id === "string" && typeof app.description === "string")
      .map((app) => [app.id as string, app.description as string]),
  );
}

function described(message: JsonObject, descriptions: Map<string, string>): JsonObject {
  const id = appIdOf(message);
  const description = id === undefined ? undefined : descriptions.get(id);
  if (description === undefined) return message;
  return { ...message, payload: { ...(message.payload as JsonObject), "analysis-details": description } };
}

/**
 * Adds the description of the app each analysis notification reports on, as `payload["analysis-details"]`,
 * asking the apps backend once for the whole page. The descriptions are an extra: when the apps backend
 * fails or is slow, the listing is returned without them.
 */
export async function withAppDescriptions(request: FastifyRequest, listing: Listing): Promise<Listing> {
  const appIds = [...new Set(listing.messages.map(appIdOf).filter((id) => id !== undefined))];
  if (appIds.length === 0) return listing;
  let descriptions: Map<string, string>;
  try {
    const body = await request.server.backends.apps.json(request, {
      method: "POST",
      path: "/apps/descriptions",
      json: { app_ids: appIds },
    });
    descriptions = descriptionsFrom(body);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    request.log.warn({ err: error }, "app descriptions unavailable: notifications listed without them");
    return listing;
  }
  return { ...listing, messages: listing.messages.map((message) => described(message, descriptions)) };
}
