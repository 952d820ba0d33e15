import { randomUUID } from "node:crypto";
import { goTimeText } from "../framework/go-time.js";
import { badRequest, internalError } from "./envelope.js";
import type { Addon, AddonRate, AddonStore } from "./store.js";

/** A rate as a request gives it: with the id of the rate it replaces, or without one for a new rate. */
export interface IncomingRate {
  uuid?: string;
  rate: number;
  effective_date: string;
}

const instant = (rate: { effective_date: string }) => Date.parse(rate.effective_date);
const datesRepeat = (rates: ReadonlyArray<{ effective_date: string }>) =>
  new Set(rates.map(instant)).size !== rates.length;

/** `addon_rates` of a request body: a list of rates, each with a rate and an effective date (and maybe an id). */
export function incomingRates(value: unknown): IncomingRate[] {
  if (value === undefined || value === null) return [];
  const valid =
    Array.isArray(value) &&
    value.every(
      (rate) => typeof rate?.rate === "number" && rate.rate >= 0 && !Number.isNaN(Date.parse(rate?.effective_date)),
    );
  if (!valid) throw badRequest("addon_rates must be a list of rates, each with a rate and an effective date");
  return value.map(({ uuid, rate, effective_date }) => ({
    ...(typeof uuid === "string" && uuid ? { uuid } : {}),
    rate,
    effective_date,
  }));
}

/**
 * A new add-on's rates: one for each effective date (db/types.go ValidateAddonRateUniqueness), each a new id, listed
 * by effective date as the service reads them back (db/addons.go ListRatesForAddon). None at all fails the service:
 * goqu writes an insert of no rows as `DEFAULT VALUES`, which addon_rates' NOT NULL addon_id refuses (500).
 */
export function newAddonRates(store: AddonStore, rates: IncomingRate[]): AddonRate[] {
  if (datesRepeat(rates)) throw badRequest("there can only be one plan rate for each effective date");
  if (rates.length === 0) throw internalError();
  return store.newRates(rates).sort((a, b) => instant(a) - instant(b));
}

/**
 * Changes an add-on's rates as db/addons.go UpdateAddonRates does: a rate naming an id is written over the rate of
 * that id (one of another add-on's moves here), one without is added; the add-on's other rates are deleted only
 * when some incoming rate names an id, and with them the applied add-ons charged at them (subscription_addons'
 * addon_rate_id is ON DELETE CASCADE, migrations/000015). Two rates of one add-on on one date break a unique index:
 * the service fails and nothing changes. The rates are listed by effective date, as the service reads them back.
 */
export function updateAddonRates(store: AddonStore, addon: Addon, incoming: IncomingRate[]): void {
  const named = new Set(incoming.flatMap((rate) => (rate.uuid ? [rate.uuid] : [])));
  const kept = named.size > 0 ? addon.addon_rates.filter((rate) => named.has(rate.uuid)) : addon.addon_rates;
  const moved = [...store.addons.values()].flatMap((other) =>
    other === addon ? [] : other.addon_rates.filter((rate) => named.has(rate.uuid)),
  );
  const existing = new Map([...kept, ...moved].map((rate) => [rate.uuid, rate]));
  // The add-on's rates once written, a new rate keyed by its place in the request until it has an id.
  const planned = new Map<string, IncomingRate>(existing);
  for (const [index, rate] of incoming.entries()) planned.set(rate.uuid ?? `#${index}`, rate);
  if (datesRepeat([...planned.values()])) throw internalError();

  const deleted = new Set(addon.addon_rates.filter((rate) => !existing.has(rate.uuid)).map((rate) => rate.uuid));
  for (const other of store.addons.values()) {
    if (other !== addon) other.addon_rates = other.addon_rates.filter((rate) => !named.has(rate.uuid));
  }
  addon.addon_rates = [...planned.entries()]
    .map(([key, given]) => {
      const values = { rate: given.rate, effective_date: goTimeText(given.effective_date) };
      const current = existing.get(key);
      // Written over in place, so that the applied add-ons charged at it read its new values, as the service joins.
      if (current) return Object.assign(current, values);
      return { uuid: key.startsWith("#") ? randomUUID() : key, ...values };
    })
    .sort((a, b) => instant(a) - instant(b));
  for (const applied of store.subscriptionAddons.values()) {
    if (deleted.has(applied.addon_rate.uuid)) store.subscriptionAddons.delete(applied.uuid);
  }
}
