import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sender, startAppsProxy } from "./support.js";

const STATUS_TIMEOUT_MS = 400;

let service: ServiceUnderTest;
beforeAll(async () => {
  // A deployment without CoGe: an empty variable counts as unset.
  service = await startAppsProxy({ STATUS_TIMEOUT_MS: String(STATUS_TIMEOUT_MS), COGE_URL: "" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

interface Status {
  status: "ok" | "degraded";
  backends: Record<string, { url: string; up: boolean; status?: number; error?: string; ms: number }>;
}
const status = async () => {
  const response = await send("carol", "GET", "/admin/status");
  expect(response.statusCode).toBe(200);
  return response.json() as Status;
};

describe("GET /admin/status", () => {
  it("probes every configured backend, and only those", async () => {
    const answer = await status();
    expect(answer.status).toBe("ok");
    expect(Object.keys(answer.backends)).toEqual([
      "apps",
      "metadata",
      "fileInfo",
      "groups",
      "notifications",
      "preferences",
      "search",
      "permissions",
      "datacite",
      "analyses",
      "appExposer",
      "requests",
      "dashboardAggregator",
    ]);
    expect(answer.backends.apps).toEqual({
      url: service.platform.apps.url,
      up: true,
      status: expect.any(Number),
      ms: expect.any(Number),
    });
    expect(answer.backends.datacite).toMatchObject({ url: service.platform.datacite.url, up: true, status: 200 });
    expect(service.platform.datacite.recorder.to("GET", "/heartbeat")).toHaveLength(1);
    const [probe] = service.platform.apps.recorder.to("GET", "/");
    expect(probe?.headers["x-request-id"]).toEqual(expect.any(String));
  });

  it("names a stopped backend down and still answers 200", async () => {
    await service.platform.groups.stop();
    try {
      const answer = await status();
      expect(answer.status).toBe("degraded");
      expect(answer.backends.groups).toEqual({
        url: service.platform.groups.url,
        up: false,
        error: "unreachable",
        ms: expect.any(Number),
      });
      expect(answer.backends.apps?.up).toBe(true);
    } finally {
      await service.platform.groups.start();
    }
  });

  it("gives up on hanging backends within the timeout, checking them in parallel", async () => {
    service.platform.metadata.faults.set({ mode: "hang" });
    service.platform.notifications.faults.set({ mode: "hang" });
    const started = Date.now();
    const answer = await status();
    expect(Date.now() - started).toBeLessThan(2 * STATUS_TIMEOUT_MS);
    for (const name of ["metadata", "notifications"]) {
      expect(answer.backends[name]).toMatchObject({ up: false, error: "timeout" });
      expect(answer.backends[name]?.ms).toBeGreaterThanOrEqual(STATUS_TIMEOUT_MS - 10);
    }
    expect(answer.status).toBe("degraded");
  });

  it("counts a backend answering 5xx as down, with its status", async () => {
    service.platform.datacite.faults.set({ mode: "html-500" });
    expect((await status()).backends.datacite).toMatchObject({ up: false, status: 500, error: "server error" });
  });

  it("is for administrators only", async () => {
    expect((await send("alice", "GET", "/admin/status")).json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
    expect((await send(undefined, "GET", "/admin/status")).statusCode).toBe(401);
  });
});
