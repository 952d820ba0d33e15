import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { quotaOf } from "./qms-state.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

/** An add-on as the client's add-on form posts it (postAddon). */
const extraCpu = {
  name: "Extra CPU",
  description: "a thousand CPU hours more",
  default_amount: 1000,
  default_paid: false,
  resource_type: {
    uuid: "99e3bc7e-950a-11ec-84a4-406c8f3e9cbb",
    name: "cpu.hours",
    unit: "cpu hours",
    consumable: true,
  },
  addon_rates: [{ rate: 5, effective_date: "2024-01-01T00:00:00Z" }],
};

const createAddon = async (addon: object = extraCpu) => {
  const response = await service.send("carol", "POST", "/admin/qms/addons", addon);
  expect(response.statusCode).toBe(200);
  return response.json().addon;
};

/** bob's subscription: the seed leaves him on Basic (200 CPU hours), alice and carol have plans of their own. */
const bobsSubscription = async () => (await service.send("bob", "GET", "/qms/user/plan")).json().result.id as string;

describe("add-ons", () => {
  it("carol creates an add-on, applies it to bob's subscription and bob's quota rises, then removes it", async () => {
    const addon = await createAddon();
    expect(addon).toMatchObject({ name: "Extra CPU", default_amount: 1000, resource_type: { name: "cpu.hours" } });
    // The service creates with PUT, the add-on wrapped; the gateway answers only `addon`.
    expect(service.platform.subscriptionAddons.recorder.to("PUT", "/addons")[0]?.body).toEqual({ addon: extraCpu });

    const subscription = await bobsSubscription();
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(200);
    const applied = await service.send("carol", "POST", `/admin/qms/subscriptions/${subscription}/addons`, {
      uuid: addon.uuid,
    });
    expect(applied.statusCode).toBe(200);
    const subscriptionAddon = applied.json().subscription_addon;
    expect(subscriptionAddon).toMatchObject({
      subscription_id: subscription,
      amount: 1000,
      addon: { uuid: addon.uuid },
    });
    expect(Object.keys(applied.json())).toEqual(["subscription_addon"]);
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(1200);
    const [put] = service.platform.subscriptionAddons.recorder.to("PUT", /^\/subscriptions\//);
    expect(put?.path).toBe(`/subscriptions/${subscription}/addons/${addon.uuid}`);

    // Only applying answers the add-on with its rates; the service reads it back without them.
    expect(subscriptionAddon.addon.addon_rates).toHaveLength(1);
    const readBack = { ...subscriptionAddon, addon: { ...subscriptionAddon.addon, addon_rates: [] } };
    const listed = await service.send("carol", "GET", `/admin/qms/subscriptions/${subscription}/addons`);
    expect(listed.json()).toEqual({ subscription_addons: [readBack] });
    const one = await service.send(
      "carol",
      "GET",
      `/admin/qms/subscriptions/${subscription}/addons/${subscriptionAddon.uuid}`,
    );
    expect(one.json()).toEqual({ subscription_addon: readBack });

    const removed = await service.send(
      "carol",
      "DELETE",
      `/admin/qms/subscriptions/${subscription}/addons/${subscriptionAddon.uuid}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(200);
    const [deleted] = service.platform.subscriptionAddons.recorder.to("DELETE", /^\/subscriptions\//);
    expect(deleted?.path).toBe(`/subscriptions/${subscriptionAddon.uuid}/addons/${subscriptionAddon.uuid}`);
    expect((await service.send("carol", "GET", `/admin/qms/subscriptions/${subscription}/addons`)).json()).toEqual({
      subscription_addons: [],
    });
  });

  it("changes an applied add-on's amount as the client's putSubAddon sends it: the quota moves by the difference", async () => {
    const addon = await createAddon();
    const subscription = await bobsSubscription();
    const applied = (
      await service.send("carol", "POST", `/admin/qms/subscriptions/${subscription}/addons`, { uuid: addon.uuid })
    ).json().subscription_addon;
    const changed = await service.send(
      "carol",
      "PUT",
      `/admin/qms/subscriptions/${subscription}/addons/${applied.uuid}`,
      {
        amount: 300,
        paid: true,
      },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json().subscription_addon).toMatchObject({ amount: 300, paid: true });
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(500);
    const [post] = service.platform.subscriptionAddons.recorder.to("POST", /^\/subscriptions\//);
    expect(post?.path).toBe(`/subscriptions/${applied.uuid}/addons/${applied.uuid}`);
    expect(post?.body).toEqual({
      subscription_addon: { amount: 300, paid: true, uuid: applied.uuid },
      update_amount: true,
      update_paid: true,
    });

    await service.send("carol", "PUT", `/admin/qms/subscriptions/${subscription}/addons/${applied.uuid}`, {
      paid: false,
    });
    expect(service.platform.subscriptionAddons.recorder.to("POST", /^\/subscriptions\//)[1]?.body).toEqual({
      subscription_addon: { paid: false, uuid: applied.uuid },
      update_paid: true,
    });
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(500);
    // A change of nothing, which the service fails (500), is refused before it.
    const empty = await service.send(
      "carol",
      "PUT",
      `/admin/qms/subscriptions/${subscription}/addons/${applied.uuid}`,
      {},
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    expect(service.platform.subscriptionAddons.recorder.to("POST", /^\/subscriptions\//)).toHaveLength(2);
  });

  it("updates the fields given with the service's camelCase mask, lists and deletes an add-on no subscription has", async () => {
    const addon = await createAddon();
    const updated = await service.send("carol", "PUT", "/admin/qms/addons", {
      uuid: addon.uuid,
      name: "More CPU",
      default_amount: 50,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().addon).toMatchObject({
      name: "More CPU",
      default_amount: 50,
      description: extraCpu.description,
    });
    const [post] = service.platform.subscriptionAddons.recorder.to("POST", `/addons/${addon.uuid}`);
    expect(post?.body).toEqual({
      addon: { uuid: addon.uuid, name: "More CPU", default_amount: 50 },
      updateName: true,
      updateDefaultAmount: true,
    });

    const names = (await service.send("carol", "GET", "/admin/qms/addons"))
      .json()
      .addons.map((a: { name: string }) => a.name);
    expect(names).toEqual(["1 TB", "5000 CPU Hours", "More CPU"]);

    const deleted = await service.send("carol", "DELETE", `/admin/qms/addons/${addon.uuid}`);
    expect(deleted.statusCode).toBe(200);
    // The service answers the deleted add-on's id with every other field unset (cyverse-de/subscriptions deleteAddon).
    expect(deleted.json()).toEqual({
      addon: {
        uuid: addon.uuid,
        name: "",
        description: "",
        default_amount: 0,
        default_paid: false,
        resource_type: null,
        addon_rates: [],
      },
    });
    expect((await service.send("carol", "GET", "/admin/qms/addons")).json().addons).toHaveLength(2);
  });

  it("refuses to delete an add-on a subscription has (409); an unknown one is answered as deleted", async () => {
    const addon = await createAddon();
    await service.send("carol", "POST", `/admin/qms/subscriptions/${await bobsSubscription()}/addons`, {
      uuid: addon.uuid,
    });
    const inUse = await service.send("carol", "DELETE", `/admin/qms/addons/${addon.uuid}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({
      error_code: "ERR_CONFLICT",
      reason: "subscription add-ons exist",
      backend_error_code: "BAD_REQUEST",
    });
    const unknown = await service.send("carol", "DELETE", "/admin/qms/addons/0a0b0c0d-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().addon).toMatchObject({ uuid: "0a0b0c0d-0000-4000-8000-000000000000", addon_rates: [] });
  });

  it("refuses a malformed add-on, and one of a resource type QMS does not have, before the service", async () => {
    const { resource_type: _omitted, ...noType } = extraCpu;
    for (const malformed of [
      { ...extraCpu, default_amount: -1 },
      { ...extraCpu, name: "" },
      noType,
      { ...extraCpu, addon_rates: "cheap" },
      // The client's new add-on form starts without rates; the service would fail on none (500).
      { ...extraCpu, addon_rates: [] },
      { ...extraCpu, resource_type: { ...extraCpu.resource_type, uuid: "cpu" } },
    ]) {
      const refused = await service.send("carol", "POST", "/admin/qms/addons", malformed);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
    // The service would insert the unknown type as an empty id and fail (500).
    const { uuid: _id, ...byName } = extraCpu.resource_type;
    for (const [resourceType, named] of [
      [{ ...byName, name: "gpu.hours" }, "gpu.hours"],
      [
        { ...extraCpu.resource_type, uuid: "0a0b0c0d-0000-4000-8000-000000000000" },
        "0a0b0c0d-0000-4000-8000-000000000000",
      ],
    ] as const) {
      const unknownType = await service.send("carol", "POST", "/admin/qms/addons", {
        ...extraCpu,
        resource_type: resourceType,
      });
      expect(unknownType.statusCode).toBe(400);
      expect(unknownType.json()).toEqual({
        error_code: "ERR_BAD_REQUEST",
        reason: `resource type not found: ${named}`,
      });
    }
    expect(service.platform.subscriptionAddons.recorder.to("PUT", "/addons")).toEqual([]);
    expect(service.platform.subscriptionAddons.state.addons.addons.size).toBe(2);
  });

  it("refuses to apply an unknown add-on (404) or one with no rate in effect yet (409) before the service", async () => {
    const subscription = await bobsSubscription();
    const noAddon = await service.send("carol", "POST", `/admin/qms/subscriptions/${subscription}/addons`, {
      uuid: "0a0b0c0d-0000-4000-8000-000000000000",
    });
    expect(noAddon.statusCode).toBe(404);
    expect(noAddon.json()).toEqual({ error_code: "ERR_NOT_FOUND", reason: "add-on not found" });
    const later = await createAddon({
      ...extraCpu,
      addon_rates: [{ rate: 5, effective_date: "2999-01-01T00:00:00Z" }],
    });
    const notYet = await service.send("carol", "POST", `/admin/qms/subscriptions/${subscription}/addons`, {
      uuid: later.uuid,
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toEqual({
      error_code: "ERR_CONFLICT",
      reason: `add-on ${later.uuid} has no rate in effect yet`,
    });
    expect(service.platform.subscriptionAddons.recorder.to("PUT", /^\/subscriptions\//)).toEqual([]);
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(200);
  });

  it("answers 502 for an unknown subscription, which nothing can look up first, and 400 for ids that are no UUIDs", async () => {
    const addon = await createAddon();
    const noSubscription = await service.send(
      "carol",
      "POST",
      "/admin/qms/subscriptions/0a0b0c0d-0000-4000-8000-000000000000/addons",
      { uuid: addon.uuid },
    );
    expect(noSubscription.statusCode).toBe(502);
    expect(noSubscription.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", backend_status: 500 });
    const subscription = await bobsSubscription();
    for (const [method, url] of [
      ["POST", `/admin/qms/subscriptions/${subscription}/addons`],
      ["GET", "/admin/qms/subscriptions/nope/addons"],
      ["DELETE", `/admin/qms/subscriptions/${subscription}/addons/nope`],
    ] as const) {
      const refused = await service.send("carol", method, url, method === "POST" ? { uuid: "nope" } : undefined);
      expect(refused.statusCode, url).toBe(400);
    }
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(200);
  });

  it("is for administrators: alice gets 403 and the service is not called", async () => {
    const refused = await service.send("alice", "POST", "/admin/qms/addons", extraCpu);
    expect(refused.statusCode).toBe(403);
    expect(service.platform.subscriptionAddons.recorder.requests).toHaveLength(0);
  });
});
