import { describe, expect, it } from "vitest";
import { type Json, jsonClient } from "./json-client.js";
import { platformPerFile } from "./platform-per-file.js";

/**
 * The subscriptions service's add-on API as cyverse-de/subscriptions answers it (app/addons.go, db/addons.go):
 * statuses of the refusals and failures, add-ons read back without their rates, rates changed by id.
 */
const platform = platformPerFile();
const call = jsonClient(() => platform().subscriptionAddons.url);

const UNKNOWN = "0a0b0c0d-0000-4000-8000-000000000000";
const CPU_HOURS = "99e3bc7e-950a-11ec-84a4-406c8f3e9cbb";
const failed = (field: string) => ({
  status: 500,
  body: {
    header: { map: {} },
    error: { error_code: "INTERNAL", message: "the request could not be completed", status_code: 500 },
    [field]: null,
  },
});

const bobsSubscription = async () => {
  const response = await fetch(`${platform().qms.url}/v1/users/bob/plan`);
  return ((await response.json()) as Json).result.id as string;
};

async function offer(rates: Array<{ rate: number; effective_date: string }>) {
  const offered = await call("PUT", "/addons", {
    addon: {
      name: "Extra CPU",
      description: "an add-on",
      default_amount: 100,
      default_paid: false,
      resource_type: { uuid: CPU_HOURS },
      addon_rates: rates,
    },
  });
  expect(offered.status).toBe(200);
  return offered.body.addon as Json;
}

describe("the add-on service's statuses", () => {
  it("refuses to delete an add-on in use with 409, its code BAD_REQUEST; an unknown one is answered as deleted", async () => {
    const addon = await offer([{ rate: 5, effective_date: "2024-01-01T00:00:00Z" }]);
    await call("PUT", `/subscriptions/${await bobsSubscription()}/addons/${addon.uuid}`);
    expect(await call("DELETE", `/addons/${addon.uuid}`)).toEqual({
      status: 409,
      body: {
        header: { map: {} },
        error: { error_code: "BAD_REQUEST", message: "subscription add-ons exist", status_code: 409 },
        addon: null,
      },
    });
    const unknown = await call("DELETE", `/addons/${UNKNOWN}`);
    expect(unknown.status).toBe(200);
    expect(unknown.body.addon).toMatchObject({ uuid: UNKNOWN, addon_rates: [] });
  });

  it("fails (500) to apply an unknown add-on, one to an unknown subscription, and one whose rates all lie ahead", async () => {
    const subscription = await bobsSubscription();
    const cpu = (await call("GET", "/addons")).body.addons.find((addon: Json) => addon.name === "5000 CPU Hours");
    expect(await call("PUT", `/subscriptions/${subscription}/addons/${UNKNOWN}`)).toEqual(failed("subscription_addon"));
    expect(await call("PUT", `/subscriptions/${UNKNOWN}/addons/${cpu.uuid}`)).toEqual(failed("subscription_addon"));
    const later = await offer([{ rate: 5, effective_date: "2999-01-01T00:00:00Z" }]);
    expect(await call("PUT", `/subscriptions/${subscription}/addons/${later.uuid}`)).toEqual(
      failed("subscription_addon"),
    );
    expect(platform().subscriptionAddons.state.addons.subscriptionAddons.size).toBe(0);
  });

  it("fails (500) to offer an add-on of a resource type the database does not have", async () => {
    const offered = await call("PUT", "/addons", {
      addon: {
        name: "GPU",
        description: "GPU hours",
        default_amount: 10,
        default_paid: false,
        resource_type: { name: "gpu.hours" },
        addon_rates: [],
      },
    });
    expect(offered).toEqual(failed("addon"));
    expect(platform().subscriptionAddons.state.addons.addons.size).toBe(2);
  });

  it("fails (500) to offer an add-on without rates: the database refuses goqu's insert of none", async () => {
    const offered = await call("PUT", "/addons", {
      addon: {
        name: "Rateless",
        description: "no rate",
        default_amount: 10,
        default_paid: false,
        resource_type: { uuid: CPU_HOURS },
        addon_rates: [],
      },
    });
    expect(offered).toEqual(failed("addon"));
    expect(platform().subscriptionAddons.state.addons.addons.size).toBe(2);
  });
});

describe("an applied add-on's change", () => {
  it("fails (500) when it asks to change neither the amount nor the paid flag: goqu updates no columns", async () => {
    const addon = await offer([{ rate: 5, effective_date: "2024-01-01T00:00:00Z" }]);
    const applied = (await call("PUT", `/subscriptions/${await bobsSubscription()}/addons/${addon.uuid}`)).body
      .subscription_addon as Json;
    const unchanged = await call("POST", `/subscriptions/${applied.uuid}/addons/${applied.uuid}`, {
      subscription_addon: { uuid: applied.uuid, amount: 5 },
    });
    expect(unchanged).toEqual(failed("subscription_addon"));
  });
});

