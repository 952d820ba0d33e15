import { describe, expect, it } from "vitest";
import { labelValue } from "../src/app-exposer/label-values.js";
import { COMPLETED_ANALYSIS, RUNNING_VICE_ANALYSIS } from "../src/demo-world.js";
import { SEED_APP_IDS } from "../src/seed-ids.js";
import { deUserId } from "../src/vice-addresses.js";
import { jsonClient } from "./json-client.js";
import { platformPerFile } from "./platform-per-file.js";

/**
 * app-exposer's VICE endpoints as the real service answers them (cyverse-de/app-exposer httphandlers/, operator/,
 * incluster/): on alice's seeded JupyterLab session, her completed Word Count run (a batch analysis app-exposer
 * never launched) and analyses launched here.
 */
const platform = platformPerFile();
const call = jsonClient(() => platform().appExposer.url);

const SESSION = RUNNING_VICE_ANALYSIS.id;
const BATCH = COMPLETED_ANALYSIS.id;
const UNKNOWN = "0e0e0e0e-0000-4000-8000-000000000000";
const NO_ROWS = { message: "sql: no rows in result set" };
const vice = () => platform().appExposer.state.vice;
const end = (id: string) => call("POST", `/vice/admin/analyses/${id}/exit`);

describe("logs", () => {
  it("answer the time of the answer in epoch seconds and the log split at each newline", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { status, body } = await call("GET", `/vice/${SESSION}/logs?since-time=0`);
    expect(status).toBe(200);
    expect(body.since_time).toMatch(/^\d+$/);
    expect(Number(body.since_time)).toBeGreaterThanOrEqual(before);
    expect(body.lines.length).toBeGreaterThan(1);
    expect(body.lines.at(-1)).toBe("");
    // Asking again from that time: only what happened since (nothing), the empty line after it.
    const later = await call("GET", `/vice/${SESSION}/logs?since-time=${Number(body.since_time) + 1}`);
    expect(later.body.lines).toEqual([""]);
    expect((await call("GET", `/vice/${SESSION}/logs?tail-lines=1`)).body.lines).toEqual([
      "analysis is listening on port 8888",
      "",
    ]);
    expect((await call("GET", `/vice/${SESSION}/logs?tail-lines=0`)).body.lines).toEqual([""]);
  });

  it("refuse a since-time that is not epoch seconds: the operator's 400, answered as app-exposer's 500", async () => {
    const refused = await call("GET", `/vice/${SESSION}/logs?since-time=2026-01-01T00:00:00Z`);
    expect(refused.status).toBe(500);
    expect(refused.body.message).toBe(
      `code=500, message=logs returned 400: {"message":"invalid 'since-time' value \\"2026-01-01T00:00:00Z\\": must be a unix timestamp in seconds"}\n`,
    );
    expect((await call("GET", `/vice/${SESSION}/logs?timestamps=yes`)).status).toBe(500);
    expect((await call("GET", `/vice/${SESSION}/logs?tail-lines=-1`)).status).toBe(500);
  });

  it("are not found for an analysis no operator ran, and fail at the operator for one that ended", async () => {
    expect(await call("GET", `/vice/${BATCH}/logs`)).toEqual({
      status: 404,
      body: { message: "code=404, message=analysis not found on any operator" },
    });
    await end(SESSION);
    const ended = await call("GET", `/vice/${SESSION}/logs`);
    expect(ended.status).toBe(500);
    expect(ended.body.message).toContain('logs returned 404: {"message":"no pods found for analysis"}');
  });
});

