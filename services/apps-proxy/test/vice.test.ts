import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALICES_VICE_ANALYSIS } from "./seed.js";
import { sender, startAppsProxy } from "./support.js";
import { analysisOf, eventually, type LaunchedAnalysis, launchInteractiveApp, shareAnalysis } from "./vice-launch.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

interface Listing {
  deployments: Array<{ analysisID: string; username: string; externalID: string; image: string }>;
  pods: Array<{ analysisID: string; phase: string }>;
  services: Array<{ analysisID: string; ports: unknown[] }>;
  routes: Array<{ analysisID: string; hostnames: string[] }>;
}
const ids = (items: Array<{ analysisID: string }>) => items.map((item) => item.analysisID);
const resources = async (username: string, url = "/vice/resources") =>
  (await send(username, "GET", url)).json() as Listing;
const subdomainOf = (listing: Listing, id: string) =>
  listing.routes.find((route) => route.analysisID === id)?.hostnames[0]?.split(".")[0] as string;

describe("the VICE journey", () => {
  let alices: LaunchedAnalysis;
  let bobs: LaunchedAnalysis;
  beforeEach(async () => {
    service.platform.appExposer.readyDelayMs = 300;
    alices = await launchInteractiveApp(service, "alice");
    bobs = await launchInteractiveApp(service, "bob");
  });

  it("launches alice's interactive app, lists only her resources, and readies its URL a moment later", async () => {
    // Newest first: the new one, then her JupyterLab session of the seed.
    const listing = await resources("alice");
    expect(ids(listing.deployments)).toEqual([alices.id, ALICES_VICE_ANALYSIS]);
    expect(ids(listing.pods)).toEqual([alices.id, ALICES_VICE_ANALYSIS]);
    expect(ids(listing.services)).toEqual([alices.id, ALICES_VICE_ANALYSIS]);
    expect(listing.deployments[0]).toMatchObject({ username: "alice", image: "discoenv/jupyter-lab:4.2" });
    expect(app.requestsTo("GET", "/vice/listing").at(-1)?.query).toMatchObject({ user: "alice" });
    expect(ids((await resources("bob")).deployments)).toEqual([bobs.id]);
    const launched = await analysisOf(service, "alice", alices.id);
    expect(launched?.status).toBe("Running");
    // The apps backend lists where it answers (the web client's "Go to analysis"): where app-exposer routes it.
    const route = listing.routes.find((candidate) => candidate.analysisID === alices.id);
    expect(launched?.interactive_urls).toEqual(route?.hostnames.map((host) => `https://${host}`));

    // A second analysis, whose pod takes a while to start.
    service.platform.appExposer.readyDelayMs = 1_500;
    const slow = await launchInteractiveApp(service, "alice");
    const host = subdomainOf(await resources("alice"), slow.id);
    const ready = async () => (await send("alice", "GET", `/vice/${host}/url-ready`)).json().ready === true;
    expect(await ready()).toBe(false);
    const pod = async () => (await resources("alice")).pods.find((candidate) => candidate.analysisID === slow.id);
    expect((await pod())?.phase).toBe("Pending");
    await eventually(ready);
    expect((await pod())?.phase).toBe("Running");
    // Once ready, the operator names the address the analysis answers at.
    expect((await send("alice", "GET", `/vice/${host}/url-ready`)).json()).toEqual({
      ready: true,
      access_url: `https://${host}.cyverse.run`,
    });
    const described = (await send("alice", "GET", `/vice/${host}/description`)).json() as Listing;
    expect(ids(described.deployments)).toEqual([slow.id]);
    // app-exposer asks the permissions service before telling bob about alice's analysis.
    expect((await send("bob", "GET", `/vice/${host}/url-ready`)).statusCode).toBe(403);
  });

  it("reads and extends the time limit of alice's analysis", async () => {
    const read = await send("alice", "GET", `/analyses/${alices.id}/time-limit`);
    expect(read.statusCode).toBe(200);
    const limit = Number(read.json().time_limit);
    expect(limit).toBeGreaterThan(Date.now() / 1000);
    // As the web client extends it: a POST with an empty JSON object (extendVICEAnalysisTimeLimit), by app-exposer's
    // configured 4 hours.
    const extended = await send("alice", "POST", `/analyses/${alices.id}/time-limit`, {});
    expect(extended.statusCode).toBe(200);
    expect(Number(extended.json().time_limit)).toBe(limit + 4 * 60 * 60);
    expect((await send("alice", "GET", `/analyses/${alices.id}/time-limit`)).json()).toEqual(extended.json());
    // app-exposer reads anyone's time limit and fails (500) on another's extension: bob, who may not see the
    // analysis, finds nothing; shared with him, he may read it but not extend it.
    const notHis = await send("bob", "POST", `/analyses/${alices.id}/time-limit`);
    expect(notHis.statusCode).toBe(404);
    expect(notHis.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringContaining(alices.id) });
    expect((await send("bob", "GET", `/analyses/${alices.id}/time-limit`)).statusCode).toBe(404);
    await shareAnalysis(service, "alice", alices.id, "bob", "read");
    expect((await send("bob", "GET", `/analyses/${alices.id}/time-limit`)).json()).toEqual(extended.json());
    const shared = await send("bob", "POST", `/analyses/${alices.id}/time-limit`, {});
    expect(shared.statusCode).toBe(403);
    expect(shared.json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
    expect((await send("alice", "GET", `/analyses/${alices.id}/time-limit`)).json()).toEqual(extended.json());
    // An external id no job step has is app-exposer's database error (500): not found for the caller.
    const unknown = await send("alice", "GET", "/vice/async-data?external-id=nothing-like-it");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    expect((await send("alice", "GET", "/vice/async-data")).statusCode).toBe(400);
  });

  it("lets carol (admin) list every user's resources, save and exit one, and manage the rest", async () => {
    const everyone = await resources("carol", "/admin/vice/resources");
    expect(ids(everyone.deployments).sort()).toEqual([alices.id, bobs.id, ALICES_VICE_ANALYSIS].sort());
    const onlyBob = await resources("carol", "/admin/vice/resources?username=bob");
    expect(ids(onlyBob.deployments)).toEqual([bobs.id]);
    // Each analysis' service has app-exposer's two ports, which the admin page's filters list (efcs.js).
    expect(onlyBob.services[0]?.ports).toEqual([
      { name: "tcp-input", nodePort: 0, targetPort: 60001, targetPortName: "60001", port: 60001, protocol: "TCP" },
      { name: "tcp-proxy", nodePort: 0, targetPort: 60002, targetPortName: "60002", port: 60000, protocol: "TCP" },
    ]);
    expect((await send("alice", "GET", "/admin/vice/resources")).statusCode).toBe(403);

    const host = subdomainOf(everyone, bobs.id);
    expect((await send("carol", "GET", `/admin/vice/${host}/url-ready`)).statusCode).toBe(200);
    expect(ids((await resources("carol", `/admin/vice/${host}/description`)).deployments)).toEqual([bobs.id]);
    const externalId = await send("carol", "GET", `/admin/vice/analyses/${bobs.id}/external-id`);
    expect(externalId.json()).toEqual({ externalID: expect.any(String) });
    const asyncData = await send("carol", "GET", `/admin/vice/async-data?external-id=${externalId.json().externalID}`);
    expect(asyncData.json()).toMatchObject({ analysisID: bobs.id });

    const limit = Number((await send("carol", "GET", `/admin/vice/analyses/${bobs.id}/time-limit`)).json().time_limit);
    const extended = await send("carol", "POST", `/admin/vice/analyses/${bobs.id}/time-limit`);
    expect(Number(extended.json().time_limit)).toBe(limit + 4 * 60 * 60);
    for (const action of ["save-output-files", "download-input-files"]) {
      expect((await send("carol", "POST", `/admin/vice/analyses/${bobs.id}/${action}`)).statusCode).toBe(200);
    }
    const logs = await send("bob", "GET", `/analyses/${bobs.id}/logs?tail-lines=2`);
    expect(logs.statusCode).toBe(200);
    // The log split at each newline: its last two lines, then the empty one after the last newline.
    expect(logs.json().lines).toHaveLength(3);
    expect(logs.json().lines.at(-1)).toBe("");
    // As the web client polls them (getVICEAnalysisLogs): from time 0, then from the since_time of the last answer,
    // in epoch seconds. Kubernetes keeps lines from the start of that second: the next one begins first.
    await new Promise((resolve) => setTimeout(resolve, 1_010 - (Date.now() % 1_000)));
    const allLogs = (await send("bob", "GET", `/analyses/${bobs.id}/logs?since-time=0`)).json();
    expect(allLogs.since_time).toMatch(/^\d+$/);
    expect(allLogs.lines).toEqual(expect.arrayContaining(["uploading output files", "downloading input files"]));
    await send("carol", "POST", `/admin/vice/analyses/${bobs.id}/save-output-files`);
    const newer = (await send("bob", "GET", `/analyses/${bobs.id}/logs?since-time=${allLogs.since_time}`)).json();
    expect(newer.lines).toContain("uploading output files");
    expect(newer.lines).not.toContain("downloading input files");
    // What the operator or Kubernetes refuses (500 from app-exposer) is refused here: a since-time that is not epoch
    // seconds, negative tail lines, both since and since-time, a flag that is no Go boolean.
    for (const query of [
      "since-time=yesterday",
      "since-time=2026-01-01T00:00:00Z",
      "tail-lines=-1",
      "since=5&since-time=0",
      "timestamps=yes",
    ]) {
      const refused = await send("bob", "GET", `/analyses/${bobs.id}/logs?${query}`);
      expect([query, refused.statusCode]).toEqual([query, 400]);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
    expect((await send("alice", "GET", `/analyses/${bobs.id}/logs`)).statusCode).toBe(404);

    const saved = await send("carol", "POST", `/admin/vice/analyses/${bobs.id}/save-and-exit`);
    expect(saved.statusCode).toBe(200);
    expect((await analysisOf(service, "bob", bobs.id))?.status).toBe("Completed");
    expect(ids((await resources("carol", "/admin/vice/resources")).deployments)).toEqual([
      alices.id,
      ALICES_VICE_ANALYSIS,
    ]);
    // Ending it again succeeds (the operator's delete finds nothing to delete) and changes nothing.
    expect((await send("carol", "POST", `/admin/vice/analyses/${bobs.id}/exit`)).statusCode).toBe(200);
    expect((await analysisOf(service, "bob", bobs.id))?.status).toBe("Completed");
    // Its pod is gone: app-exposer fails (500) on its logs with the operator's 404, which the caller gets.
    const ended = await send("bob", "GET", `/analyses/${bobs.id}/logs`);
    expect(ended.statusCode).toBe(404);
    expect(ended.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringContaining("not running") });
  });

  it("answers an administrator's unknown analysis or external id with 404, and an extension of none with 400", async () => {
    const unknown = "0e0e0e0e-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", `/admin/vice/analyses/${unknown}/time-limit`],
      ["POST", `/admin/vice/analyses/${unknown}/time-limit`],
      ["GET", `/admin/vice/analyses/${unknown}/external-id`],
      ["GET", "/admin/vice/async-data?external-id=nothing-like-it"],
    ] as const) {
      const answer = await send("carol", method, url);
      expect([url, answer.statusCode]).toEqual([url, 404]);
      expect(answer.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    }
    // alice's Word Count run of the seed is no interactive analysis: it has no time limit.
    const batch = "d6e5f4a3-0000-4000-8000-000000000001";
    expect((await send("carol", "GET", `/admin/vice/analyses/${batch}/time-limit`)).json()).toEqual({
      time_limit: "null",
    });
    const none = await send("carol", "POST", `/admin/vice/analyses/${batch}/time-limit`);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringContaining(batch) });
  });

  it("refuses a listing filter no Kubernetes label can have, which fails every operator", async () => {
    const refused = await send("carol", "GET", "/admin/vice/resources?app-name=JupyterLab%20Data%20Science");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    // The names as app-exposer labels them filter.
    const named = await resources("carol", "/admin/vice/resources?app-name=jupyterlab-data-science");
    expect(ids(named.deployments)).toEqual([ALICES_VICE_ANALYSIS]);
    expect(ids((await resources("alice", "/vice/resources?username=alice")).deployments)).toContain(alices.id);
  });
});

const app = {
  requestsTo: (method: string, path: string) => service.platform.appExposer.recorder.to(method, path),
};
