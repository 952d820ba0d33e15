import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildFixture, FixtureConfig } from "./gateway-fixture.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(FixtureConfig, buildFixture, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const notification = { type: "data", user: "alice", subject: "upload done" };
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";
const lastNotification = () => service.platform.notifications.recorder.to("POST", "/notification").at(-1);

/** Sends a request through one of the fixture's routes: `/send` forwards, `/notify-json` calls. */
async function send(url: "/send" | "/notify-json", headers: Record<string, string> = {}) {
  return service.send("alice", "POST", url, notification, headers);
}

describe.each(["/send", "/notify-json"] as const)("trace headers through %s", (url) => {
  it("carries the caller's trace id and tracestate to the backend, with the service's span as parent", async () => {
    const response = await send(url, {
      traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01`,
      tracestate: "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE",
    });
    expect(response.statusCode).toBe(200);
    const received = lastNotification()?.headers;
    expect(received?.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    expect(received?.traceparent).not.toContain(CALLER_SPAN);
    expect(received?.tracestate).toBe("rojo=00f067aa0ba902b7,congo=t61rcWkgMzE");
  });

  it("starts a trace when the caller sent none, and a new one per request", async () => {
    await send(url);
    const first = lastNotification()?.headers;
    await send(url);
    const second = lastNotification()?.headers;
    expect(first?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(first?.tracestate).toBeUndefined();
    expect(second?.traceparent?.slice(3, 35)).not.toBe(first?.traceparent?.slice(3, 35));
  });
});

const scrape = async () => (await service.send(undefined, "GET", "/metrics")).body;
const count = (text: string, labels: string) =>
  Number(
    text
      .split("\n")
      .find((line) => line.startsWith(`gateway_backend_request_duration_seconds_count{${labels}}`))
      ?.split(" ")[1] ?? 0,
  );

describe("backend metrics", () => {
  it.each([
    ["forward()", "/send"],
    ["call()", "/notify-json"],
  ] as const)("time every %s by backend, method and status class", async (_kind, url) => {
    const labels = (statusClass: string) => `backend="notification",method="POST",status_class="${statusClass}"`;
    const before = await scrape();
    await send(url);
    service.platform.notifications.faults.set({ mode: "json-500" });
    await send(url);
    service.platform.notifications.faults.set({ mode: "hang" });
    expect((await send(url)).statusCode).toBe(504);
    service.platform.notifications.faults.clear();
    await service.platform.notifications.stop();
    try {
      expect((await send(url)).statusCode).toBe(502);
    } finally {
      await service.platform.notifications.start();
    }
    const after = await scrape();
    for (const statusClass of ["2xx", "5xx", "timeout", "error"]) {
      expect(count(after, labels(statusClass)) - count(before, labels(statusClass)), statusClass).toBe(1);
    }
  });
});
