import { randomUUID } from "node:crypto";
import { goTimeText } from "../framework/go-time.js";
import type { ResourceType } from "../qms/catalog.js";
import { CPU_HOURS, DATA_SIZE } from "../qms/catalog.js";

/** An add-on's resource type as the subscriptions service names its fields (`uuid`, not `id`). */
export interface AddonResourceType {
  uuid: string;
  name: string;
  unit: string;
  consumable: boolean;
}

export interface AddonRate {
  uuid: string;
  rate: number;
  effective_date: string;
}

export interface Addon {
  uuid: string;
  name: string;
  description: string;
  default_amount: number;
  default_paid: boolean;
  resource_type: AddonResourceType;
  addon_rates: AddonRate[];
}

/** An add-on applied to a subscription: its amount was added to the subscription's quota. */
export interface SubscriptionAddon {
  uuid: string;
  addon: Addon;
  subscription_id: string;
  amount: number;
  paid: boolean;
  addon_rate: AddonRate;
}

export const asAddonResourceType = ({ id, name, unit, consumable }: ResourceType): AddonResourceType => ({
  uuid: id,
  name,
  unit,
  consumable,
});

const SEEDED = "2023-06-01T00:00:00Z";

/** The add-ons the service's migrations create: a terabyte of storage and five thousand CPU hours. */
const seedAddons = (): Addon[] => [
  {
    uuid: "5b7f9e42-4fbe-4aa5-b152-9d4a6e3cbf01",
    name: "1 TB",
    description: "1 TB of data storage for one year.",
    default_amount: 1024 ** 4,
    default_paid: true,
    resource_type: asAddonResourceType(DATA_SIZE),
    addon_rates: [{ uuid: "5b7f9e42-4fbe-4aa5-b152-9d4a6e3cbf02", rate: 125, effective_date: SEEDED }],
  },
  {
    uuid: "6c80af53-50cf-4bb6-8263-ae5b7f4dc001",
    name: "5000 CPU Hours",
    description: "5000 CPU Hours to be used before the current subscription ends.",
    default_amount: 5000,
    default_paid: true,
    resource_type: asAddonResourceType(CPU_HOURS),
    addon_rates: [{ uuid: "6c80af53-50cf-4bb6-8263-ae5b7f4dc002", rate: 100, effective_date: SEEDED }],
  },
];

/** The rate in effect now: the latest whose effective date has passed; none before the first (db/types.go). */
export function currentRate(addon: Addon): AddonRate | undefined {
  const now = Date.now();
  const sorted = [...addon.addon_rates].sort((a, b) => Date.parse(a.effective_date) - Date.parse(b.effective_date));
  return sorted.filter((rate) => Date.parse(rate.effective_date) <= now).at(-1);
}

/** An applied add-on as the service reads it back: its add-on without the add-on's rates. */
export const appliedView = (applied: SubscriptionAddon): SubscriptionAddon => ({
  ...applied,
  addon: { ...applied.addon, addon_rates: [] },
});

export class AddonStore {
  readonly addons = new Map<string, Addon>(seedAddons().map((addon) => [addon.uuid, addon]));
  readonly subscriptionAddons = new Map<string, SubscriptionAddon>();

  newRates(rates: ReadonlyArray<{ rate: number; effective_date: string }>): AddonRate[] {
    // The database keeps the date as a timestamp, which the service writes back as Go writes a time.
    return rates.map((rate) => ({
      uuid: randomUUID(),
      rate: rate.rate,
      effective_date: goTimeText(rate.effective_date),
    }));
  }

  appliedTo(subscriptionId: string): SubscriptionAddon[] {
    return [...this.subscriptionAddons.values()].filter((applied) => applied.subscription_id === subscriptionId);
  }

  usesOf(addonId: string): SubscriptionAddon[] {
    return [...this.subscriptionAddons.values()].filter((applied) => applied.addon.uuid === addonId);
  }
}
