import { describe, expect, it } from "vitest";
import { yearsLater } from "../src/qms/store.js";
import { type Json, jsonClient } from "./json-client.js";
import { platformPerFile } from "./platform-per-file.js";

/**
 * QMS's subscriptions as cyverse-de/subscriptions keeps them (internal/qmsapi): the administrators' listing, a
 * user's listing, the quotas a subscription for several periods grants, and the dates of a bulk subscription.
 */
const platform = platformPerFile();
const qms = jsonClient(() => platform().qms.url);

const store = () => platform().qms.state.store;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const cpuQuota = (subscription: Json) =>
  subscription.quotas.find((quota: Json) => quota.resource_type.name === "cpu.hours").quota;
const dataQuota = (subscription: Json) =>
  subscription.quotas.find((quota: Json) => quota.resource_type.name === "data.size").quota;

describe("GET /v1/subscriptions (every user's)", () => {
  it("lists and counts only the subscriptions in effect now", async () => {
    const pro = store().planNamed("Pro");
    if (!pro) throw new Error("no Pro plan");
    // bob's ended last year and his next starts next month: neither is in effect.
    const lastYear = yearsLater(new Date(), -1);
    store().subscribe("bob", pro, { paid: true, start: lastYear, end: new Date(Date.now() - 86_400_000) });
    const nextMonth = new Date(Date.now() + 30 * 86_400_000);
    store().subscribe("bob", pro, { paid: true, start: nextMonth, end: yearsLater(nextMonth, 1) });
    const listing = (await qms("GET", "/v1/subscriptions")).body.result;
    expect(listing.subscriptions.map((subscription: Json) => subscription.user.username)).toEqual(["alice", "carol"]);
    expect(listing.total).toBe(2);
  });

  it("reads sort-field and sort-dir in any case, and names the values it takes when refusing one", async () => {
    const descending = (await qms("GET", "/v1/subscriptions?sort-field=USERNAME&sort-dir=Desc")).body.result;
    expect(descending.subscriptions.map((subscription: Json) => subscription.user.username)).toEqual([
      "carol",
      "alice",
    ]);
    expect(await qms("GET", "/v1/subscriptions?sort-dir=down")).toEqual({
      status: 400,
      body: { error: "invalid query parameter: sort-dir; valid values: asc, desc", status: "Bad Request" },
    });
  });
});

describe("GET /v1/users/{user}/subscriptions", () => {
  it("lists a user's subscriptions by start date, then end date, the earliest first", async () => {
    await qms("PUT", `/v1/users/bob/Regular?paid=true&start-date=${day(10)}&end-date=${day(40)}`);
    await qms("PUT", `/v1/users/bob/Pro?paid=true&start-date=${day(60)}&end-date=${day(90)}`);
    const listing = (await qms("GET", "/v1/users/bob/subscriptions")).body.result;
    expect(listing.subscriptions.map((subscription: Json) => subscription.plan.name)).toEqual(["Regular", "Pro"]);
  });
});

describe("subscriptions for several periods", () => {
  it("grants the consumable quotas once a period and the others once (QuotasFromPlan)", async () => {
    const changed = (await qms("PUT", "/v1/users/bob/Regular?paid=true&periods=3")).body.result;
    expect(cpuQuota(changed)).toBe(3000);
    expect(dataQuota(changed)).toBe(50 * 1024 ** 3);
    const [bulk] = (
      await qms("POST", "/v1/subscriptions", {
        subscriptions: [{ username: "carol", plan_name: "Pro", paid: true, periods: 2 }],
      })
    ).body.result;
    expect(cpuQuota(bulk)).toBe(40000);
    expect(dataQuota(bulk)).toBe(3072 * 1024 ** 3);
  });
});

describe("POST /v1/subscriptions dates", () => {
  it("takes a date, a date and time, and RFC 3339 with a zone", async () => {
    const result = (
      await qms("POST", "/v1/subscriptions", {
        subscriptions: [
          { username: "bob", plan_name: "Regular", paid: true, start_date: day(1), end_date: `${day(30)}T12:00:00` },
          { username: "carol", plan_name: "Pro", paid: true, start_date: "", end_date: `${day(30)}T12:00:00-07:00` },
        ],
      })
    ).body.result;
    expect(result.map((entry: Json) => entry.effective_end_date)).toEqual([
      `${day(30)}T12:00:00.000Z`,
      `${day(30)}T19:00:00.000Z`,
    ]);
    expect(result[0].effective_start_date).toBe(`${day(1)}T00:00:00.000Z`);
  });

  it("refuses the whole request for one date it cannot read, subscribing nobody", async () => {
    const before = store().subscriptions.length;
    for (const [date, message] of [
      [`${day(30)}T12:00:00.000Z`, `unrecognized timestamp layout: ${day(30)}T12:00:00.000Z`],
      ["2030/01/01", "unrecognized timestamp layout: 2030/01/01"],
      ["2030-02-30", 'parsing time "2030-02-30": day out of range'],
      [20300101, "invalid syntax"],
    ] as const) {
      const refused = await qms("POST", "/v1/subscriptions", {
        subscriptions: [
          { username: "bob", plan_name: "Regular", paid: true },
          { username: "carol", plan_name: "Pro", paid: true, end_date: date },
        ],
      });
      expect(refused, String(date)).toEqual({
        status: 400,
        body: {
          error: `invalid request body: code=400, message=${message}, internal=${message}`,
          status: "Bad Request",
        },
      });
    }
    expect(store().subscriptions).toHaveLength(before);
  });
});
