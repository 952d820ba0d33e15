import { GatewayError, isJsonObject, type JsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import type { Listing } from "./listing.js";

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/** The description a job notice carries itself: the apps backend's notices name it `app_description`. */
function carriedDescription(message: JsonObject): string | undefined {
  return isJsonObject(message.payload) ? text(message.payload.app_description) : undefined;
}

/** The app an analysis notification reports on (`payload.analysis_id`), when the notice does not describe it. */
function appIdOf(message: JsonObject): string | undefined {
  if (carriedDescription(message) !== undefined || !isJsonObject(message.payload)) return undefined;
  return text(message.payload.analysis_id);
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
  const description = carriedDescription(message) ?? (id === undefined ? undefined : descriptions.get(id));
  if (description === undefined) return message;
  return { ...message, payload: { ...(message.payload as JsonObject), "analysis-details": description } };
}

/** The descriptions of the given apps, asked of the apps backend at once; none when it fails or is slow. */
async function descriptionsOfApps(request: FastifyRequest, appIds: string[]): Promise<Map<string, string>> {
  if (appIds.length === 0) return new Map();
  try {
    const body = await request.server.backends.apps.json(request, {
      method: "POST",
      path: "/apps/descriptions",
      json: { app_ids: appIds },
    });
    return descriptionsFrom(body);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    request.log.warn({ err: error }, "app descriptions unavailable: notifications listed without them");
    return new Map();
  }
}

/**
 * Adds the description of the app each analysis notification reports on, as `payload["analysis-details"]`: the
 * one the notice carries (`app_description`, as the apps backend's job notices do), or else asked of the apps
 * backend, once for the whole page. The descriptions are an extra: when the apps backend fails or is slow, the
 * listing is returned without those it would have given.
 */
export async function withAppDescriptions(request: FastifyRequest, listing: Listing): Promise<Listing> {
  const appIds = [...new Set(listing.messages.map(appIdOf).filter((id) => id !== undefined))];
  const descriptions = await descriptionsOfApps(request, appIds);
  return { ...listing, messages: listing.messages.map((message) => described(message, descriptions)) };
}
