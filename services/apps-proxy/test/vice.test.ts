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
  services: Array<{ analysisID: string }>;
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
    // As the web client extends it: a POST with an empty JSON object (extendVICEAnalysisTimeLimit).
    const extended = await send("alice", "POST", `/analyses/${alices.id}/time-limit`, {});
    expect(extended.statusCode).toBe(200);
    expect(Number(extended.json().time_limit)).toBe(limit + 72 * 60 * 60);
    expect((await send("alice", "GET", `/analyses/${alices.id}/time-limit`)).json()).toEqual(extended.json());
    // Only the owner's job row is extended: bob's attempt finds nothing and changes nothing.
    const notHis = await send("bob", "POST", `/analyses/${alices.id}/time-limit`);
    expect(notHis.statusCode).toBe(404);
    expect(notHis.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringContaining(alices.id) });
    expect((await send("alice", "GET", `/analyses/${alices.id}/time-limit`)).json()).toEqual(extended.json());
  });

  it("ends alice's analysis when she exits it, and its status changes", async () => {
    const exited = await send("alice", "POST", `/vice/analyses/${alices.id}/exit`);
    expect(exited.statusCode).toBe(200);
    expect(ids((await resources("alice")).deployments)).toEqual([ALICES_VICE_ANALYSIS]);
    expect((await analysisOf(service, "alice", alices.id))?.status).toBe("Canceled");
    // The gateway checked alice's permission, then called app-exposer's administrative exit with no user.
    expect(app.requestsTo("POST", `/vice/admin/analyses/${alices.id}/exit`)[0]?.query).toEqual({});
  });

  it("takes an interactive analysis's resources down when alice stops it through the apps backend", async () => {
    expect((await send("alice", "POST", `/analyses/${alices.id}/stop`)).statusCode).toBe(200);
    expect(ids((await resources("alice")).deployments)).toEqual([ALICES_VICE_ANALYSIS]);
    expect((await analysisOf(service, "alice", alices.id))?.status).toBe("Canceled");
    expect((await send("alice", "GET", `/analyses/${alices.id}/logs`)).statusCode).toBe(404);
  });

  it("hides alice's analysis from bob (404), and lets him read but not end it once shared for reading (403)", async () => {
    expect((await send("bob", "GET", `/vice/analyses/${alices.id}/external-id`)).statusCode).toBe(404);
    const refused = await send("bob", "POST", `/vice/analyses/${alices.id}/exit`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });

    await shareAnalysis(service, "alice", alices.id, "bob", "read");
    const externalId = await send("bob", "GET", `/vice/analyses/${alices.id}/external-id`);
    expect(externalId.statusCode).toBe(200);
    const listed = await resources("alice");
    expect(externalId.json()).toEqual({ externalID: listed.deployments[0]?.externalID });
    const forbidden = await send("bob", "POST", `/vice/analyses/${alices.id}/exit`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
    expect(ids((await resources("alice")).deployments)).toEqual([alices.id, ALICES_VICE_ANALYSIS]);
    expect(app.requestsTo("POST", `/vice/admin/analyses/${alices.id}/exit`)).toEqual([]);

    await shareAnalysis(service, "alice", alices.id, "bob", "write");
    expect((await send("bob", "POST", `/vice/analyses/${alices.id}/exit`)).statusCode).toBe(200);
    expect((await analysisOf(service, "alice", alices.id))?.status).toBe("Canceled");
  });

  it("answers async data only for an analysis the caller may see", async () => {
    const externalId = (await resources("alice")).deployments[0]?.externalID as string;
    const mine = await send("alice", "GET", `/vice/async-data?external-id=${externalId}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ analysisID: alices.id, subdomain: expect.stringMatching(/^a[0-9a-f]{8}$/) });
    const theirs = await send("bob", "GET", `/vice/async-data?external-id=${externalId}`);
    expect(theirs.statusCode).toBe(404);
    expect(JSON.stringify(theirs.json())).not.toContain(alices.id);
    expect((await send("alice", "GET", "/vice/async-data?external-id=nothing-like-it")).statusCode).toBe(404);
    expect((await send("alice", "GET", "/vice/async-data")).statusCode).toBe(400);
  });

  it("lets carol (admin) list every user's resources, save and exit one, and manage the rest", async () => {
    const everyone = await resources("carol", "/admin/vice/resources");
    expect(ids(everyone.deployments).sort()).toEqual([alices.id, bobs.id, ALICES_VICE_ANALYSIS].sort());
    const onlyBob = await resources("carol", "/admin/vice/resources?username=bob");
    expect(ids(onlyBob.deployments)).toEqual([bobs.id]);
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
    expect(Number(extended.json().time_limit)).toBe(limit + 72 * 60 * 60);
    for (const action of ["save-output-files", "download-input-files"]) {
      expect((await send("carol", "POST", `/admin/vice/analyses/${bobs.id}/${action}`)).statusCode).toBe(200);
    }
    const logs = await send("bob", "GET", `/analyses/${bobs.id}/logs?tail-lines=2`);
    expect(logs.statusCode).toBe(200);
    expect(logs.json().lines).toHaveLength(2);
    // As the web client polls them (getVICEAnalysisLogs): from time 0, then from the time of the last answer.
    const allLogs = (await send("bob", "GET", `/analyses/${bobs.id}/logs?since-time=0`)).json();
    expect(allLogs).toMatchObject({ since_time: expect.any(String) });
    expect(allLogs.lines).toEqual(expect.arrayContaining(["uploading output files", "downloading input files"]));
    await send("carol", "POST", `/admin/vice/analyses/${bobs.id}/save-output-files`);
    const since = encodeURIComponent(allLogs.since_time);
    const newer = (await send("bob", "GET", `/analyses/${bobs.id}/logs?since-time=${since}`)).json();
    expect(newer.lines).toContain("uploading output files");
    expect(newer.lines).not.toContain("downloading input files");
    expect((await send("bob", "GET", `/analyses/${bobs.id}/logs?since-time=yesterday`)).statusCode).toBe(400);

    const saved = await send("carol", "POST", `/admin/vice/analyses/${bobs.id}/save-and-exit`);
    expect(saved.statusCode).toBe(200);
    expect((await analysisOf(service, "bob", bobs.id))?.status).toBe("Completed");
    expect(ids((await resources("carol", "/admin/vice/resources")).deployments)).toEqual([
      alices.id,
      ALICES_VICE_ANALYSIS,
    ]);
    expect((await send("carol", "POST", `/admin/vice/analyses/${bobs.id}/exit`)).statusCode).toBe(404);
  });
});

const app = {
  requestsTo: (method: string, path: string) => service.platform.appExposer.recorder.to(method, path),
};
