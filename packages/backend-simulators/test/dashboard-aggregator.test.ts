import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COMPLETED_ANALYSIS, FAILED_ANALYSIS, RUNNING_VICE_ANALYSIS } from "../src/demo-world.js";
import { SimulatedPlatform } from "../src/index.js";

let platform: SimulatedPlatform;
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());
beforeEach(() => platform.reset());

const WORD_COUNT = "c7f05682-23c8-4182-b9a2-e09650a5f49b";
const ALICES_ANALYSIS = COMPLETED_ANALYSIS.id;

async function get(path: string) {
  const response = await fetch(`${platform.dashboardAggregator.url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const ids = (items: unknown) => (items as Array<{ id: string }>).map((item) => item.id);

describe("the dashboard-aggregator simulator", () => {
  it("gives a visitor the popular featured apps and the feeds only", async () => {
    const { status, body } = await get("/");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["apps", "feeds"]);
    expect(ids((body.apps as { popularFeatured: unknown }).popularFeatured)).toEqual([WORD_COUNT]);
  });

  it("lists the user's apps never published first among those recently added, as Postgres sorts NULL dates", async () => {
    // Word Count made alice's for the test: a published app of hers beside her unpublished aligner.
    const wordCount = platform.apps.state.catalog.apps.get(WORD_COUNT);
    if (wordCount) wordCount.integrator_username = "alice";
    const { body } = await get("/users/alice@iplantcollaborative.org/apps/recently-added?limit=8");
    const added = body.apps as Array<{ id: string; integration_date: string | null }>;
    expect(added.map((app) => app.integration_date === null)).toEqual([true, false]);
    expect(added[1]?.id).toBe(WORD_COUNT);
  });

  it("counts only analyses within the interval, and leaves out featured apps run only before it", async () => {
    const analysis = platform.apps.state.analyses.analyses.get(ALICES_ANALYSIS);
    if (analysis) analysis.startdate = Date.now() - 3 * 86_400_000;
    const recent = await get("/users/alice@iplantcollaborative.org/apps/popular-featured?start-date-interval=1%20week");
    expect(recent.body.apps).toMatchObject([{ id: WORD_COUNT, job_count: "1" }]);
    // Only the JupyterLab session she started half an hour ago (the seed's running analysis).
    const used = await get("/users/alice/apps/recently-used?start-date-interval=1%20day");
    expect(ids(used.body.apps)).toEqual([RUNNING_VICE_ANALYSIS.appId]);
    const older = await get("/users/alice/apps/popular-featured?start-date-interval=2%20days");
    expect(older.body.apps).toEqual([]);
  });

  it("lists the user's analyses from the apps backend, and fails when it cannot", async () => {
    expect(ids((await get("/users/alice/analyses/recent")).body.analyses)).toEqual([
      RUNNING_VICE_ANALYSIS.id,
      FAILED_ANALYSIS.id,
      ALICES_ANALYSIS,
    ]);
    await platform.apps.stop();
    try {
      const failed = await get("/users/alice@iplantcollaborative.org");
      expect(failed.status).toBe(500);
    } finally {
      await platform.apps.start();
    }
  });

  it("refuses a limit that is no integer, and answers errors as go-mod's httperror writes them", async () => {
    expect(await get("/?limit=ten")).toEqual({
      status: 400,
      body: { message: "could not parse limit as an integer", error_code: 400 },
    });
    expect(await get("/no/such/path")).toEqual({ status: 404, body: { message: "Not Found", error_code: 404 } });
    expect(await get("/users/alice/apps/recently-used?start-date-interval=lately")).toEqual({
      status: 500,
      body: { message: 'pq: invalid input syntax for type interval: "lately"' },
    });
    expect(ids((await get("/apps/public?limit=1")).body.apps)).toHaveLength(1);
  });

  it("reads a limit of 0 as none, as goqu's Limit(0) sets none, and fails a negative one in the database", async () => {
    const everything = ids((await get("/apps/public?limit=1000")).body.apps);
    expect(everything.length).toBeGreaterThan(1);
    expect(ids((await get("/apps/public?limit=0")).body.apps)).toEqual(everything);
    expect(await get("/users/alice/apps/recently-added?limit=-1")).toEqual({
      status: 500,
      body: { message: "pq: bigint out of range" },
    });
  });
});
