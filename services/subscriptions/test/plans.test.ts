import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { GIB, qmsOf } from "./qms-state.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

describe("plans and resource types (anyone)", () => {
  it("lists the plans with their quota defaults and rates, without a token, as the client's getPlanTypes asks", async () => {
    const response = await service.send(undefined, "GET", "/qms/plans");
    expect(response.statusCode).toBe(200);
    const { result, status } = response.json();
    expect(status).toBe("OK");
    expect(result.map((plan: { name: string }) => plan.name)).toEqual(["Basic", "Regular", "Pro", "Commercial"]);
    expect(result[0]).toMatchObject({
      plan_quota_defaults: [
        { quota_value: 200, resource_type: { name: "cpu.hours", unit: "cpu hours", consumable: true } },
        { quota_value: 5 * GIB, resource_type: { name: "data.size", unit: "bytes", consumable: false } },
      ],
      plan_rates: [{ rate: 0, effective_date: expect.any(String) }],
    });
  });

  it("answers one plan by id, 404 for an unknown id and 400 for an id that is no UUID, without calling QMS", async () => {
    const plans = (await service.send(undefined, "GET", "/qms/plans")).json().result;
    const pro = plans.find((plan: { name: string }) => plan.name === "Pro");
    const one = await service.send("alice", "GET", `/qms/plans/${pro.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().result).toEqual(pro);

    const unknown = await service.send(undefined, "GET", "/qms/plans/0a0b0c0d-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringMatching(/not found/) });

    service.platform.qms.recorder.clear();
    const malformed = await service.send(undefined, "GET", "/qms/plans/not-a-uuid");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    expect(service.platform.qms.recorder.requests).toHaveLength(0);
  });

  it("lists the resource types, and a bad token is 401 even where a token is optional", async () => {
    const response = await service.send(undefined, "GET", "/qms/resource-types");
    expect(response.json().result.map((type: { name: string }) => type.name)).toEqual(["cpu.hours", "data.size"]);
    const badToken = await service.app.inject({
      method: "GET",
      url: "/qms/resource-types",
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
  });
});

describe("the caller's own plan", () => {
  // bob: the seed subscribes alice and carol to plans of their own.
  it("bob sees his plan: the default (Basic, unpaid, a year) on first sight, the same one afterwards", async () => {
    expect(qmsOf(service).users.has("bob")).toBe(false);
    const before = qmsOf(service).subscriptions.length;
    const first = await service.send("bob", "GET", "/qms/user/plan");
    expect(first.statusCode).toBe(200);
    const plan = first.json().result;
    expect(plan).toMatchObject({
      user: { username: "bob" },
      plan: { name: "Basic" },
      paid: false,
      quotas: expect.arrayContaining([
        expect.objectContaining({ quota: 200, resource_type: expect.objectContaining({ name: "cpu.hours" }) }),
        expect.objectContaining({ quota: 5 * GIB, resource_type: expect.objectContaining({ name: "data.size" }) }),
      ]),
      usages: [],
    });
    const years = (Date.parse(plan.effective_end_date) - Date.parse(plan.effective_start_date)) / (365 * 86_400_000);
    expect(years).toBeCloseTo(1, 1);
    expect(qmsOf(service).subscriptions).toHaveLength(before + 1);

    const again = (await service.send("bob", "GET", "/qms/user/plan")).json().result;
    expect(again.id).toBe(plan.id);
    expect(service.platform.qms.recorder.to("GET", "/v1/users/bob/plan")).toHaveLength(2);
  });

  it("asks QMS about the user the token names, whatever the query says", async () => {
    await service.send("alice", "GET", "/qms/user/plan?username=bob&user=bob");
    expect(qmsOf(service).users.has("bob")).toBe(false);
    expect(service.platform.qms.recorder.to("GET", "/v1/users/alice/plan")).toHaveLength(1);
  });

  it("lists the caller's subscriptions and usages; a malformed cutoff or flag is 400", async () => {
    const listing = await service.send("bob", "GET", "/qms/user/subscriptions?include-expired=true");
    expect(listing.statusCode).toBe(200);
    expect(listing.json().result).toMatchObject({ total: 0, subscriptions: [] });

    await service.send("bob", "GET", "/qms/user/plan");
    const usages = await service.send("bob", "GET", "/qms/user/usages");
    expect(usages.json()).toEqual({ result: [], status: "OK" });
    expect((await service.send("bob", "GET", "/qms/user/subscriptions")).json().result.total).toBe(1);

    for (const query of ["include-expired=maybe", "cutoff=yesterday"]) {
      const refused = await service.send("alice", "GET", `/qms/user/subscriptions?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
  });

  it("needs a token (401), and the service accounts' token is refused on a user's route", async () => {
    const none = await service.send(undefined, "GET", "/qms/user/plan");
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
    const machine = await service.app.inject({
      method: "GET",
      url: "/qms/user/plan",
      headers: { authorization: `Bearer ${await service.platform.serviceToken()}` },
    });
    expect(machine.statusCode).toBe(401);
  });

  it("answers 502 when QMS fails and 504 when it does not answer in time, in the error model", async () => {
    service.platform.qms.faults.set({ mode: "json-500" });
    const failed = await service.send("alice", "GET", "/qms/user/plan");
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", backend_status: 500 });

    service.platform.qms.faults.set({ mode: "hang" });
    const slow = await service.send("alice", "GET", "/qms/plans");
    expect(slow.statusCode).toBe(504);
    expect(slow.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });
});
