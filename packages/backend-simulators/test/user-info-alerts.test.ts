import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPreferencesSimulator } from "../src/preferences/index.js";

const sim = createPreferencesSimulator({ port: 0, logLevel: "silent" });
beforeAll(() => sim.start());
afterAll(() => sim.stop());
beforeEach(() => sim.reset());

const HOUR = 3_600_000;
const at = (time: number) => new Date(time).toISOString().replace(".000Z", "Z");
const send = (method: "GET" | "POST" | "DELETE", path: string, body?: unknown) =>
  fetch(`${sim.url}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });

describe("the user-info simulator's alerts", () => {
  it("adds alerts (201, no body) and lists them as user-info does: application/json, by end date, active ones apart", async () => {
    const now = Math.floor(Date.now() / 1000) * 1000;
    const later = { start_date: at(now + HOUR), end_date: at(now + 3 * HOUR), alert: "later" };
    const current = { start_date: at(now - HOUR), end_date: at(now + 2 * HOUR), alert: "now" };
    const open = { end_date: at(now + HOUR), alert: "no start" };
    for (const alert of [later, current, open]) expect((await send("POST", "/alerts", alert)).status).toBe(201);
    const all = await send("GET", "/alerts/all");
    expect(all.headers.get("content-type")).toMatch(/^application\/json/);
    expect(JSON.parse(await all.text())).toEqual({ alerts: [{ ...open, start_date: null }, current, later] });
    const active = JSON.parse(await (await send("GET", "/alerts/active")).text());
    expect(active.alerts.map((alert: { alert: string }) => alert.alert)).toEqual(["no start", "now"]);
  });

  it("removes the alerts with exactly that end date and text (200 also when none matched), the same instant in any offset", async () => {
    const end = Date.UTC(2030, 0, 1, 12);
    await send("POST", "/alerts", { end_date: at(end), alert: "a" });
    await send("POST", "/alerts", { end_date: at(end), alert: "b" });
    expect((await send("DELETE", "/alerts", { end_date: "2030-01-01T13:00:00+01:00", alert: "a" })).status).toBe(200);
    expect((await send("DELETE", "/alerts", { end_date: at(end), alert: "c" })).status).toBe(200);
    expect(sim.state.alerts.map((alert) => alert.alert)).toEqual(["b"]);
  });

  it("answers what it cannot read with 500 and a line of text, and drops the connection without an end date, storing nothing", async () => {
    for (const end_date of ["tomorrow", "2030-02-30T12:00:00Z", "2030-01-01T24:00:00Z"]) {
      const response = await send("POST", "/alerts", { end_date, alert: "x" });
      expect(response.status).toBe(500);
      expect(await response.text()).toMatch(/^error .*\n$/);
    }
    await expect(send("POST", "/alerts", { alert: "no end" })).rejects.toThrow();
    expect(sim.state.alerts).toEqual([]);
  });
});
