import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { GIB } from "./qms-state.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "500" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

async function recordUsage(username: string, resource: string, value: number) {
  const response = await service.send("carol", "POST", "/admin/qms/usages", {
    username,
    resource_name: resource,
    usage_value: value,
    update_type: "SET",
  });
  expect(response.statusCode).toBe(200);
}

describe("GET /resource-usage/summary (the client's dashboard)", () => {
  const ZERO_TIME = "0001-01-01T00:00:00Z";
  // sonora's getResourceUsageSummary: GET /api/resource-usage/summary, nothing else.
  const summaryOf = async (username: string) => {
    const response = await service.send(username, "GET", "/resource-usage/summary");
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it("combines alice's CPU hours and data usage with her subscription, all as the subscriptions service has them", async () => {
    await recordUsage("alice", "cpu.hours", 42.5);
    await recordUsage("alice", "data.size", 3 * GIB);
    // resource-usage-api with QMS never asks data-usage-api: its failing changes nothing.
    service.platform.dataUsage.faults.set({ mode: "json-500" });
    const summary = await summaryOf("alice");
    // It sends null; the contract promises a list, which sonora's DataConsumption and CPUConsumption read.
    expect(summary.errors).toEqual([]);
    expect(summary.cpu_usage).toMatchObject({ username: "alice", total: "42.5" });
    expect(summary.data_usage).toMatchObject({
      username: "alice",
      total: 3 * GIB,
      user_id: summary.subscription.users.id,
    });
    expect(summary.data_usage.time).toBe(summary.data_usage.last_modified);
    // Her plan of the seed.
    expect(summary.subscription).toMatchObject({ users: { username: "alice" }, plan: { name: "Regular" }, addons: [] });
    // The backend knows the user by the qualified name, which comes from the token.
    expect(service.platform.resourceUsage.recorder.requests.map((request) => request.path)).toEqual([
      "/summary/alice%40iplantcollaborative.org",
    ]);
    expect(service.platform.dataUsage.recorder.requests).toEqual([]);
  });

  it("answers a user with no usage recorded yet with empty records at Go's zero time", async () => {
    const summary = await summaryOf("bob");
    expect(summary.errors).toEqual([]);
    expect(summary.cpu_usage).toMatchObject({ total: "0", username: "bob", last_modified: ZERO_TIME });
    expect(summary.data_usage).toMatchObject({ total: 0, username: "bob", time: ZERO_TIME });
    expect(summary.subscription).toMatchObject({ plan: { name: "Basic" } });
  });

  it("passes on the empty summary resource-usage-api answers while the subscriptions service is down", async () => {
    await service.platform.subscriptionAddons.stop();
    try {
      expect(await summaryOf("alice")).toEqual({ cpu_usage: null, data_usage: null, subscription: null, errors: [] });
    } finally {
      await service.platform.subscriptionAddons.start();
    }
  });

  it("answers 502 when resource-usage-api drops the connection (the subscriptions service answered no subscription)", async () => {
    service.platform.subscriptionAddons.faults.set({ mode: "json-500" });
    const failed = await service.send("alice", "GET", "/resource-usage/summary");
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
  });

  it("needs a token, and answers 502/504 when resource-usage-api itself fails", async () => {
    expect((await service.send(undefined, "GET", "/resource-usage/summary")).statusCode).toBe(401);
    service.platform.resourceUsage.faults.set({ mode: "html-500" });
    const failed = await service.send("alice", "GET", "/resource-usage/summary");
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    service.platform.resourceUsage.faults.set({ mode: "hang" });
    expect((await service.send("alice", "GET", "/resource-usage/summary")).statusCode).toBe(504);
  });
});

describe("GET /resource-usage/data/current", () => {
  it("answers the caller's current data usage, and data-usage-api's 404 while there is none", async () => {
    const none = await service.send("alice", "GET", "/resource-usage/data/current");
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error_code: "ERR_NOT_FOUND", reason: "No data usage information found for user" });
    await recordUsage("alice", "data.size", GIB);
    const current = await service.send("alice", "GET", "/resource-usage/data/current");
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      username: "alice@iplantcollaborative.org",
      total: GIB,
      user_id: expect.any(String),
    });
    expect(service.platform.dataUsage.recorder.requests.at(-1)?.path).toBe(
      "/alice%40iplantcollaborative.org/data/current",
    );
  });
});
