import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ALICES_ALIGNER,
  ALICES_ANALYSIS,
  ALICES_FAILED_ANALYSIS,
  ALICES_VICE_ANALYSIS,
  WORD_COUNT,
  WORD_COUNT_INPUT,
  WORD_COUNT_LINES_FLAG,
} from "./seed.js";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

// Into the submitter's own analyses folder: the apps service makes the result folder there as the submitter.
const submission = (name: string, submitter = "bob") => ({
  app_id: WORD_COUNT,
  name,
  output_dir: `/iplant/home/${submitter}/analyses`,
  config: { [WORD_COUNT_INPUT]: "/iplant/home/bob/book.txt" },
  notify: true,
});

describe("analyses", () => {
  it("submits an analysis and lists only the caller's own", async () => {
    const submitted = await send("bob", "POST", "/analyses", submission("count-the-book"));
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ name: "count-the-book", status: "Submitted" });
    const bobs = (await send("bob", "GET", "/analyses")).json();
    expect(bobs).toMatchObject({ total: 1, analyses: [{ name: "count-the-book", app_name: "Word Count" }] });
    // Without a sort field the newest come first (job_listings.clj list-jobs), as sonora's running VICE list asks.
    const alices = (await send("alice", "GET", "/analyses")).json();
    expect(alices.analyses.map((analysis: { id: string }) => analysis.id)).toEqual([
      ALICES_VICE_ANALYSIS,
      ALICES_FAILED_ANALYSIS,
      ALICES_ANALYSIS,
    ]);
    const byName = await send("alice", "GET", "/analyses?sort-field=name");
    expect(byName.json().analyses.map((analysis: { name: string }) => analysis.name)).toEqual(
      [...alices.analyses.map((analysis: { name: string }) => analysis.name)].sort((a, b) => a.localeCompare(b)),
    );
    const unknownField = await send("alice", "GET", "/analyses?sort-field=colour");
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({ reason: expect.stringContaining("unrecognized sort field: colour") });
  });

  it("passes the listing's filter and paging through", async () => {
    await send("bob", "POST", "/analyses", submission("first"));
    await send("bob", "POST", "/analyses", submission("second"));
    const filter = encodeURIComponent(JSON.stringify([{ field: "name", value: "sec" }]));
    expect((await send("bob", "GET", `/analyses?filter=${filter}`)).json()).toMatchObject({
      total: 1,
      analyses: [{ name: "second" }],
    });
    const page = await send("bob", "GET", "/analyses?limit=1&sort-field=name&sort-dir=DESC");
    expect(page.json().analyses.map((analysis: { name: string }) => analysis.name)).toEqual(["second"]);
    expect((await send("bob", "GET", "/analyses?filter=not-json")).statusCode).toBe(400);
  });

  it("refuses a submission missing a required parameter, or of an app the caller cannot see", async () => {
    const seeded = service.platform.apps.state.analyses.analyses.size;
    const incomplete = await send("bob", "POST", "/analyses", { ...submission("x"), config: {} });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
    const hidden = await send("bob", "POST", "/analyses", { ...submission("x"), app_id: ALICES_ALIGNER });
    expect(hidden.statusCode).toBe(403);
    expect(service.platform.apps.state.analyses.analyses.size).toBe(seeded);
  });

  it.each([
    "/iplant/home/bob/../alice/pwned",
    "/iplant/home/alice/../../../tmp",
    "/iplant/home//bob/analyses",
    "/iplant/home/bob/./analyses",
    "iplant/home/bob/analyses",
    "../alice",
  ])("refuses an output folder the data backend would resolve to another path: %s", async (outputDir) => {
    const refused = await send("bob", "POST", "/analyses", { ...submission("x"), output_dir: outputDir });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      {
        error_code: "ERR_BAD_OR_MISSING_FIELD",
        reason: "output_dir must be an absolute path without empty, . or .. segments",
        output_dir: outputDir,
      },
    ]);
    expect(service.platform.apps.recorder.to("POST", "/analyses")).toEqual([]);
  });

  it("stops a running analysis once, and renames and deletes analyses, a running one canceled first", async () => {
    const { id } = (await send("bob", "POST", "/analyses", submission("to-stop"))).json();
    expect((await send("alice", "POST", `/analyses/${id}/stop`)).statusCode).toBe(403);
    expect((await send("bob", "POST", `/analyses/${id}/stop`)).json()).toEqual({ id });
    // Stopped again (sonora's cancel after it ended): nothing changes, and the stop answers as before (stop-job*).
    expect((await send("bob", "POST", `/analyses/${id}/stop?job_status=Failed`)).json()).toEqual({ id });
    expect((await send("bob", "GET", `/analyses/${id}/steps`)).json()).toMatchObject({
      steps: [{ status: "Canceled" }],
    });
    expect((await send("bob", "PATCH", `/analyses/${id}`, { name: "stopped" })).json()).toMatchObject({
      name: "stopped",
    });
    expect((await send("bob", "DELETE", `/analyses/${id}`)).statusCode).toBe(200);
    const other = (await send("bob", "POST", "/analyses", submission("other"))).json();
    expect((await send("bob", "POST", "/analyses/shredder", { analyses: [other.id] })).statusCode).toBe(200);
    expect((await send("bob", "GET", "/analyses")).json()).toMatchObject({ total: 0 });
    // Deleting a running analysis cancels it first (jobs.clj delete-jobs): it no longer counts against bob's limits.
    expect(service.platform.apps.state.analyses.analyses.get(other.id)?.status).toBe("Canceled");
  });

  it("names each step's type as the job type's, DE or Interactive, as the analysis page shows it", async () => {
    const stepType = async (id: string) =>
      (await send("alice", "GET", `/analyses/${id}/steps`)).json().steps[0].step_type;
    expect(await stepType(ALICES_ANALYSIS)).toBe("DE");
    expect(await stepType(ALICES_VICE_ANALYSIS)).toBe("Interactive");
  });

  it("shows the parameters an analysis ran with and the launch form filled for a relaunch", async () => {
    const parameters = (await send("alice", "GET", `/analyses/${ALICES_ANALYSIS}/parameters`)).json();
    expect(parameters).toMatchObject({
      app_id: WORD_COUNT,
      parameters: expect.arrayContaining([
        expect.objectContaining({
          full_param_id: WORD_COUNT_INPUT,
          param_value: { value: "/iplant/home/alice/chapter-1.txt" },
        }),
      ]),
    });
    // The web client fills a relaunched input from `defaultValue.path` (sonora's initGroupValues).
    const relaunch = (await send("alice", "GET", `/analyses/${ALICES_ANALYSIS}/relaunch-info`)).json();
    expect(relaunch).toMatchObject({ id: WORD_COUNT, debug: false, mount_data_store: true });
    const input = relaunch.groups[0].parameters.find((p: { id: string }) => p.id === WORD_COUNT_INPUT);
    const chapter = { path: "/iplant/home/alice/chapter-1.txt" };
    expect(input).toMatchObject({ value: chapter, defaultValue: chapter });
    expect((await send("bob", "GET", `/analyses/${ALICES_ANALYSIS}/relaunch-info`)).statusCode).toBe(403);
  });

  it("lists each parameter's value, and marks the rows that are the parameter's default", async () => {
    const given = (flag: unknown) => ({
      [WORD_COUNT_INPUT]: "/iplant/home/bob/notes.txt",
      [WORD_COUNT_LINES_FLAG]: flag,
    });
    const rows = async (flag: unknown) => {
      const config = given(flag);
      const submitted = (await send("bob", "POST", "/analyses", { ...submission(`flag-${flag}`), config })).json();
      return (await send("bob", "GET", `/analyses/${submitted.id}/parameters`)).json().parameters;
    };
    // A flag set is its text; one left false is no value to the apps service (Clojure's if-let), so its default.
    expect(await rows(true)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ full_param_id: WORD_COUNT_LINES_FLAG, param_value: { value: "true" } }),
        expect.objectContaining({ full_param_id: WORD_COUNT_INPUT, is_default_value: false }),
      ]),
    );
    expect(await rows(false)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          full_param_id: WORD_COUNT_LINES_FLAG,
          param_value: { value: "" },
          is_default_value: true,
        }),
      ]),
    );
  });

  it("lists a chosen selection with its display and value, as the analysis page shows it", async () => {
    const mode = { label: "Mode", type: "TextSelection", order: 0 };
    const app = (
      await send("bob", "POST", "/apps/de", { name: "Picker", groups: [{ label: "Options", parameters: [mode] }] })
    ).json();
    const key = `${app.id}_${app.groups[0].parameters[0].id}`;
    // The launch form submits the chosen argument as the app listed it (sonora's formatSubmission).
    const chosen = { id: "0c1d2e3f-0000-4000-8000-000000000001", name: "fast", isDefault: false };
    const config = { [key]: chosen };
    const body = { app_id: app.id, name: "picked", output_dir: "/iplant/home/bob/analyses", config };
    const submitted = (await send("bob", "POST", "/analyses", body)).json();
    const { parameters } = (await send("bob", "GET", `/analyses/${submitted.id}/parameters`)).json();
    expect(parameters).toEqual([
      expect.objectContaining({ param_value: { value: { ...chosen, display: "fast", value: "fast" } } }),
    ]);
  });

  it("leaves out an output the app names itself, and gives each file row its format and info type", async () => {
    // Word Count writes wc_out.txt by itself (an implicit output): params.clj `omit-param?` leaves it out.
    const { parameters } = (await send("alice", "GET", `/analyses/${ALICES_ANALYSIS}/parameters`)).json();
    expect(parameters.map((row: { param_name: string }) => row.param_name)).not.toContain("Word counts");
    expect(parameters.find((row: { full_param_id: string }) => row.full_param_id === WORD_COUNT_INPUT)).toMatchObject({
      info_type: "File",
      data_format: "Unspecified",
    });
    expect(
      parameters.find((row: { full_param_id: string }) => row.full_param_id === WORD_COUNT_LINES_FLAG),
    ).toMatchObject({ info_type: "", data_format: "" });
  });

  it("lists a selection left unchosen as its default item, the one the editor flagged", async () => {
    const fast = { name: "--fast", display: "Fast", isDefault: true };
    const mode = {
      label: "Mode",
      type: "TextSelection",
      order: 0,
      arguments: [{ name: "--slow", display: "Slow" }, fast],
    };
    const app = (
      await send("bob", "POST", "/apps/de", { name: "Picker", groups: [{ label: "Options", parameters: [mode] }] })
    ).json();
    const body = { app_id: app.id, name: "unpicked", output_dir: "/iplant/home/bob/analyses", config: {} };
    const submitted = (await send("bob", "POST", "/analyses", body)).json();
    const { parameters } = (await send("bob", "GET", `/analyses/${submitted.id}/parameters`)).json();
    expect(parameters).toEqual([
      expect.objectContaining({
        param_value: { value: expect.objectContaining({ name: "--fast", display: "Fast", value: "--fast" }) },
        is_default_value: true,
      }),
    ]);
  });

  it("fills a relaunch with the submission's options, and offers no input whose file is gone", async () => {
    const options = { debug: true, mount_data_store: false, time_limit_seconds: 3600 };
    const config = { [WORD_COUNT_INPUT]: "/iplant/home/bob/notes.txt" };
    // The launch form's resource step submits what was asked for each step; a relaunch offers it as the defaults.
    const requirements = [{ step_number: 0, min_cpu_cores: 2, min_memory_limit: 2 ** 30 }];
    const body = { ...submission("options"), config, requirements, ...options };
    const submitted = (await send("bob", "POST", "/analyses", body)).json();
    const relaunch = (await send("bob", "GET", `/analyses/${submitted.id}/relaunch-info`)).json();
    expect(relaunch).toMatchObject({
      ...options,
      overall_job_type: "executable",
      requirements: [{ step_number: 0, default_cpu_cores: 2, default_memory: 2 ** 30 }],
    });
    const input = relaunch.groups[0].parameters.find((p: { id: string }) => p.id === WORD_COUNT_INPUT);
    expect(input).toMatchObject({ value: { path: "/iplant/home/bob/notes.txt" } });
    // One that asked for nothing has no step to offer.
    const plain = (await send("bob", "POST", "/analyses", { ...submission("plain"), config })).json();
    expect((await send("bob", "GET", `/analyses/${plain.id}/relaunch-info`)).json().requirements).toEqual([]);

    // The apps service asks data-info of the paths first, and offers none it faults.
    service.platform.fileInfo.state.dataStore.catalogue.remove("/iplant/home/alice/chapter-1.txt");
    const after = (await send("alice", "GET", `/analyses/${ALICES_ANALYSIS}/relaunch-info`)).json();
    const gone = after.groups[0].parameters.find((p: { id: string }) => p.id === WORD_COUNT_INPUT);
    expect(gone).not.toHaveProperty("value");
    expect(gone).not.toHaveProperty("defaultValue");
  });
});

