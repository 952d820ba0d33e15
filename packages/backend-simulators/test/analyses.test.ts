import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SimulatedPlatform } from "../src/index.js";

let platform: SimulatedPlatform;
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());
beforeEach(() => platform.reset());

const ALICE = "alice@iplantcollaborative.org";
const WORD_COUNT = "c7f05682-23c8-4182-b9a2-e09650a5f49b";
const COUNT_LINES = "e7f6a5b4-0000-4000-8000-000000000001";

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${platform.analyses.url}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("the analyses simulator", () => {
  it("knows users by their qualified names only, and requires one", async () => {
    expect((await call("GET", `/quicklaunches?user=${ALICE}`)).status).toBe(200);
    expect(await call("GET", "/quicklaunches?user=alice")).toEqual({
      status: 500,
      body: { message: "code=500, message=user not found: alice" },
    });
    expect((await call("GET", `/quicklaunches/${COUNT_LINES}?user=alice`)).status).toBe(404);
    expect(await call("GET", "/quicklaunches")).toEqual({
      status: 400,
      body: { message: "code=400, message=user query parameter is required" },
    });
  });

  it("answers bodies it cannot bind as echo does", async () => {
    const wrongType = await call("POST", `/quicklaunches?user=${ALICE}`, { name: 3, app_id: WORD_COUNT });
    expect(wrongType).toEqual({
      status: 400,
      body: { message: "code=400, message=Unmarshal type error: expected=string, got=number, field=name" },
    });
    expect((await call("POST", `/quicklaunch/favorites?user=${ALICE}`, [COUNT_LINES])).status).toBe(400);
    expect(await call("GET", "/no-such-path")).toEqual({
      status: 404,
      body: { message: "code=404, message=Not Found" },
    });
  });

  it("keeps job limits by launcher, the first '-' of a name stored as '_', falling back to the default", async () => {
    expect((await call("PUT", "/settings/concurrent-job-limits/mad-hatter", { concurrent_jobs: 3 })).body).toEqual({
      username: "mad_hatter",
      concurrent_jobs: 3,
      is_default: false,
    });
    expect((await call("GET", "/settings/concurrent-job-limits/mad_hatter")).body).toMatchObject({
      concurrent_jobs: 3,
    });
    expect((await call("GET", "/settings/concurrent-job-limits/alice")).body).toEqual({
      concurrent_jobs: 8,
      is_default: true,
    });
    const fraction = await call("PUT", "/settings/concurrent-job-limits/alice", { concurrent_jobs: 1.5 });
    expect(fraction.status).toBe(400);
    platform.reset();
    expect((await call("GET", "/settings/concurrent-job-limits")).body).toEqual({
      limits: [{ concurrent_jobs: 8, is_default: true }],
    });
  });

  it("reads apps from the apps simulator's state: the app-info of an app the caller can no longer read fails", async () => {
    const app = platform.apps.state.catalog.apps.get(WORD_COUNT);
    if (app) app.is_public = false;
    const info = await call("GET", `/quicklaunches/${COUNT_LINES}/app-info?user=${ALICE}`);
    expect(info.status).toBe(500);
    expect(info.body).toMatchObject({ message: expect.stringContaining("failed to get app version") });
  });
});
