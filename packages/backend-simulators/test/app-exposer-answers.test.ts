import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JUPYTER_INSTANT_LAUNCH } from "../src/demo-world.js";
import { SimulatedPlatform } from "../src/platform.js";
import { answersOf } from "./answers-client.js";

/**
 * Every app-exposer route answers in app-exposer's own shapes (src/app-exposer/answer-schemas.ts), asked as the
 * gateway asks (services/apps-proxy: `user` is the caller's short name), on an interactive analysis launched
 * for alice's seed analysis and an instant launch made from her seed quick launch.
 */
let platform: SimulatedPlatform;
const ok = answersOf(() => platform.appExposer);

const SEED_ANALYSIS = "d6e5f4a3-0000-4000-8000-000000000001";
const ALICE_QUICK_LAUNCH = "e7f6a5b4-0000-4000-8000-000000000002";
let subdomain: string;
let externalId: string;

beforeAll(async () => {
  platform = await SimulatedPlatform.start();
  platform.appExposer.readyDelayMs = 0;
  const launched = platform.appExposer.launch({
    analysisId: SEED_ANALYSIS,
    analysisName: "word-count-chapter-1",
    appId: "c7f05682-23c8-4182-b9a2-e09650a5f49b",
    appName: "Word Count",
    username: "alice",
    image: "harbor.cyverse.org/de/jupyter-lab:latest",
  });
  if (!launched) throw new Error("no operator took the launch");
  ({ subdomain, externalId } = launched);
});
afterAll(() => platform.stop());

