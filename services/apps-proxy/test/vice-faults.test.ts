import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sender, startAppsProxy } from "./support.js";
import { launchInteractiveApp } from "./vice-launch.js";
import { requestFor, userFor, viceRows } from "./vice-rows.js";

const TIMEOUT_MS = 500;
let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy({ BACKEND_TIMEOUT_MS: String(TIMEOUT_MS) });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

const backends = () => [service.platform.appExposer, service.platform.permissions, service.platform.requests];

/** Runs `check` with the simulators stopped, and starts them again whatever happens. */
async function withStopped(
  stopped: Array<{ stop(): Promise<void>; start(): Promise<unknown> }>,
  check: () => Promise<void>,
) {
  await Promise.all(stopped.map((simulator) => simulator.stop()));
  try {
    await check();
  } finally {
    await Promise.all(stopped.map((simulator) => simulator.start()));
  }
}

describe("backends down", () => {
  it("answers every row with 502 and an error code, at once, while app-exposer, permissions and requests are down", async () => {
    const rows = viceRows();
    expect(rows).toHaveLength(59);
    await withStopped(backends(), async () => {
      for (const row of rows) {
        const { url, body } = requestFor(row);
        const started = Date.now();
        const answer = await send(userFor(row), row.method as "GET", url, body);
        expect([row.method, row.path, answer.statusCode]).toEqual([row.method, row.path, 502]);
        expect(answer.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", reason: expect.any(String) });
        expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
      }
    });
  });

  it("answers 502 for the checked VICE rows when only the permissions service is down", async () => {
    const { id } = await launchInteractiveApp(service, "alice");
    await withStopped([service.platform.permissions], async () => {
      for (const [method, url] of [
        ["GET", `/vice/analyses/${id}/external-id`],
        ["POST", `/vice/analyses/${id}/exit`],
      ] as const) {
        const answer = await send("alice", method, url);
        expect(answer.statusCode).toBe(502);
        expect(answer.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
      }
    });
    // Nothing was ended while the check could not be made.
    expect(service.platform.appExposer.state.vice.analyses.has(id)).toBe(true);
  });

  it("answers 502 when app-exposer is down after the permission check passed", async () => {
    const { id } = await launchInteractiveApp(service, "alice");
    await withStopped([service.platform.appExposer], async () => {
      const answer = await send("alice", "POST", `/vice/analyses/${id}/exit`);
      expect(answer.statusCode).toBe(502);
    });
  });

  it("answers 504 within the timeout when app-exposer hangs, and 502 when it fails", async () => {
    service.platform.appExposer.faults.set({ mode: "hang" });
    const started = Date.now();
    const hung = await send("alice", "GET", "/instantlaunches");
    expect(hung.statusCode).toBe(504);
    expect(hung.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
    service.platform.appExposer.faults.set({ mode: "json-500" });
    const failed = await send("alice", "GET", "/instantlaunches/full");
    expect(failed.statusCode).toBe(502);
    service.platform.appExposer.faults.set({ mode: "html-200" });
    expect((await send("carol", "GET", "/admin/vice/resources")).statusCode).toBe(502);
  });

  it("leaves the request unapproved when the analyses service cannot set the job limit", async () => {
    // alice: bob's one request is in the seed already.
    const id = (await send("alice", "POST", "/requests/vice", { intended_use: "x", concurrent_jobs: 2 })).json().id;
    await withStopped([service.platform.analyses], async () => {
      expect((await send("carol", "POST", `/admin/requests/${id}/approved`, {})).statusCode).toBe(502);
    });
    const updates = (await send("alice", "GET", `/requests/vice/${id}`)).json().updates;
    expect(updates.map((update: { status: string }) => update.status)).toEqual(["Submitted"]);
  });
});
