import { describe, expect, it } from "vitest";
import { useService } from "./support.js";

const service = useService();

const HOUR = 3_600_000;
/** An RFC 3339 time, as the web client's admin page formats them (`yyyy-MM-dd'T'HH:mm:ssXXX`). */
const at = (time: number) => new Date(Math.floor(time / 1000) * 1000).toISOString().replace(".000Z", "Z");

async function call(method: "GET" | "POST" | "DELETE", url: string, username?: string, payload?: unknown) {
  return service().app.inject({
    method,
    url,
    headers: username ? await service().as(username) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe("alerts (the web client's banner and its admin page)", () => {
  it("lets an anonymous visitor read the active alerts and all of them", async () => {
    const now = Math.floor(Date.now() / 1000) * 1000;
    const alerts = service().platform.preferences.state.alerts;
    alerts.push({ start: now - HOUR, end: now + HOUR, alert: "Maintenance tonight" });
    alerts.push({ start: now + HOUR, end: now + 2 * HOUR, alert: "Later" });
    alerts.push({ start: null, end: now - 1000, alert: "Over" });
    const active = await call("GET", "/alerts/active");
    expect(active.statusCode).toBe(200);
    expect(active.headers["content-type"]).toMatch(/application\/json/);
    expect(active.json()).toEqual({
      alerts: [{ start_date: at(now - HOUR), end_date: at(now + HOUR), alert: "Maintenance tonight" }],
    });
    const all = await call("GET", "/alerts/all");
    expect(all.json().alerts.map((alert: { alert: string }) => alert.alert)).toEqual([
      "Over",
      "Maintenance tonight",
      "Later",
    ]);
    expect(all.json().alerts[0].start_date).toBeNull();
  });

  it("answers a signed-in user too, and refuses a bad token with 401", async () => {
    expect((await call("GET", "/alerts/active", "alice")).statusCode).toBe(200);
    const forged = await service().app.inject({
      method: "GET",
      url: "/alerts/active",
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("lets carol (an administrator) add an alert with the reference's body names, and remove it again", async () => {
    const start = at(Date.now() - HOUR);
    const end = at(Date.now() + HOUR);
    const spec = { "alert-text": "Upgrade on **Friday**", "end-date": end, "start-date": start };
    const added = await call("POST", "/admin/alerts", "carol", spec);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({});
    const [sent] = service().platform.preferences.recorder.to("POST", "/alerts");
    expect(sent?.body).toEqual({ start_date: start, end_date: end, alert: "Upgrade on **Friday**" });
    expect((await call("GET", "/alerts/active")).json().alerts).toEqual([
      { start_date: start, end_date: end, alert: "Upgrade on **Friday**" },
    ]);
    // The admin page removes an alert by what the listing showed: its end date and text.
    const removed = await call("DELETE", "/admin/alerts", "carol", {
      "end-date": end,
      "alert-text": spec["alert-text"],
    });
    expect(removed.statusCode).toBe(200);
    expect(service().platform.preferences.recorder.to("DELETE", "/alerts")[0]?.body).toEqual({
      end_date: end,
      alert: "Upgrade on **Friday**",
    });
    expect((await call("GET", "/alerts/all")).json()).toEqual({ alerts: [] });
  });

  it("adds an alert without a start date, which shows at once", async () => {
    const end = at(Date.now() + HOUR);
    await call("POST", "/admin/alerts", "carol", { "alert-text": "Now", "end-date": end });
    expect(service().platform.preferences.recorder.to("POST", "/alerts")[0]?.body).toEqual({
      end_date: end,
      alert: "Now",
    });
    expect((await call("GET", "/alerts/active")).json().alerts).toEqual([
      { start_date: null, end_date: end, alert: "Now" },
    ]);
  });

  it("refuses alice (not an administrator) with 403 and anonymous visitors with 401", async () => {
    const spec = { "alert-text": "x", "end-date": at(Date.now() + HOUR) };
    expect((await call("POST", "/admin/alerts", "alice", spec)).statusCode).toBe(403);
    expect((await call("DELETE", "/admin/alerts", "alice", spec)).statusCode).toBe(403);
    expect((await call("POST", "/admin/alerts", undefined, spec)).statusCode).toBe(401);
    expect(service().platform.preferences.state.alerts).toEqual([]);
  });

  it.each([
    ["no end date", { "alert-text": "x" }],
    ["no text", { "end-date": "2030-01-01T00:00:00Z" }],
    ["an end date that is no time", { "alert-text": "x", "end-date": "next Friday" }],
    ["an impossible date", { "alert-text": "x", "end-date": "2030-02-31T25:00:00Z" }],
    // Date.parse takes it (as 2 March); Go's time.Parse, which user-info reads it with, refuses it.
    ["a day February does not have", { "alert-text": "x", "end-date": "2030-02-30T12:00:00Z" }],
    [
      "a start date without an offset",
      { "alert-text": "x", "end-date": "2030-01-01T00:00:00Z", "start-date": "2029-12-31T00:00:00" },
    ],
    ["the backend's names instead of the reference's", { alert: "x", end_date: "2030-01-01T00:00:00Z" }],
  ])("refuses a body with %s with 400, adding nothing", async (_case, body) => {
    const response = await call("POST", "/admin/alerts", "carol", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: expect.any(String), reason: expect.any(String) });
    expect(service().platform.preferences.recorder.to("POST", "/alerts")).toEqual([]);
  });

  it("answers 502 when user-info fails or is down", async () => {
    service().platform.preferences.faults.set({ mode: "html-500", path: "^/alerts" });
    expect((await call("GET", "/alerts/active")).statusCode).toBe(502);
    service().platform.preferences.faults.set();
    await service().platform.preferences.stop();
    try {
      const response = await call("POST", "/admin/alerts", "carol", { "alert-text": "x", "end-date": at(Date.now()) });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service().platform.preferences.start();
    }
  });
});