describe("add-ons as the service reads them back", () => {
  it("lists rates by effective date, each date as Go writes the timestamp, and add-ons in the order they were made", async () => {
    const before = ((await call("GET", "/addons")).body.addons as Json[]).map((addon) => addon.name);
    // As sonora's add-on form sends dates (yyyy-MM-dd'T'HH:mm:ssXXX), the later one first.
    const addon = await offer([
      { rate: 6, effective_date: "2025-01-01T00:00:00-07:00" },
      { rate: 5, effective_date: "2024-01-01T00:00:00-07:00" },
    ]);
    expect(addon.addon_rates.map((rate: Json) => [rate.rate, rate.effective_date])).toEqual([
      [5, "2024-01-01T07:00:00Z"],
      [6, "2025-01-01T07:00:00Z"],
    ]);
    // A name that sorts before the seeded add-ons' ("1 TB", "5000 CPU Hours"): the table lists it last all the same.
    const half = await call("PUT", "/addons", {
      addon: { ...addon, uuid: undefined, name: "0.5 TB", addon_rates: [{ rate: 1, effective_date: "2024-01-01" }] },
    });
    expect(half.status).toBe(200);
    const after = ((await call("GET", "/addons")).body.addons as Json[]).map((listed) => listed.name);
    expect(after).toEqual([...before, "Extra CPU", "0.5 TB"]);
  });
});

describe("applied add-ons", () => {
  it("are read back without their add-on's rates, which only applying answers", async () => {
    const subscription = await bobsSubscription();
    const addon = await offer([{ rate: 5, effective_date: "2024-01-01T00:00:00Z" }]);
    const applied = (await call("PUT", `/subscriptions/${subscription}/addons/${addon.uuid}`)).body.subscription_addon;
    expect(applied.addon.addon_rates).toHaveLength(1);
    const path = `/subscriptions/${subscription}/addons`;
    const reads = [
      (await call("GET", path)).body.subscription_addons[0],
      (await call("GET", `${path}/${applied.uuid}`)).body.subscription_addon,
      (
        await call("POST", `${path}/${applied.uuid}`, {
          subscription_addon: { uuid: applied.uuid, paid: true },
          update_paid: true,
        })
      ).body.subscription_addon,
      (await call("GET", "/summary/bob")).body.subscription.addons[0],
      (await call("DELETE", `${path}/${applied.uuid}`)).body.subscription_addon,
    ];
    for (const read of reads) expect(read.addon).toMatchObject({ uuid: addon.uuid, addon_rates: [] });
  });
});

describe("POST /addons/{uuid} with updateAddonRates", () => {
  const update = (uuid: string, addon_rates: unknown[]) =>
    call("POST", `/addons/${uuid}`, { addon: { addon_rates }, updateAddonRates: true });

  it("adds rates without ids and keeps the others while no incoming rate names one", async () => {
    const addon = await offer([{ rate: 5, effective_date: "2024-01-01T00:00:00Z" }]);
    const [first] = addon.addon_rates;
    const updated = await update(addon.uuid, [{ rate: 7, effective_date: "2025-01-01T00:00:00Z" }]);
    expect(updated.body.addon.addon_rates).toEqual([
      first,
      { uuid: expect.any(String), rate: 7, effective_date: "2025-01-01T00:00:00Z" },
    ]);
  });

  it("writes over the rates it names by id and deletes the rest, with the applied add-ons charged at them", async () => {
    const addon = await offer([
      { rate: 5, effective_date: "2024-01-01T00:00:00Z" },
      { rate: 6, effective_date: "2025-01-01T00:00:00Z" },
    ]);
    const [first, second] = addon.addon_rates;
    const subscription = await bobsSubscription();
    const applied = (await call("PUT", `/subscriptions/${subscription}/addons/${addon.uuid}`)).body.subscription_addon;
    expect(applied.addon_rate.uuid).toBe(second.uuid);

    const updated = await update(addon.uuid, [
      { uuid: first.uuid, rate: 4, effective_date: "2023-06-01T00:00:00Z" },
      { rate: 9, effective_date: "2026-01-01T00:00:00Z" },
    ]);
    expect(updated.body.addon.addon_rates).toEqual([
      { uuid: first.uuid, rate: 4, effective_date: "2023-06-01T00:00:00Z" },
      { uuid: expect.any(String), rate: 9, effective_date: "2026-01-01T00:00:00Z" },
    ]);
    // The rate it was charged at is gone, and with it the applied add-on (the quota it raised stays raised).
    expect((await call("GET", `/subscriptions/${subscription}/addons`)).body.subscription_addons).toEqual([]);
  });

  it("fails (500), changing nothing, when two of the add-on's rates would share a date", async () => {
    const addon = await offer([{ rate: 5, effective_date: "2024-01-01T00:00:00Z" }]);
    expect(await update(addon.uuid, [{ rate: 7, effective_date: "2024-01-01T00:00:00Z" }])).toEqual(failed("addon"));
    const listed = (await call("GET", "/addons")).body.addons.find((found: Json) => found.uuid === addon.uuid);
    expect(listed.addon_rates).toEqual(addon.addon_rates);
  });

  it("answers 404 for an unknown add-on only when its own row changes, and fails otherwise", async () => {
    expect((await call("POST", `/addons/${UNKNOWN}`, { addon: { name: "x" }, updateName: true })).status).toBe(404);
    expect(await update(UNKNOWN, [{ rate: 1, effective_date: "2024-01-01T00:00:00Z" }])).toEqual(failed("addon"));
  });
});