describe("app-exposer answers in its own shapes", () => {
  it("lists and describes interactive analyses, for their user and for administrators", async () => {
    const listing = await ok("GET", "/vice/listing?user=alice");
    expect(listing.pods[0].containerStatuses[0]).toMatchObject({ ready: true, lastState: {} });
    await ok("GET", "/vice/admin/listing");
    await ok("GET", `/vice/admin/listing?username=alice`);
    await ok("GET", `/vice/${subdomain}/description?user=alice`);
    await ok("GET", `/vice/admin/${subdomain}/description`);
    expect(await ok("GET", `/vice/${subdomain}/url-ready?user=alice`)).toEqual({
      ready: true,
      access_url: expect.stringContaining(subdomain),
    });
    await ok("GET", `/vice/admin/${subdomain}/url-ready`);
    await ok("GET", `/vice/async-data?external-id=${externalId}`);
    await ok("GET", `/vice/admin/analyses/${SEED_ANALYSIS}/external-id`);
    expect((await ok("GET", `/vice/${SEED_ANALYSIS}/logs?since-time=0&tail-lines=10`)).lines.length).toBeGreaterThan(0);
  });

  it("reads and extends time limits, moves files and ends the analysis", async () => {
    await ok("GET", `/vice/${SEED_ANALYSIS}/time-limit?user=alice`);
    await ok("POST", `/vice/${SEED_ANALYSIS}/time-limit?user=alice`);
    await ok("GET", `/vice/admin/analyses/${SEED_ANALYSIS}/time-limit`);
    await ok("POST", `/vice/admin/analyses/${SEED_ANALYSIS}/time-limit`);
    await ok("POST", `/vice/admin/analyses/${SEED_ANALYSIS}/download-input-files`);
    await ok("POST", `/vice/admin/analyses/${SEED_ANALYSIS}/save-output-files`);
    await ok("POST", `/vice/admin/analyses/${SEED_ANALYSIS}/save-and-exit`);
    const again = platform.appExposer.launch({
      analysisId: SEED_ANALYSIS,
      analysisName: "word-count-chapter-1",
      appId: "c7f05682-23c8-4182-b9a2-e09650a5f49b",
      appName: "Word Count",
      username: "alice",
      image: "harbor.cyverse.org/de/jupyter-lab:latest",
    });
    expect(again).toBeDefined();
    await ok("POST", `/vice/admin/analyses/${SEED_ANALYSIS}/exit`);
  });

  it("lists, registers, changes and removes operators, with their capacities", async () => {
    await ok("GET", "/vice/admin/operators");
    await ok("GET", "/vice/admin/operators/capacities");
    const operator = await ok(
      "POST",
      "/vice/admin/operators",
      { name: "second-cluster", url: "http://vice-operator.second.svc", base_url: "https://second.cyverse.run" },
      201,
    );
    expect((await ok("PATCH", `/vice/admin/operators/id/${operator.id}`, { priority: 5 })).priority).toBe(5);
    await ok("DELETE", `/vice/admin/operators/id/${operator.id}`);
  });

  it("adds, reads, lists, changes and removes instant launches, with their metadata", async () => {
    const added = await ok("PUT", "/instantlaunches?user=alice", {
      quick_launch_id: ALICE_QUICK_LAUNCH,
      added_by: "alice",
    });
    await ok("PUT", "/instantlaunches/?user=alice", { quick_launch_id: ALICE_QUICK_LAUNCH, added_by: "alice" });
    const byAdmin = await ok("PUT", "/instantlaunches/admin", {
      quick_launch_id: ALICE_QUICK_LAUNCH,
      added_by: "carol",
    });
    await ok("PUT", "/instantlaunches/admin/", { quick_launch_id: ALICE_QUICK_LAUNCH, added_by: "carol" });
    expect((await ok("GET", "/instantlaunches")).length).toBeGreaterThanOrEqual(4);
    await ok("GET", "/instantlaunches/");
    expect((await ok("GET", "/instantlaunches/full")).length).toBeGreaterThanOrEqual(4);
    await ok("GET", "/instantlaunches/quicklaunches/public?user=alice");
    await ok("GET", `/instantlaunches/${added.id}`);
    await ok("GET", `/instantlaunches/${added.id}/full`);
    // The adder's own change and removal are refused as another user's (instantlaunches/mgmt.go compares the
    // stored users table id with the name): test/app-exposer-instant-launches.test.ts.
    await ok(
      "POST",
      `/instantlaunches/${added.id}?user=alice`,
      { quick_launch_id: ALICE_QUICK_LAUNCH, added_by: "alice" },
      400,
    );
    await ok("POST", `/instantlaunches/admin/${byAdmin.id}`, { quick_launch_id: ALICE_QUICK_LAUNCH });

    const avu = { attr: "ui_location", value: "listing", unit: "" };
    await ok("POST", `/instantlaunches/admin/${added.id}/metadata?user=carol`, { avus: [avu] });
    await ok("PUT", `/instantlaunches/admin/${added.id}/metadata?user=carol`, { avus: [avu] });
    expect((await ok("GET", `/instantlaunches/${added.id}/metadata?user=carol`)).avus).toHaveLength(1);
    await ok("GET", "/instantlaunches/metadata?user=carol&attribute=ui_location&value=listing");
    // The seed's JupyterLab instant launch is placed by ui_location too.
    const placed = await ok("GET", "/instantlaunches/metadata/full?user=carol&attribute=ui_location");
    expect(placed.map((instantLaunch: { id: string }) => instantLaunch.id).sort()).toEqual(
      [JUPYTER_INSTANT_LAUNCH.id, added.id].sort(),
    );

    await ok("DELETE", `/instantlaunches/${added.id}?user=alice`, undefined, 400);
    await ok("DELETE", `/instantlaunches/admin/${byAdmin.id}`);
  });

  it("keeps the default mapping in versions, each selector as app-exposer stores it", async () => {
    const mapping = { "*.fastq": { pattern: "*.fastq", kind: "glob", default: { id: "x" } }, "*.bam": null };
    const added = await ok("PUT", "/instantlaunches/mappings/defaults/latest?username=carol", mapping);
    expect(added["*.fastq"]).toEqual({
      pattern: "*.fastq",
      kind: "glob",
      default: { id: "x", quick_launch_id: "", added_by: "", added_on: "" },
      compatible: null,
    });
    await ok("POST", "/instantlaunches/mappings/defaults/latest", mapping);
    expect((await ok("GET", "/instantlaunches/mappings/defaults/latest")).mapping).toEqual(added);
    expect((await ok("GET", "/instantlaunches/mappings/defaults")).defaults).toHaveLength(2);
    await ok("DELETE", "/instantlaunches/mappings/defaults/latest");
  });
});