describe("async data and external ids", () => {
  it("fail with the database's error for an external id no job step has", async () => {
    expect(await call("GET", "/vice/async-data?external-id=nothing-like-it")).toEqual({ status: 500, body: NO_ROWS });
  });

  it("are not found for a known step that runs on no operator", async () => {
    const batchStep = await call("GET", `/vice/admin/analyses/${BATCH}/external-id`);
    expect(batchStep.status).toBe(200);
    const notRun = await call("GET", `/vice/async-data?external-id=${batchStep.body.external_id}`);
    expect(notRun).toEqual({ status: 404, body: { message: "code=404, message=analysis not found on any operator" } });
    await end(SESSION);
    const ended = await call("GET", `/vice/async-data?external-id=${RUNNING_VICE_ANALYSIS.externalId}`);
    expect(ended).toEqual({ status: 404, body: { message: "code=404, message=user-id not found for analysis" } });
  });

  it("give the external id of an analysis that ended, and the database's error for an unknown one", async () => {
    await end(SESSION);
    expect(await call("GET", `/vice/admin/analyses/${SESSION}/external-id`)).toEqual({
      status: 200,
      body: { external_id: RUNNING_VICE_ANALYSIS.externalId },
    });
    expect(await call("GET", `/vice/admin/analyses/${UNKNOWN}/external-id`)).toEqual({ status: 500, body: NO_ROWS });
  });
});

describe("time limits", () => {
  it("extend by the configured 4 hours, only the caller's own analysis", async () => {
    const limit = Number((await call("GET", `/vice/${SESSION}/time-limit?user=alice`)).body.time_limit);
    const extended = await call("POST", `/vice/${SESSION}/time-limit?user=alice`);
    expect(Number(extended.body.time_limit)).toBe(limit + 4 * 60 * 60);
    const notHis = await call("POST", `/vice/${SESSION}/time-limit?user=bob`);
    expect(notHis).toEqual({
      status: 500,
      body: {
        message: `error extending time limit for user ${deUserId("bob")} on analysis ${SESSION}: sql: no rows in result set`,
      },
    });
    // Reading asks nothing of the caller: the analysis's owner's job is read.
    expect((await call("GET", `/vice/${SESSION}/time-limit?user=bob`)).body).toEqual(extended.body);
  });

  it("are null for a job with no planned end, which cannot be extended; unknown analyses fail", async () => {
    expect(await call("GET", `/vice/${BATCH}/time-limit?user=alice`)).toEqual({
      status: 200,
      body: { time_limit: "null" },
    });
    expect(await call("POST", `/vice/admin/analyses/${BATCH}/time-limit`)).toEqual({
      status: 500,
      body: { message: `the time limit for analysis ${BATCH} was null after extension` },
    });
    expect(await call("GET", `/vice/admin/analyses/${UNKNOWN}/time-limit`)).toEqual({ status: 500, body: NO_ROWS });
    expect(await call("POST", `/vice/admin/analyses/${UNKNOWN}/time-limit`)).toEqual({ status: 500, body: NO_ROWS });
  });
});

describe("ending an analysis", () => {
  it("succeeds again for one that already ended, leaving its status as it was", async () => {
    expect((await call("POST", `/vice/admin/analyses/${SESSION}/save-and-exit`)).status).toBe(200);
    const ended = platform().apps.state.analyses.analyses.get(SESSION);
    expect(ended?.status).toBe("Completed");
    for (const action of ["exit", "save-and-exit", "save-output-files", "download-input-files"]) {
      expect((await call("POST", `/vice/admin/analyses/${SESSION}/${action}`)).status).toBe(200);
    }
    expect(ended?.status).toBe("Completed");
    expect((await end(BATCH)).body).toEqual({ message: "code=404, message=no operator found for analysis" });
  });
});