/** The analyses page's filter: top-level analyses of the caller's own (sonora's analyses listing). */
const CLIENT_FILTER = JSON.stringify([
  { field: "parent_id", value: "" },
  { field: "ownership", value: "mine" },
]);

describe("analyses as the web client calls them", () => {
  it("lists alice's analyses with the analyses page's filter and paging", async () => {
    const url = `/analyses?limit=25&sort-field=startdate&sort-dir=DESC&offset=0&filter=${encodeURIComponent(CLIENT_FILTER)}`;
    const listed = await send("alice", "GET", url);
    expect(listed.statusCode).toBe(200);
    // The seed's three: her JupyterLab session (running), the failed FastQC run, the word count.
    expect(listed.json()).toMatchObject({
      total: 3,
      analyses: [
        { id: ALICES_VICE_ANALYSIS, username: "alice", status: "Running" },
        { id: ALICES_FAILED_ANALYSIS, username: "alice", status: "Failed" },
        { id: ALICES_ANALYSIS, username: "alice", status: "Completed" },
      ],
    });
    // sonora offers a running analysis's VICE actions when it has interactive URLs (isInteractive,
    // src/components/analyses/utils.js): the session's address, where app-exposer routes it.
    const [session] = listed.json().analyses;
    const [route] = (await send("alice", "GET", "/vice/resources")).json().routes;
    expect(session.interactive_urls).toEqual([`https://${route.hostnames[0]}`]);
    // The client also sends the filter unencoded, straight into the query string.
    expect((await send("alice", "GET", `/analyses?filter=${CLIENT_FILTER}`)).json()).toMatchObject({ total: 3 });
    // One analysis by id, as the details drawer asks for it.
    const byId = JSON.stringify([{ field: "id", value: ALICES_ANALYSIS }]);
    expect((await send("alice", "GET", `/analyses?filter=${encodeURIComponent(byId)}`)).json().total).toBe(1);
  });

  it("applies ownership as the apps backend does, and refuses an unknown ownership", async () => {
    const subject = { id: "bob", source_id: "ldap" };
    await send("alice", "POST", "/analyses/sharing", {
      sharing: [{ subject, analyses: [{ analysis_id: ALICES_ANALYSIS, permission: "read" }] }],
    });
    await send("bob", "POST", "/analyses", submission("bobs-own"));
    const names = async (ownership: string) => {
      const filter = encodeURIComponent(JSON.stringify([{ field: "ownership", value: ownership }]));
      const body = (await send("bob", "GET", `/analyses?filter=${filter}`)).json();
      return body.analyses.map((analysis: { name: string }) => analysis.name).sort();
    };
    expect(await names("all")).toEqual(["bobs-own", "word-count-chapter-1"]);
    expect(await names("mine")).toEqual(["bobs-own"]);
    expect(await names("theirs")).toEqual(["word-count-chapter-1"]);
    const refused = await send(
      "bob",
      "GET",
      `/analyses?filter=${encodeURIComponent('[{"field":"ownership","value":"ours"}]')}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
  });

  it("filters by job type as the running-VICE list asks: Interactive for apps of interactive tools", async () => {
    const tool = {
      name: "jupyter",
      version: "1",
      interactive: true,
      container: { image: { name: "discoenv/jupyter" } },
    };
    const toolId = (await send("bob", "POST", "/tools", tool)).json().id;
    const app = await send("bob", "POST", "/apps/de", {
      name: "Notebook",
      tools: [{ id: toolId }],
      groups: [],
    });
    const launched = await send("bob", "POST", "/analyses", {
      app_id: app.json().id,
      name: "notebook-session",
      output_dir: "/iplant/home/bob/analyses",
    });
    expect(launched.statusCode).toBe(200);
    await send("bob", "POST", "/analyses", submission("batch-count"));
    const running = (type: string) =>
      encodeURIComponent(
        JSON.stringify([
          { field: "type", value: type },
          { field: "ownership", value: "mine" },
        ]),
      );
    const names = async (type: string) =>
      (await send("bob", "GET", `/analyses?filter=${running(type)}`))
        .json()
        .analyses.map((analysis: { name: string }) => analysis.name);
    expect(await names("Interactive")).toEqual(["notebook-session"]);
    expect(await names("DE")).toEqual(["batch-count"]);
  });

  it("counts the caller's analyses by status from /analyses/stats, with the dashboard's filter", async () => {
    const { id } = (await send("alice", "POST", "/analyses", submission("alices-second", "alice"))).json();
    await send("alice", "POST", "/analyses", submission("alices-third", "alice"));
    await send("alice", "POST", `/analyses/${id}/stop`);
    await send("bob", "POST", "/analyses", submission("bobs"));
    const filter = encodeURIComponent(JSON.stringify([{ field: "ownership", value: "mine" }]));
    const stats = await send("alice", "GET", `/analyses/stats?filter=${filter}&include-deleted=true`);
    expect(stats.statusCode).toBe(200);
    expect(stats.json()["status-count"]).toEqual(
      expect.arrayContaining([
        { status: "Completed", count: 1 },
        { status: "Canceled", count: 1 },
        { status: "Submitted", count: 1 },
        // The seed's failed and running ones.
        { status: "Failed", count: 1 },
        { status: "Running", count: 1 },
      ]),
    );
    expect(stats.json()["status-count"]).toHaveLength(5);
    // Deleted analyses count only when asked for, as the dashboard asks.
    await send("alice", "DELETE", `/analyses/${id}`);
    const counted = async (query: string) =>
      (await send("alice", "GET", `/analyses/stats?filter=${filter}${query}`)).json()["status-count"];
    expect(await counted("")).not.toContainEqual({ status: "Canceled", count: 1 });
    expect(await counted("&include-deleted=true")).toContainEqual({ status: "Canceled", count: 1 });
    expect((await send("alice", "GET", "/analyses/stats?filter=[")).statusCode).toBe(400);
  });

  it("relaunches an analysis as a new analysis with the same app and values", async () => {
    const relaunched = await send("alice", "POST", "/analyses/relauncher", { analyses: [ALICES_ANALYSIS] });
    expect(relaunched.statusCode).toBe(200);
    const listed = (await send("alice", "GET", "/analyses?sort-field=startdate&sort-dir=DESC")).json();
    // Her three of the seed and the new one.
    expect(listed.total).toBe(4);
    const [newest] = listed.analyses;
    expect(newest).toMatchObject({ name: "word-count-chapter-1", status: "Submitted", app_id: WORD_COUNT });
    expect(newest.id).not.toBe(ALICES_ANALYSIS);
    const parameters = (await send("alice", "GET", `/analyses/${newest.id}/parameters`)).json();
    expect(parameters.parameters).toContainEqual(
      expect.objectContaining({
        full_param_id: WORD_COUNT_INPUT,
        param_value: { value: "/iplant/home/alice/chapter-1.txt" },
      }),
    );
    expect((await send("bob", "POST", "/analyses/relauncher", { analyses: [ALICES_ANALYSIS] })).statusCode).toBe(403);
    expect((await send("alice", "POST", "/analyses/relauncher", { analyses: "all" })).statusCode).toBe(400);
  });

  it("shows an analysis's status history", async () => {
    const history = await send("alice", "GET", `/analyses/${ALICES_ANALYSIS}/history`);
    expect(history.json()).toMatchObject({
      analysis_id: ALICES_ANALYSIS,
      steps: [{ updates: [{ status: "Submitted" }, { status: "Running" }, { status: "Completed" }] }],
    });
    expect((await send("bob", "GET", `/analyses/${ALICES_ANALYSIS}/history`)).statusCode).toBe(403);
    expect((await send("alice", "GET", "/analyses/no-such-analysis/history")).statusCode).toBe(404);
  });

  it("shares an analysis, lists who has it and unshares it; only the owner may", async () => {
    const subject = { id: "bob", source_id: "ldap" };
    const shared = await send("alice", "POST", "/analyses/sharing", {
      sharing: [{ subject, analyses: [{ analysis_id: ALICES_ANALYSIS, permission: "read" }] }],
    });
    expect(shared.json()).toMatchObject({
      sharing: [{ subject, analyses: [{ analysis_id: ALICES_ANALYSIS, ok: true }] }],
    });
    expect((await send("bob", "GET", `/analyses/${ALICES_ANALYSIS}/history`)).statusCode).toBe(200);
    const listed = await send("alice", "POST", "/analyses/permission-lister", { analyses: [ALICES_ANALYSIS] });
    expect(listed.json()).toEqual({
      analyses: [{ id: ALICES_ANALYSIS, name: "word-count-chapter-1", permissions: [{ subject, permission: "read" }] }],
    });
    const notOwner = await send("bob", "POST", "/analyses/sharing", {
      sharing: [{ subject: { id: "carol" }, analyses: [{ analysis_id: ALICES_ANALYSIS, permission: "read" }] }],
    });
    expect(notOwner.statusCode).toBe(400);
    expect(notOwner.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", sharing: [{ analyses: [{ ok: false }] }] });
    await send("alice", "POST", "/analyses/unsharing", { unsharing: [{ subject, analyses: [ALICES_ANALYSIS] }] });
    expect((await send("bob", "GET", `/analyses/${ALICES_ANALYSIS}/history`)).statusCode).toBe(403);
  });

  it("takes the caller from the token on the new rows, never from user parameters", async () => {
    const stats = await send("bob", "GET", "/analyses/stats?user=alice&email=alice%40example.org");
    expect(stats.json()).toEqual({ "status-count": [] });
    const [call] = service.platform.apps.recorder.to("GET", "/analyses/stats");
    expect(call?.query).toMatchObject({ user: "bob", email: "bob@example.org" });
  });
});
