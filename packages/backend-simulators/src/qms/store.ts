import { randomUUID } from "node:crypto";
import {
  DEFAULT_PLAN_NAME,
  type Plan,
  type PlanRate,
  RESOURCE_TYPES,
  type ResourceType,
  seedPlans,
} from "./catalog.js";
import { QmsError } from "./envelope.js";

export interface QmsUser {
  id: string;
  username: string;
}

interface Amount {
  id: string;
  value: number;
  createdAt: Date;
  lastModifiedAt: Date;
}

/** A user's subscription to a plan for a period, with its quotas and usages by resource type id. */
export interface SubscriptionRecord {
  id: string;
  user: QmsUser;
  plan: Plan;
  planRate: PlanRate;
  start: Date;
  end: Date;
  paid: boolean;
  quotas: Map<string, Amount>;
  usages: Map<string, Amount>;
}

export interface SubscriptionOptions {
  paid: boolean;
  start: Date;
  end: Date;
  /** How many periods it is for (1 unless given): the plan's consumable quotas are granted once a period. */
  periods?: number;
}

/** One recorded change of a usage or quota (what `GET /v1/usages/{user}/updates` lists). */
export interface UsageUpdate {
  id: string;
  value_type: "usages" | "quotas";
  value: number;
  effective_date: string;
  update_operation: { name: string };
  resource_type: ResourceType;
  user: QmsUser;
}

export const UPDATE_TYPES = ["ADD", "SET"] as const;

export interface SubscriptionListing {
  offset: number;
  limit: number;
  sortField: "username" | "start-date" | "end-date";
  sortDir: "asc" | "desc";
  search: string;
}

/** Years after its start a subscription ends unless told otherwise (QMS: one period of one year). */
export const yearsLater = (date: Date, years: number): Date => {
  const later = new Date(date);
  later.setUTCFullYear(later.getUTCFullYear() + years);
  return later;
};

const amount = (value: number, at = new Date()): Amount => ({
  id: randomUUID(),
  value,
  createdAt: at,
  lastModifiedAt: at,
});

/**
 * QMS's database: resource types, plans, users, subscriptions with their quotas and usages. Users are known by
 * their short names (QMS trims the platform's domain); a user seen for the first time is subscribed to the default
 * plan, as QMS does on every lookup of a user's plan or usages.
 */
export class QmsStore {
  readonly resourceTypes: ResourceType[] = RESOURCE_TYPES.map((type) => ({ ...type }));
  readonly plans: Plan[] = seedPlans();
  readonly users = new Map<string, QmsUser>();
  readonly subscriptions: SubscriptionRecord[] = [];
  readonly updates: UsageUpdate[] = [];

  resourceTypeNamed(name: string): ResourceType | undefined {
    return this.resourceTypes.find((type) => type.name === name);
  }

  planNamed(name: string): Plan | undefined {
    return this.plans.find((plan) => plan.name === name);
  }

  /** The user, added on first sight. */
  user(username: string): QmsUser {
    let user = this.users.get(username);
    if (!user) {
      user = { id: randomUUID(), username };
      this.users.set(username, user);
    }
    return user;
  }

  subscriptionById(id: string): SubscriptionRecord | undefined {
    return this.subscriptions.find((subscription) => subscription.id === id);
  }

  private isActive(subscription: SubscriptionRecord, at: Date): boolean {
    return subscription.start <= at && subscription.end > at;
  }

  /** Whether the user has a subscription in effect now (without adding one). */
  hasActiveSubscription(username: string, at = new Date()): boolean {
    return this.subscriptions.some((sub) => sub.user.username === username && this.isActive(sub, at));
  }

  /** The subscription in effect now; a user without one is subscribed to the default plan (unpaid). */
  activeSubscription(username: string): SubscriptionRecord {
    const now = new Date();
    const active = this.subscriptions.find((sub) => sub.user.username === username && this.isActive(sub, now));
    if (active) return active;
    const basic = this.planNamed(DEFAULT_PLAN_NAME);
    if (!basic) throw new QmsError(500, "the default plan is missing");
    return this.subscribe(username, basic, { paid: false, start: now, end: yearsLater(now, 1) });
  }