describe("resource listings", () => {
  const launchNamed = () =>
    platform().appExposer.launch({
      analysisId: "0c0c0c0c-0000-4000-8000-0000000000a1",
      analysisName: "Lab notes: day 1",
      appId: SEED_APP_IDS.jupyterLab,
      appName: "Bob's Notebook!",
      username: "bob",
      image: "discoenv/jupyter-lab:4.2",
    });

  it("show the names as app-exposer labels them, and filter by the labels it passes to the operators", async () => {
    const launched = launchNamed();
    const listing = await call("GET", "/vice/listing?user=bob");
    // A trailing character other than a letter or digit is marked off with "-xxx-" before the slug drops it.
    expect(listing.body.deployments[0]).toMatchObject({
      analysisName: "lab-notes-day-1",
      appName: "bobs-notebook-xxx",
      username: "bob",
    });
    const byApp = await call("GET", "/vice/admin/listing?app-name=bobs-notebook-xxx");
    expect(byApp.body.deployments.map((deployment: { analysisID: string }) => deployment.analysisID)).toEqual([
      launched?.analysisId,
    ]);
    // analysis-name is not among the filters app-exposer passes on: it filters nothing.
    expect((await call("GET", "/vice/admin/listing?analysis-name=nothing")).body.deployments).toHaveLength(2);
  });

  it("fail at every operator for a value no label can have", async () => {
    launchNamed();
    const refused = await call("GET", "/vice/admin/listing?app-name=Bob's%20Notebook");
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({
      error: "all operators unreachable or returned errors",
      operator_errors: [{ operator: "local-cluster", error: expect.stringContaining("listing returned 500") }],
    });
  });

  it("label values as gosimple/slug makes them, marking leading and trailing hyphens and underscores", () => {
    expect(labelValue("Café & Bar")).toBe("cafe-and-bar");
    expect(labelValue("_hidden-")).toBe("u-xxx-hidden-xxx-h");
    // Cut at the last hyphen within 63 characters.
    expect(labelValue(`${"word ".repeat(20)}end`)).toBe(`${"word-".repeat(11)}word`);
  });
});

describe("readiness", () => {
  it("names the address the analysis answers at once it is ready", async () => {
    const session = vice().analyses.get(SESSION);
    const ready = await call("GET", `/vice/${session?.subdomain}/url-ready?user=alice`);
    expect(ready.body).toEqual({
      ready: true,
      access_url: platform().apps.state.analyses.analyses.get(SESSION)?.interactive_urls?.[0],
    });
  });
});

describe("who may ask about an analysis", () => {
  it("is who the permissions service grants it to by name: a grant to one of their teams is not asked for", async () => {
    const session = vice().analyses.get(SESSION);
    const ready = () => call("GET", `/vice/${session?.subdomain}/url-ready?user=carol`);
    const team = [...platform().groups.state.grouper.groups.values()].find((group) =>
      group.name.endsWith("platform-news"),
    );
    expect(team?.members).toContain("carol");
    const permissions = platform().permissions.url;
    const grant = async (type: string, id: string) => {
      const url = `${permissions}/permissions/resources/analysis/${SESSION}/subjects/${type}/${id}`;
      const response = await fetch(url, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ permission_level: "read" }),
      });
      expect(response.status).toBe(200);
    };
    // app-exposer asks for carol's own grants only (permissions/main.go IsAllowed, no lookup of her groups).
    await grant("group", String(team?.id));
    expect(await ready()).toEqual({
      status: 403,
      body: { message: `code=403, message=user carol cannot access analysis ${SESSION}` },
    });
    await grant("user", "carol");
    expect((await ready()).status).toBe(200);
  });
});

describe("operators", () => {
  it("are listed and tried in priority order, lowest first, then as registered", async () => {
    const register = async (name: string, priority: number) =>
      (
        await call("POST", "/vice/admin/operators", {
          name,
          url: `http://${name}.svc`,
          base_url: `https://${name}.cyverse.run`,
          priority,
        })
      ).body;
    const later = await register("later", 10);
    const sooner = await register("sooner", -5);
    const same = await register("same", 0);
    const names = (await call("GET", "/vice/admin/operators")).body.map((operator: { name: string }) => operator.name);
    expect(names).toEqual(["sooner", "local-cluster", "same", "later"]);
    const launchOne = (n: number) =>
      platform().appExposer.launch({
        analysisId: `0c0c0c0c-0000-4000-8000-00000000000${n}`,
        analysisName: "x",
        appId: SEED_APP_IDS.jupyterLab,
        appName: "JupyterLab",
        username: "bob",
        image: "i:1",
      });
    expect(launchOne(1)?.operatorId).toBe(sooner.id);
    // A full operator is passed over, for the next in order.
    const first = vice().operators.get(sooner.id);
    if (first) first.maxAnalyses = 1;
    const seeded = [...vice().operators.values()].find((operator) => operator.name === "local-cluster");
    expect(launchOne(2)?.operatorId).toBe(seeded?.id);
    expect([later.id, same.id]).not.toContain(launchOne(3)?.operatorId);
  });
});
