import { PLATFORM_SYSTEM_ID, path } from "@de-gateway/backend-clients";
import { GatewayError, inBatches, isJsonObject, type JsonObject } from "@de-gateway/service-kit";
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

function described(message: JsonObject, descriptions: Map<string, string>): JsonObject {
  const id = appIdOf(message);
  const description = carriedDescription(message) ?? (id === undefined ? undefined : descriptions.get(id));
  if (description === undefined) return message;
  return { ...message, payload: { ...(message.payload as JsonObject), "analysis-details": description } };
}

/** How many apps are looked up at the same time for one page of notifications. */
const LOOKUPS_AT_ONCE = 8;

/**
 * The apps' descriptions as the caller may see them: the apps backend's app details, each asked within `timeoutMs`.
 * An app the caller may not read, or that no longer exists, is left undescribed. The first call the backend fails or
 * does not answer in time ends the lookups: the apps not yet asked are left undescribed too, so that a failing
 * backend costs a listing one short wait, not one per app.
 */
async function descriptionsOfApps(
  request: FastifyRequest,
  appIds: string[],
  timeoutMs: number,
): Promise<Map<string, string>> {
  const byApp = new Map<string, string>();
  if (appIds.length === 0) return byApp;
  await request.server.callerWorkspace.ask(request);
  let backendFailed = false;
  await inBatches(appIds, LOOKUPS_AT_ONCE, async (appId) => {
    if (backendFailed) return;
    try {
      const details = await request.server.backends.apps.json(request, {
        path: path`/apps/${PLATFORM_SYSTEM_ID}/${appId}/details`,
        timeoutMs,
      });
      const description = isJsonObject(details) ? text(details.description) : undefined;
      if (description !== undefined) byApp.set(appId, description);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      if (error.statusCode >= 500 && !backendFailed) {
        backendFailed = true;
        request.log.warn({ err: error }, "app descriptions unavailable: notifications listed without them");
      }
    }
  });
  return byApp;
}

/**
 * Adds the description of the app each analysis notification reports on, as `payload["analysis-details"]`: the
 * one the notice carries (`app_description`, as the apps backend's job notices do), or else asked of the apps
 * backend, once for each distinct app of the page. The descriptions are an extra: when the apps backend fails or is
 * slow, the listing is returned without those it would have given.
 */
export async function withAppDescriptions(
  request: FastifyRequest,
  listing: Listing,
  timeoutMs: number,
): Promise<Listing> {
  const appIds = [...new Set(listing.messages.map(appIdOf).filter((id) => id !== undefined))];
  const descriptions = await descriptionsOfApps(request, appIds, timeoutMs);
  return { ...listing, messages: listing.messages.map((message) => described(message, descriptions)) };
}
