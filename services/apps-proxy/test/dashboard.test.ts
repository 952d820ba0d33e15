import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ALICES_ALIGNER,
  ALICES_ANALYSIS,
  ALICES_FAILED_ANALYSIS,
  ALICES_VICE_ANALYSIS,
  FASTQC,
  JUPYTER_INSTANT_LAUNCH,
  JUPYTER_LAB,
  JUPYTER_QUICK_LAUNCH,
  PUBLIC_QUICK_LAUNCH,
  WORD_COUNT,
} from "./seed.js";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

const aggregated = () => service.platform.dashboardAggregator.recorder.requests;
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

describe("GET /dashboard", () => {
  it("gives alice her sections, asking the aggregator for her by full username with the client's limit", async () => {
    await send("alice", "PUT", `/apps/${WORD_COUNT}/favorite`);
    // sonora's getDashboard({ limit })
    const response = await send("alice", "GET", "/dashboard?limit=5&user=bob&start-date-interval=1%20day");
    expect(response.statusCode).toBe(200);
    expect(aggregated().map((request) => decodeURIComponent(request.path))).toEqual([
      "/users/alice@iplantcollaborative.org",
    ]);
    expect(aggregated()[0]?.query).toEqual({ limit: "5" });
    const dashboard = response.json();
    expect(ids(dashboard.apps.recentlyAdded)).toEqual([ALICES_ALIGNER]);
    expect(dashboard.apps.recentlyAdded[0]).toMatchObject({ username: "alice@iplantcollaborative.org" });
    // Her JupyterLab session (running), her failed FastQC run and her word count, the latest first.
    expect(ids(dashboard.apps.recentlyUsed)).toEqual([JUPYTER_LAB, FASTQC, WORD_COUNT]);
    expect(ids(dashboard.apps.popularFeatured)).toEqual([WORD_COUNT]);
    expect(dashboard.apps.popularFeatured[0]).toMatchObject({ job_count: "1", is_favorite: true, is_public: true });
    expect(ids(dashboard.apps.public)).toContain(WORD_COUNT);
    expect(ids(dashboard.apps.public)).not.toContain(ALICES_ALIGNER);
    expect(ids(dashboard.analyses.recent)).toEqual([ALICES_VICE_ANALYSIS, ALICES_FAILED_ANALYSIS, ALICES_ANALYSIS]);
    expect(ids(dashboard.analyses.running)).toEqual([ALICES_VICE_ANALYSIS]);
    expect(dashboard.instantLaunches).toEqual(expect.any(Array));
    expect(dashboard.feeds.news.length).toBeGreaterThan(0);
    expect(Object.keys(dashboard.feeds).sort()).toEqual(["events", "news", "videos"]);
  });

  it("shows only the caller's own analyses, running ones among them", async () => {
    const analysis = service.platform.apps.state.analyses.analyses.get(ALICES_ANALYSIS);
    if (analysis) analysis.status = "Running";
    // The newest first, as the analyses listing answers without a sort field.
    expect(ids((await send("alice", "GET", "/dashboard")).json().analyses.running)).toEqual([
      ALICES_VICE_ANALYSIS,
      ALICES_ANALYSIS,
    ]);
    const bobs = (await send("bob", "GET", "/dashboard")).json();
    expect(bobs.analyses).toEqual({ recent: [], running: [] });
    expect(bobs.apps.recentlyAdded).toEqual([]);
    expect(aggregated().map((request) => request.query)).toEqual([{ limit: "8" }, { limit: "8" }]);
  });

  it("includes the instant launches placed on the dashboard, from app-exposer", async () => {
    const appExposer = service.platform.appExposer.url;
    const added = await fetch(`${appExposer}/instantlaunches/admin`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ quick_launch_id: PUBLIC_QUICK_LAUNCH, added_by: "carol" }),
    });
    const instantLaunch = (await added.json()) as { id: string };
    await fetch(`${appExposer}/instantlaunches/admin/${instantLaunch.id}/metadata?user=carol`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ avus: [{ attr: "ui_location", value: "dashboard", unit: "" }] }),
    });
    const dashboard = (await send("alice", "GET", "/dashboard")).json();
    // The seed's JupyterLab instant launch is on the dashboard already.
    expect(dashboard.instantLaunches).toMatchObject([
      { id: JUPYTER_INSTANT_LAUNCH, quick_launch_id: JUPYTER_QUICK_LAUNCH, quick_launch_name: "JupyterLab" },
      { id: instantLaunch.id, quick_launch_id: PUBLIC_QUICK_LAUNCH, quick_launch_name: "Count lines" },
    ]);
    expect((await send(undefined, "GET", "/dashboard")).json().instantLaunches).toBeUndefined();
  });

  it("gives an anonymous visitor the public sections only, without asking for any user", async () => {
    const response = await send(undefined, "GET", "/dashboard?limit=3");
    expect(response.statusCode).toBe(200);
    const dashboard = response.json();
    expect(Object.keys(dashboard).sort()).toEqual(["apps", "feeds"]);
    expect(Object.keys(dashboard.apps)).toEqual(["popularFeatured"]);
    expect(dashboard.apps.popularFeatured[0]).toMatchObject({ id: WORD_COUNT, is_favorite: false });
    expect(aggregated()).toMatchObject([{ method: "GET", path: "/", query: { limit: "3" } }]);
    expect(service.platform.dashboardAggregator.recorder.to("GET", /^\/users\//)).toEqual([]);
  });

  it("refuses a limit that is no count, and a bad token, without calling the aggregator", async () => {
    // 0 too: the aggregator would answer every app in each section.
    for (const limit of ["many", "-1", "2.5", "0"]) {
      const refused = await send("alice", "GET", `/dashboard?limit=${limit}`);
      expect(refused.statusCode, limit).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
    const forged = await send(undefined, "GET", "/dashboard", undefined, { authorization: "Bearer not.a.token" });
    expect(forged.statusCode).toBe(401);
    expect(aggregated()).toEqual([]);
  });

  it("answers 502 when the aggregator is down or fails, 504 when it does not answer", async () => {
    await service.platform.dashboardAggregator.stop();
    try {
      const down = await send("alice", "GET", "/dashboard");
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service.platform.dashboardAggregator.start();
    }
    // The aggregator fails when a backend it reads from fails.
    await service.platform.apps.stop();
    try {
      const failed = await send("alice", "GET", "/dashboard");
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", backend_status: 500 });
    } finally {
      await service.platform.apps.start();
    }
    service.platform.dashboardAggregator.faults.set({ mode: "hang" });
    const hung = await send(undefined, "GET", "/dashboard");
    expect(hung.statusCode).toBe(504);
    expect(hung.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });
});