  /**
   * Subscribes the user to the plan for the period, with the plan's quota defaults, those of consumable resource
   * types once per period (internal/qmsapi/db/subscriptions_goqu.go QuotasFromPlan): subscriptions overlapping it
   * end where it starts, or start where it ends (as QMS deactivates conflicting subscriptions).
   */
  subscribe(username: string, plan: Plan, { paid, start, end, periods = 1 }: SubscriptionOptions): SubscriptionRecord {
    const user = this.user(username);
    for (const other of this.subscriptions.filter((sub) => sub.user.id === user.id)) {
      if (other.start <= start && other.end > start) other.end = start;
      else if (other.start >= start && other.start < end) other.start = end > other.end ? other.end : end;
    }
    const planRate = plan.plan_rates.at(-1);
    if (!planRate) throw new QmsError(500, `plan ${plan.name} has no rate`);
    const subscription: SubscriptionRecord = {
      id: randomUUID(),
      user,
      plan,
      planRate,
      start,
      end,
      paid,
      quotas: new Map(
        plan.plan_quota_defaults.map((quota) => [
          quota.resource_type.id,
          amount(quota.resource_type.consumable ? quota.quota_value * periods : quota.quota_value),
        ]),
      ),
      usages: new Map(),
    };
    this.subscriptions.push(subscription);
    return subscription;
  }

  /** Sets (inserts or updates) a subscription's quota for one resource type. */
  setQuota(subscription: SubscriptionRecord, resourceType: ResourceType, value: number): void {
    const quota = subscription.quotas.get(resourceType.id);
    if (quota) {
      quota.value = value;
      quota.lastModifiedAt = new Date();
    } else {
      subscription.quotas.set(resourceType.id, amount(value));
    }
  }

  quotaOf(subscription: SubscriptionRecord, resourceType: ResourceType): number {
    return subscription.quotas.get(resourceType.id)?.value ?? 0;
  }

  /** Applies a usage update (ADD or SET) to the user's active subscription and records it. */
  applyUsage(username: string, resourceType: ResourceType, updateType: (typeof UPDATE_TYPES)[number], value: number) {
    const subscription = this.activeSubscription(username);
    const usage = subscription.usages.get(resourceType.id);
    const now = new Date();
    if (usage) {
      usage.value = updateType === "ADD" ? usage.value + value : value;
      usage.lastModifiedAt = now;
    } else {
      subscription.usages.set(resourceType.id, amount(value, now));
    }
    this.updates.push({
      id: randomUUID(),
      value_type: "usages",
      value,
      effective_date: now.toISOString(),
      update_operation: { name: updateType },
      resource_type: resourceType,
      user: subscription.user,
    });
  }

  /**
   * A user's subscriptions by start date, then end date (subscriptions_goqu.go ListSubscriptionsForUser); expired
   * ones (ended before the cutoff) only when asked for.
   */
  subscriptionsOf(username: string, includeExpired: boolean, cutoff: Date): SubscriptionRecord[] {
    return this.subscriptions
      .filter((sub) => sub.user.username === username && (includeExpired || sub.end > cutoff))
      .sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
  }

  /**
   * The subscriptions in effect now whose user's name contains `search`, sorted and paged; with the count before
   * paging (subscriptions_goqu.go ListSubscriptions).
   */
  listSubscriptions({ offset, limit, sortField, sortDir, search }: SubscriptionListing) {
    const key = (sub: SubscriptionRecord): string | number =>
      sortField === "username" ? sub.user.username : (sortField === "start-date" ? sub.start : sub.end).getTime();
    const now = new Date();
    const matching = this.subscriptions
      .filter((sub) => this.isActive(sub, now) && sub.user.username.includes(search))
      .sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        const order = x < y ? -1 : x > y ? 1 : 0;
        return sortDir === "asc" ? order : -order;
      });
    return { subscriptions: matching.slice(offset, offset + limit), total: matching.length };
  }
}
