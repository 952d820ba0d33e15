import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { GIB, qmsOf, quotaOf } from "./qms-state.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const planOf = async (username: string) =>
  (await service.send("carol", "GET", `/admin/qms/users/${username}/plan`)).json().result;

describe("a user's plan, for administrators", () => {
  // bob, on Basic: the seed gives alice and carol plans of their own.
  it("carol moves bob to another plan and bob's quotas follow; the old subscription ends where the new starts", async () => {
    const basic = (await service.send("bob", "GET", "/qms/user/plan")).json().result;
    expect(basic.plan.name).toBe("Basic");

    const moved = await service.send("carol", "PUT", "/admin/qms/users/bob/plan/Pro?paid=true&periods=2");
    expect(moved.statusCode).toBe(200);
    expect(moved.json().result).toMatchObject({ plan: { name: "Pro" }, paid: true, user: { username: "bob" } });

    const mine = (await service.send("bob", "GET", "/qms/user/plan")).json().result;
    expect(mine.plan.name).toBe("Pro");
    // CPU hours, consumable, are granted once a period (QMS's QuotasFromPlan); the data size once.
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(40000);
    expect(quotaOf(service, "bob", "data.size")).toBe(3072 * GIB);
    expect(
      (Date.parse(mine.effective_end_date) - Date.parse(mine.effective_start_date)) / (365 * 86_400_000),
    ).toBeCloseTo(2, 1);

    const history = (await service.send("bob", "GET", "/qms/user/subscriptions?include-expired=true")).json().result;
    expect(history.total).toBe(2);
    const ended = history.subscriptions.find((sub: { id: string }) => sub.id === basic.id);
    expect(Date.parse(ended.effective_end_date)).toBeLessThanOrEqual(Date.parse(mine.effective_start_date));
    expect((await service.send("bob", "GET", "/qms/user/subscriptions")).json().result.total).toBe(1);
    expect(await planOf("bob")).toMatchObject({ id: mine.id });
  });

  it("refuses to move a name the directory does not know to a plan, before QMS would make the user", async () => {
    for (const [name, username] of [
      ["mallory", "mallory"],
      ["alice%3Fuser%3Dbob", "alice?user=bob"],
    ]) {
      const refused = await service.send("carol", "PUT", `/admin/qms/users/${name}/plan/Pro?paid=true`);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json()).toEqual({ error_code: "ERR_BAD_REQUEST", reason: `user '${username}' does not exist` });
    }
    expect(service.platform.qms.recorder.to("PUT", /^\/v1\/users\//)).toEqual([]);
    expect(qmsOf(service).users.has("mallory")).toBe(false);
  });

  it("sends QMS the plan change at its path without /plan, with the query the client sent", async () => {
    await service.send(
      "carol",
      "PUT",
      "/admin/qms/users/bob/plan/Regular?paid=false&start-date=2031-01-01&end-date=2032-01-01",
    );
    const [call] = service.platform.qms.recorder.to("PUT", "/v1/users/bob/Regular");
    expect(call?.query).toEqual({ paid: "false", "start-date": "2031-01-01", "end-date": "2032-01-01" });
  });

  it("refuses an unknown plan (QMS's 400), a missing paid flag and a malformed date, and changes nothing", async () => {
    const before = qmsOf(service).subscriptions.length;
    const unknown = await service.send("carol", "PUT", "/admin/qms/users/alice/plan/Platinum?paid=true");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error_code: "ERR_BAD_REQUEST", reason: "plan name `Platinum` not found" });
    for (const query of ["", "?paid=yes", "?paid=true&start-date=soon", "?paid=true&periods=-1"]) {
      const refused = await service.send("carol", "PUT", `/admin/qms/users/alice/plan/Pro${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
    expect(qmsOf(service).subscriptions).toHaveLength(before);
  });

  it("is for administrators only: alice gets 403, no token 401", async () => {
    const before = qmsOf(service).subscriptions.length;
    const alice = await service.send("alice", "PUT", "/admin/qms/users/alice/plan/Commercial?paid=true");
    expect(alice.statusCode).toBe(403);
    expect(alice.json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
    expect((await service.send(undefined, "GET", "/admin/qms/users/alice/plan")).statusCode).toBe(401);
    expect(qmsOf(service).subscriptions).toHaveLength(before);
  });
});

describe("quotas and usages", () => {
  it("sets a user's quota as the client's updateUserQuota sends it, after the directory knows the user", async () => {
    // bob: no subscription yet (the seed's are alice's and carol's), so setting a quota makes one.
    const response = await service.send("carol", "POST", "/admin/qms/users/bob/plan/cpu.hours/quota", { quota: 750 });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ new_subscription: true, user: { username: "bob" } });
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(750);
    expect(service.platform.groups.recorder.to("GET", "/subjects/bob")[0]?.query).toEqual({ user: "de_grouper" });
  });

  it("refuses a negative quota, an unknown resource type and a user the directory does not know, changing nothing", async () => {
    const negative = await service.send("carol", "POST", "/admin/qms/users/alice/plan/cpu.hours/quota", { quota: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });

    const unknownType = await service.send("carol", "POST", "/admin/qms/users/alice/plan/gpu.hours/quota", {
      quota: 5,
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json()).toEqual({
      error_code: "ERR_BAD_REQUEST",
      reason: "resource type 'gpu.hours' not found",
    });

    const stranger = await service.send("carol", "POST", "/admin/qms/users/mallory/plan/cpu.hours/quota", { quota: 5 });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({ error_code: "ERR_BAD_REQUEST", reason: "user 'mallory' does not exist" });
    expect(qmsOf(service).users.has("mallory")).toBe(false);
    expect(service.platform.qms.recorder.to("POST", /quota$/)).toHaveLength(1);
  });

  it("adds to and sets usages; the user's usages show them; a bad update type is 400", async () => {
    const add = { username: "bob", resource_name: "cpu.hours", usage_value: 15, update_type: "ADD" };
    expect((await service.send("carol", "POST", "/admin/qms/usages", add)).json()).toEqual({
      result: "successfully updated the usage for: bob",
      status: "OK",
    });
    await service.send("carol", "POST", "/admin/qms/usages", { ...add, usage_value: 5 });
    await service.send("carol", "POST", "/admin/qms/usages", {
      ...add,
      resource_name: "data.size",
      usage_value: GIB,
      update_type: "SET",
    });
    const usages = (await service.send("carol", "GET", "/admin/qms/users/bob/usages")).json().result;
    expect(
      usages.map((usage: { usage: number; resource_type: { name: string } }) => [
        usage.resource_type.name,
        usage.usage,
      ]),
    ).toEqual([
      ["cpu.hours", 20],
      ["data.size", GIB],
    ]);
    expect((await service.send("bob", "GET", "/qms/user/usages")).json().result).toEqual(usages);

    for (const bad of [
      { ...add, update_type: "MULTIPLY" },
      { ...add, usage_value: -1 },
      { ...add, username: "" },
    ]) {
      const refused = await service.send("carol", "POST", "/admin/qms/usages", bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
    const unknownType = await service.send("carol", "POST", "/admin/qms/usages", {
      ...add,
      resource_name: "gpu.hours",
    });
    expect(unknownType.json()).toEqual({ error_code: "ERR_BAD_REQUEST", reason: "invalid resource name: gpu.hours" });
  });
});

describe("subscriptions in bulk and the listing", () => {
  it("subscribes known users in the client's postSubscription shape, one answer per entry in order", async () => {
    const response = await service.send("carol", "POST", "/admin/qms/subscriptions", {
      subscriptions: [{ username: "bob", plan_name: "Regular", paid: true, periods: 1, start_date: undefined }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: "OK",
      result: [{ user: { username: "bob" }, plan: { name: "Regular" }, paid: true, new_subscription: true }],
    });
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(1000);
  });

  it("takes the client's dates (yyyy-MM-dd'T'HH:mm:ssXXX) and passes on QMS's 400 for a form it cannot read", async () => {
    const subscribe = (end_date: string) =>
      service.send("carol", "POST", "/admin/qms/subscriptions", {
        subscriptions: [{ username: "bob", plan_name: "Regular", paid: true, periods: 1, end_date }],
      });
    const taken = await subscribe("2031-01-01T00:00:00-07:00");
    expect(taken.statusCode).toBe(200);
    expect(taken.json().result[0]).toMatchObject({ effective_end_date: "2031-01-01T07:00:00.000Z" });
    // QMS reads no fraction of a second, and refuses the whole list for it.
    const refused = await subscribe("2031-01-01T00:00:00.000Z");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error_code: "ERR_BAD_REQUEST",
      reason: expect.stringMatching(
        /^invalid request body: .*unrecognized timestamp layout: 2031-01-01T00:00:00\.000Z/,
      ),
    });
  });

  it("refuses a list naming an unknown user whole, before QMS sees any of it, naming every unknown user", async () => {
    const before = qmsOf(service).subscriptions.length;
    const response = await service.send("carol", "POST", "/admin/qms/subscriptions", {
      subscriptions: [
        { username: "nobody-here", plan_name: "Pro", paid: true },
        { username: "alice", plan_name: "Pro", paid: true },
        { username: "no-one-either", plan_name: "Pro", paid: true },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error_code: "ERR_NOT_A_USER",
      reason: "no such users: nobody-here, no-one-either; nobody was subscribed",
      unknown_users: ["nobody-here", "no-one-either"],
    });
    expect(service.platform.qms.recorder.requests).toHaveLength(0);
    expect(qmsOf(service).users.has("nobody-here")).toBe(false);
    expect(qmsOf(service).subscriptions).toHaveLength(before);
    // Her plan of the seed, unchanged.
    expect((await service.send("alice", "GET", "/qms/user/plan")).json().result.plan.name).toBe("Regular");
  });

  it("refuses an entry naming no user before any lookup", async () => {
    const response = await service.send("carol", "POST", "/admin/qms/subscriptions", {
      subscriptions: [
        { username: "alice", plan_name: "Pro", paid: true },
        { plan_name: "Pro", paid: true },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: "subscription entries 1 name no user",
    });
    expect(service.platform.groups.recorder.requests).toHaveLength(0);
    expect(service.platform.qms.recorder.requests).toHaveLength(0);
  });

  it("keeps a better plan unless forced, refuses a malformed body, and answers 502 when the directory fails", async () => {
    await service.send("carol", "PUT", "/admin/qms/users/alice/plan/Pro?paid=true");
    const unforced = await service.send("carol", "POST", "/admin/qms/subscriptions?force=false", {
      subscriptions: [{ username: "alice", plan_name: "Regular", paid: true }],
    });
    expect(unforced.json().result[0]).toMatchObject({ plan: { name: "Pro" }, new_subscription: false });

    for (const body of [{}, { subscriptions: [{ username: "alice", plan_name: "Pro" }] }, { subscriptions: "alice" }]) {
      const refused = await service.send("carol", "POST", "/admin/qms/subscriptions", body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }

    service.platform.groups.faults.set({ mode: "json-500" });
    const failed = await service.send("carol", "POST", "/admin/qms/subscriptions", {
      subscriptions: [{ username: "bob", plan_name: "Pro", paid: true }],
    });
    expect(failed.statusCode).toBe(502);
    expect(qmsOf(service).users.has("bob")).toBe(false);
  });

  it("lists every subscription with the client's getSubscriptions parameters", async () => {
    for (const user of ["alice", "bob", "carol"]) await service.send(user, "GET", "/qms/user/plan");
    const page = await service.send(
      "carol",
      "GET",
      "/admin/qms/subscriptions?search=o&sort-field=username&sort-dir=DESC&limit=1&offset=0",
    );
    expect(page.statusCode).toBe(200);
    expect(page.json().result.total).toBe(2);
    expect(page.json().result.subscriptions.map((sub: { user: { username: string } }) => sub.user.username)).toEqual([
      "carol",
    ]);
    const badSort = await service.send("carol", "GET", "/admin/qms/subscriptions?sort-dir=sideways");
    expect(badSort.statusCode).toBe(400);
  });
});
