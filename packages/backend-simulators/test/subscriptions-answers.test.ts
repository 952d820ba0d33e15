import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SimulatedPlatform } from "../src/platform.js";
import { answersOf } from "./answers-client.js";

/**
 * The subscriptions service answers in its own shapes: QMS's /v1 API (src/qms/answer-schemas.ts) and the add-on
 * API (src/subscription-addons/answer-schemas.ts), each route asked once as services/subscriptions asks it.
 */
let platform: SimulatedPlatform;
const qms = answersOf(() => platform.qms);
const addons = answersOf(() => platform.subscriptionAddons);

const BASIC = "99e47c22-950a-11ec-84a4-406c8f3e9cbb";

beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());

describe("QMS answers in its own shapes", () => {
  it("lists plans, one plan and the resource types", async () => {
    expect((await qms("GET", "/v1/plans")).status).toBe("OK");
    await qms("GET", `/v1/plans/${BASIC}`);
    await qms("GET", "/v1/resource-types");
  });

  it("answers a user's plan and subscriptions, changes the plan and a quota", async () => {
    await qms("GET", "/v1/users/alice/plan");
    await qms("GET", "/v1/users/alice/subscriptions?include-expired=true");
    await qms("PUT", "/v1/users/bob/Regular?paid=true");
    expect((await qms("POST", "/v1/users/bob/plan/cpu.hours/quota", { quota: 1500 })).result.new_subscription).toBe(
      false,
    );
  });

  it("records usages and lists them with their updates", async () => {
    await qms("POST", "/v1/usages", {
      username: "alice",
      resource_name: "cpu.hours",
      usage_value: 3,
      update_type: "ADD",
    });
    expect((await qms("GET", "/v1/usages/alice")).result.length).toBeGreaterThan(0);
    const updates = (await qms("GET", "/v1/usages/alice/updates")).result;
    expect(updates.at(-1)).toMatchObject({ value: 3, resource_types: { name: "cpu.hours" } });
  });

  it("lists every subscription and subscribes users in bulk", async () => {
    await qms("GET", "/v1/subscriptions?offset=0&limit=10&sort-field=username&sort-dir=ASC");
    const subscribed = await qms("POST", "/v1/subscriptions?force=true", {
      subscriptions: [
        { username: "carol", plan_name: "Pro", paid: true },
        { username: "carol", plan_name: "Nonesuch", paid: true },
      ],
    });
    expect(subscribed.result.map((entry: { new_subscription: boolean }) => entry.new_subscription)).toEqual([
      true,
      false,
    ]);
  });
});

describe("the add-on API answers in its own shapes", () => {
  it("offers, lists, changes and withdraws add-ons", async () => {
    const offered = await addons("PUT", "/addons", {
      addon: {
        name: "Extra CPU",
        description: "an add-on",
        default_amount: 100,
        default_paid: false,
        resource_type: { name: "cpu.hours" },
        addon_rates: [{ rate: 5, effective_date: "2024-01-01T00:00:00Z" }],
      },
    });
    await addons("GET", "/addons");
    await addons("POST", `/addons/${offered.addon.uuid}`, { addon: { name: "More CPU" }, updateName: true });
    expect((await addons("DELETE", `/addons/${offered.addon.uuid}`)).addon).toMatchObject({
      uuid: offered.addon.uuid,
      addon_rates: [],
    });
  });

  it("applies, lists, reads, changes and removes a subscription's add-on, and sums them up", async () => {
    const subscription = (await addons("GET", "/summary/alice")).subscription;
    const addon = (await addons("GET", "/addons")).addons[0];
    const path = `/subscriptions/${subscription.uuid}/addons`;
    const applied = (await addons("PUT", `${path}/${addon.uuid}`)).subscription_addon;
    expect((await addons("GET", path)).subscription_addons).toHaveLength(1);
    await addons("GET", `${path}/${applied.uuid}`);
    await addons("POST", `${path}/${applied.uuid}`, {
      subscription_addon: { uuid: applied.uuid, amount: 10 },
      update_amount: true,
    });
    expect((await addons("GET", "/summary/alice")).subscription.addons).toHaveLength(1);
    await addons("DELETE", `${path}/${applied.uuid}`);
  });
});
