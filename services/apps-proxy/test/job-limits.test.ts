import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

const LIMITS = "/admin/settings/concurrent-job-limits";
const DEFAULT_LIMIT = { concurrent_jobs: 8, is_default: true };
const recorded = (method: string, path: string) => service.platform.analyses.recorder.to(method, path);

describe("concurrent job limits (administrators)", () => {
  it("reads a user's limit, the default while they have none of their own", async () => {
    // sonora's getUserJobLimit
    const limit = await send("carol", "GET", `${LIMITS}/bob`);
    expect(limit.statusCode).toBe(200);
    expect(limit.json()).toEqual(DEFAULT_LIMIT);
    expect(recorded("GET", "/settings/concurrent-job-limits/bob")[0]?.query).toEqual({
      user: "carol@iplantcollaborative.org",
    });
  });

  it("sets a limit with only concurrent_jobs, as the reference rebuilds the body, then lists and removes it", async () => {
    // sonora's setUserJobLimit
    const set = await send("carol", "PUT", `${LIMITS}/bob`, { concurrent_jobs: 4, username: "mallory", extra: 1 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ username: "bob", concurrent_jobs: 4, is_default: false });
    expect(recorded("PUT", "/settings/concurrent-job-limits/bob")[0]?.body).toEqual({ concurrent_jobs: 4 });
    expect((await send("carol", "GET", `${LIMITS}/bob`)).json()).toEqual({
      username: "bob",
      concurrent_jobs: 4,
      is_default: false,
    });
    expect((await send("carol", "GET", LIMITS)).json()).toEqual({
      limits: [{ username: "bob", concurrent_jobs: 4, is_default: false }, DEFAULT_LIMIT],
    });
    const removed = await send("carol", "DELETE", `${LIMITS}/bob`);
    expect(removed.json()).toEqual(DEFAULT_LIMIT);
    expect((await send("carol", "GET", `${LIMITS}/bob`)).json()).toEqual(DEFAULT_LIMIT);
  });

  it("is for administrators only", async () => {
    for (const [method, url] of [
      ["GET", LIMITS],
      ["GET", `${LIMITS}/bob`],
      ["PUT", `${LIMITS}/alice`],
      ["DELETE", `${LIMITS}/bob`],
    ] as const) {
      const refused = await send("alice", method, url, method === "PUT" ? { concurrent_jobs: 99 } : undefined);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
      expect((await send(undefined, method, url)).statusCode).toBe(401);
    }
    expect(service.platform.analyses.recorder.requests).toEqual([]);
  });

  it("refuses a limit that is not a whole number of jobs, and malformed JSON", async () => {
    for (const body of [{ concurrent_jobs: "4" }, { concurrent_jobs: -1 }, { concurrent_jobs: 2.5 }, {}, [4]]) {
      const refused = await send("carol", "PUT", `${LIMITS}/bob`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
    const malformed = await send("carol", "PUT", `${LIMITS}/bob`, "{", { "content-type": "application/json" });
    expect(malformed.statusCode).toBe(400);
    expect(service.platform.analyses.recorder.requests).toEqual([]);
  });

  it("answers 502 when the analyses service is down or fails", async () => {
    await service.platform.analyses.stop();
    try {
      for (const method of ["GET", "PUT"] as const) {
        const down = await send(
          "carol",
          method,
          `${LIMITS}/bob`,
          method === "PUT" ? { concurrent_jobs: 1 } : undefined,
        );
        expect(down.statusCode).toBe(502);
        expect(down.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
      }
    } finally {
      await service.platform.analyses.start();
    }
    service.platform.analyses.faults.set({ mode: "json-500" });
    const failed = await send("carol", "PUT", `${LIMITS}/bob`, { concurrent_jobs: 1 });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", backend_status: 500 });
  });
});
