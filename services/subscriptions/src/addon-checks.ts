import { badRequest, GatewayError, notFound } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { addonAnswer, qmsAnswer } from "./backend-answers.js";

/**
 * What the gateway checks before the subscriptions service changes add-ons. The service looks none of these up
 * first and fails (500) where the caller named something that is not there (cyverse-de/subscriptions db/addons.go,
 * db/resourcetypes.go), which would reach the caller as the backend failing (502); checked here, they are refused.
 */

interface Rate {
  uuid?: string;
  rate?: number;
  effective_date?: string;
}

interface OfferedAddon {
  uuid: string;
  addon_rates?: Rate[];
}

/**
 * Refuses (400) a resource type QMS does not have, named by id or else by name as the service looks it up: the
 * service would insert it as an empty id.
 */
export async function requireResourceType(request: FastifyRequest, lookup: { uuid?: string; name?: string }) {
  const { result } = await qmsAnswer<{ result: Array<{ id?: string; name?: string }> }>(request, {
    path: "/v1/resource-types",
  });
  const found = (result ?? []).some((type) => (lookup.uuid ? type.id === lookup.uuid : type.name === lookup.name));
  if (!found) throw badRequest(`resource type not found: ${lookup.uuid ?? lookup.name}`);
}

/** The add-on on offer with that id, or 404: the service fails on an add-on it does not have. */
export async function offeredAddon(request: FastifyRequest, uuid: string): Promise<OfferedAddon> {
  const { addons } = await addonAnswer<{ addons: OfferedAddon[] }>(request, { path: "/addons" }, "addons");
  const addon = addons.find((candidate) => candidate.uuid.toLowerCase() === uuid.toLowerCase());
  if (!addon) throw notFound("add-on not found");
  return addon;
}

const instant = (rate: Rate) => Date.parse(rate.effective_date ?? "");

/** Refuses (409) to apply an add-on none of whose rates is in effect yet: the service has no rate to charge. */
export function requireRateInEffect(addon: OfferedAddon): void {
  const now = Date.now();
  if (!(addon.addon_rates ?? []).some((rate) => instant(rate) <= now)) {
    throw new GatewayError(409, `add-on ${addon.uuid} has no rate in effect yet`);
  }
}

/**
 * Refuses (400) rates that would leave the add-on two on one date, which its unique index refuses: the incoming
 * rates replace the add-on's when one of them names a rate's id, and join them otherwise (db/addons.go
 * UpdateAddonRates).
 */
export function requireDistinctRateDates(addon: OfferedAddon, incoming: Rate[]): void {
  const replaces = incoming.some((rate) => rate.uuid);
  const rates = replaces ? incoming : [...(addon.addon_rates ?? []), ...incoming];
  if (new Set(rates.map(instant)).size !== rates.length) {
    throw badRequest("there can only be one rate for each effective date");
  }
}
