import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SimulatedPlatform } from "../src/platform.js";
import { answersOf } from "./answers-client.js";

/**
 * Every route of the dashboard aggregator answers in its own shapes (src/dashboard-aggregator/answer-schemas.ts),
 * asked as services/apps-proxy asks it: the user by the qualified name, `limit` and `start-date-interval`.
 */
let platform: SimulatedPlatform;
const ok = answersOf(() => platform.dashboardAggregator);
const ALICE = "/users/alice@iplantcollaborative.org";

beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());

describe("the dashboard aggregator answers in its own shapes", () => {
  it("answers the signed-out and the signed-in dashboards, and the feeds", async () => {
    expect(Object.keys((await ok("GET", "/?limit=8")).feeds)).toContain("news");
    const dashboard = await ok("GET", `${ALICE}?limit=8`);
    expect(dashboard.apps.public.length).toBeGreaterThan(0);
    await ok("GET", "/feeds");
  });

  it("answers each section on its own", async () => {
    await ok("GET", "/apps/public?limit=5");
    for (const section of ["public", "recently-added", "popular-featured", "recently-used"]) {
      await ok("GET", `${ALICE}/apps/${section}?limit=5&start-date-interval=1%20year`);
    }
    expect((await ok("GET", `${ALICE}/analyses/recent?limit=5`)).analyses.length).toBeGreaterThan(0);
    await ok("GET", `${ALICE}/analyses/running?limit=5`);
  });
});
