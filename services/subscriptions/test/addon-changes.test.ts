import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const CPU_HOURS = "99e3bc7e-950a-11ec-84a4-406c8f3e9cbb";
const UNKNOWN = "0a0b0c0d-0000-4000-8000-000000000000";

/** The seed's "5000 CPU Hours" add-on, as the client's add-on list shows it. */
async function seededCpuAddon() {
  const addons = (await service.send("carol", "GET", "/admin/qms/addons")).json().addons;
  return addons.find((addon: { name: string }) => addon.name === "5000 CPU Hours");
}

/** What the client's EditAddon sends (formatAddonSubmission with update): every field, the rates with their ids. */
const editSubmission = (
  addon: { uuid: string; name: string; description: string; default_amount: number },
  addonRates: Array<{ uuid?: string; effective_date: string; rate: number }>,
) => ({
  name: addon.name,
  description: addon.description,
  default_amount: addon.default_amount,
  default_paid: true,
  resource_type: { uuid: CPU_HOURS },
  addon_rates: addonRates,
  uuid: addon.uuid,
});

const posted = () => service.platform.subscriptionAddons.recorder.to("POST", /^\/addons\//);

describe("PUT /admin/qms/addons (the client's putAddon)", () => {
  it("passes the rates' ids on, so an edited rate replaces the one it was and a new one is added", async () => {
    const addon = await seededCpuAddon();
    const [rate] = addon.addon_rates;
    const response = await service.send(
      "carol",
      "PUT",
      "/admin/qms/addons",
      editSubmission(addon, [
        { uuid: rate.uuid, effective_date: "2023-06-01T00:00:00Z", rate: 90 },
        { uuid: undefined, effective_date: "2027-01-01T00:00:00Z", rate: 110 },
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().addon.addon_rates).toEqual([
      { uuid: rate.uuid, rate: 90, effective_date: "2023-06-01T00:00:00Z" },
      { uuid: expect.any(String), rate: 110, effective_date: "2027-01-01T00:00:00Z" },
    ]);
    expect(posted()[0]?.body).toMatchObject({
      addon: { addon_rates: [{ uuid: rate.uuid, rate: 90 }, { rate: 110 }] },
      updateAddonRates: true,
    });
  });

  it("refuses rates that would leave the add-on two on one date, before the service would fail", async () => {
    const addon = await seededCpuAddon();
    const [rate] = addon.addon_rates;
    for (const rates of [
      // No id: the add-on keeps its rate, whose date the new one takes.
      [{ effective_date: rate.effective_date, rate: 1 }],
      [
        { uuid: rate.uuid, effective_date: "2030-01-01T00:00:00Z", rate: 1 },
        { effective_date: "2030-01-01T00:00:00.000Z", rate: 2 },
      ],
    ]) {
      const refused = await service.send("carol", "PUT", "/admin/qms/addons", editSubmission(addon, rates));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error_code: "ERR_BAD_REQUEST",
        reason: "there can only be one rate for each effective date",
      });
    }
    expect(posted()).toEqual([]);
  });

  it("answers 404 for an unknown add-on and 400 for an unknown resource type, without changing anything", async () => {
    const unknown = await service.send("carol", "PUT", "/admin/qms/addons", {
      uuid: UNKNOWN,
      addon_rates: [{ effective_date: "2030-01-01T00:00:00Z", rate: 1 }],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error_code: "ERR_NOT_FOUND", reason: "add-on not found" });
    const addon = await seededCpuAddon();
    const unknownType = await service.send("carol", "PUT", "/admin/qms/addons", {
      uuid: addon.uuid,
      resource_type: { uuid: UNKNOWN },
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json()).toEqual({
      error_code: "ERR_BAD_REQUEST",
      reason: `resource type not found: ${UNKNOWN}`,
    });
    expect(posted()).toEqual([]);
  });
});
