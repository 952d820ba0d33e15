import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SimulatedPlatform } from "../src/index.js";

let platform: SimulatedPlatform;
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());
beforeEach(() => platform.reset());

// biome-ignore lint/suspicious/noExplicitAny: the tests read deep into the simulators' JSON answers
type Answer = Record<string, any>;

async function call(base: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}
const qms = (method: string, path: string, body?: unknown) => call(platform.qms.url, method, path, body);
const addons = (method: string, path: string, body?: unknown) =>
  call(platform.subscriptionAddons.url, method, path, body);

describe("QMS", () => {
  // bob is the demo user the seed subscribes to nothing (alice and carol have plans of their own).
  it("subscribes a user to Basic on first sight, trimming the platform's domain from the name", async () => {
    const plan = await qms("GET", "/v1/users/bob@iplantcollaborative.org/plan");
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ status: "OK", result: { user: { username: "bob" }, plan: { name: "Basic" } } });
    expect((await qms("GET", "/v1/users/bob/plan")).body.result.id).toBe(plan.body.result.id);
  });

  it("adds to and sets usages, refusing unknown update types and resource names in its envelope", async () => {
    const usage = { username: "bob", resource_name: "cpu.hours", usage_value: 2, update_type: "ADD" };
    await qms("POST", "/v1/usages", usage);
    await qms("POST", "/v1/usages", usage);
    expect((await qms("GET", "/v1/usages/bob")).body.result[0].usage).toBe(4);
    await qms("POST", "/v1/usages", { ...usage, update_type: "SET", usage_value: 1 });
    expect((await qms("GET", "/v1/usages/bob")).body.result[0].usage).toBe(1);
    expect((await qms("GET", "/v1/usages/bob/updates")).body.result).toHaveLength(3);
    expect(await qms("POST", "/v1/usages", { ...usage, update_type: "MULTIPLY" })).toEqual({
      status: 400,
      body: { error: "invalid update type: MULTIPLY", status: "Bad Request" },
    });
    expect((await qms("POST", "/v1/usages", { ...usage, resource_name: "gpu" })).status).toBe(400);
  });

  it("keeps a user's better plan in a bulk subscription unless forced", async () => {
    await qms("PUT", "/v1/users/carol/Pro?paid=true");
    const kept = await qms("POST", "/v1/subscriptions?force=false", {
      subscriptions: [
        { username: "carol", plan_name: "Basic", paid: false },
        { plan_name: "Basic", paid: true },
      ],
    });
    expect(kept.body.result[0]).toMatchObject({ plan: { name: "Pro" }, new_subscription: false });
    expect(kept.body.result[1]).toMatchObject({ failure_reason: "no username provided in request" });
    const forced = await qms("POST", "/v1/subscriptions", {
      subscriptions: [{ username: "carol", plan_name: "Basic", paid: false }],
    });
    expect(forced.body.result[0]).toMatchObject({ plan: { name: "Basic" }, new_subscription: true });
  });
});

describe("the subscriptions add-on service", () => {
  it("raises a subscription's quota by an applied add-on and lists it in the user's summary", async () => {
    // bob's Basic plan: 200 CPU hours before the add-on.
    const subscription = (await qms("GET", "/v1/users/bob/plan")).body.result.id;
    const cpu = (await addons("GET", "/addons")).body.addons.find(
      (addon: { name: string }) => addon.name === "5000 CPU Hours",
    );
    const applied = await addons("PUT", `/subscriptions/${subscription}/addons/${cpu.uuid}`);
    expect(applied.body).toMatchObject({
      error: null,
      subscription_addon: { amount: 5000, subscription_id: subscription },
    });
    const summary = (await addons("GET", "/summary/bob")).body.subscription;
    expect(
      summary.quotas.find((quota: { resource_type: { name: string } }) => quota.resource_type.name === "cpu.hours")
        .quota,
    ).toBe(5200);
    expect(summary.addons).toHaveLength(1);
    expect(summary).toMatchObject({ uuid: subscription, user: { uuid: expect.any(String), username: "bob" } });
    const missing = await addons("GET", `/subscriptions/${subscription}/addons/0a0b0c0d-0000-4000-8000-000000000000`);
    expect(missing).toEqual({
      status: 404,
      body: {
        header: { map: {} },
        error: { error_code: "NOT_FOUND", message: "subscription add-on not found", status_code: 404 },
        subscription_addon: null,
      },
    });
  });
});

describe("resource-usage-api and data-usage-api", () => {
  it("answers data usage for known users only; the summary takes it from QMS, whatever data-usage-api answers", async () => {
    expect((await call(platform.dataUsage.url, "GET", "/mallory/data/current")).status).toBe(400);
    expect((await call(platform.dataUsage.url, "GET", "/bob/data/current")).status).toBe(404);
    await qms("POST", "/v1/usages", {
      username: "bob",
      resource_name: "data.size",
      usage_value: 10,
      update_type: "SET",
    });
    expect((await call(platform.dataUsage.url, "GET", "/bob@iplantcollaborative.org/data/current")).body).toMatchObject(
      {
        username: "bob@iplantcollaborative.org",
        total: 10,
      },
    );
    platform.dataUsage.faults.set({ mode: "json-500" });
    const summary = await call(platform.resourceUsage.url, "GET", "/summary/bob@iplantcollaborative.org");
    expect(summary.status).toBe(200);
    expect(summary.body.errors).toBeNull();
    expect(summary.body.data_usage).toMatchObject({ username: "bob", total: 10 });
    expect(summary.body.subscription).toMatchObject({ users: { username: "bob" }, plan: { name: "Basic" } });
  });
});
