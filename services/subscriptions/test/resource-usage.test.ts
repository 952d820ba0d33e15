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
  it("combines alice's CPU hours and data usage with her subscription", async () => {
    await recordUsage("alice", "cpu.hours", 42.5);
    await recordUsage("alice", "data.size", 3 * GIB);
    const response = await service.send("alice", "GET", "/resource-usage/summary");
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    expect(summary.errors).toEqual([]);
    expect(summary.cpu_usage).toMatchObject({ username: "alice", total: "42.5" });
    expect(summary.data_usage).toMatchObject({ username: "alice@iplantcollaborative.org", total: 3 * GIB });
    // Her plan of the seed.
    expect(summary.subscription).toMatchObject({ users: { username: "alice" }, plan: { name: "Regular" }, addons: [] });
    // Both backends know the user by the qualified name, which comes from the token.
    expect(service.platform.resourceUsage.recorder.requests.map((request) => request.path)).toEqual([
      "/summary/alice%40iplantcollaborative.org",
    ]);
  });

  it("still answers, with an errors entry, when a source fails", async () => {
    await recordUsage("alice", "cpu.hours", 7);
    await recordUsage("alice", "data.size", GIB);
    service.platform.dataUsage.faults.set({ mode: "json-500" });
    const response = await service.send("alice", "GET", "/resource-usage/summary");
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    expect(summary.cpu_usage).toMatchObject({ total: "7" });
    expect(summary.errors).toEqual([{ field: "data_usage", message: expect.stringMatching(/500/), error_code: 500 }]);

    service.platform.dataUsage.faults.clear();
    await service.platform.subscriptionAddons.stop();
    try {
      const withoutSubscriptions = (await service.send("alice", "GET", "/resource-usage/summary")).json();
      expect(withoutSubscriptions.subscription).toBeNull();
      expect(withoutSubscriptions.errors).toEqual([expect.objectContaining({ field: "cpu_usage", error_code: 500 })]);
      expect(withoutSubscriptions.data_usage).toMatchObject({ total: GIB });
    } finally {
      await service.platform.subscriptionAddons.start();
    }
  });

  it("lists a user with no data usage recorded yet as a 404 of data_usage", async () => {
    const summary = (await service.send("bob", "GET", "/resource-usage/summary")).json();
    expect(summary.errors).toEqual([{ field: "data_usage", message: expect.stringMatching(/404/), error_code: 404 }]);
    expect(summary.cpu_usage).toMatchObject({ total: "0", username: "bob" });
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
