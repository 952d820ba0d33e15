import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALICES_ANALYSIS, GRCH38, URL_IMPORT, WC_TOOL, WORD_COUNT, WORD_COUNT_INPUT } from "./seed.js";
import { enc, sender, startAppsProxy } from "./support.js";

// Analyses, tools and reference genomes as the real web client reads them (cyverse-de/sonora, files cited per
// test): the answers carry the fields the apps service always sends (issue 52).
let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

type Listed = { id: string; can_share: boolean; app_disabled: boolean; interactive_urls?: string[] };

describe("analyses, tools and reference genomes as sonora reads them", () => {
  // sonora src/components/apps/launch/formatters.js: the launch form's submission asks for a folder of its own.
  const launched = (username: string, name: string, outputDir: string) => ({
    system_id: "de",
    app_id: WORD_COUNT,
    name,
    debug: false,
    notify: true,
    create_output_subdir: true,
    output_dir: outputDir,
    config: { [WORD_COUNT_INPUT]: `/iplant/home/${username}/chapter-1.txt` },
  });
  const submit = (username: string, name: string, outputDir: string, more: Record<string, unknown> = {}) =>
    send(username, "POST", "/analyses", { ...launched(username, name, outputDir), ...more });
  const resultFolderOf = async (username: string, id: string) => {
    const filter = enc(JSON.stringify([{ field: "id", value: id }]));
    return (await send(username, "GET", `/analyses?filter=${filter}`)).json().analyses[0].resultfolderid as string;
  };
  const exists = (path: string) => service.platform.fileInfo.state.dataStore.catalogue.at(path) !== undefined;
  // clojure-commons file-utils build-result-folder-path: the name with white space and @ made _, and Joda's
  // yyyy-MM-dd-HH-mm-ss.S of the submission's time in UTC.
  const timestamped = (folder: string, name: string) =>
    new RegExp(`^${folder}/${name}-\\d{4}-\\d{2}-\\d{2}-\\d{2}-\\d{2}-\\d{2}\\.\\d$`);

  it("writes an analysis's results to a new folder named by its name and time, made as the user (the Analyses page's output folder link opens it)", async () => {
    const before = Date.now();
    const submitted = await submit("alice", "count me@home", "/iplant/home/alice/analyses");
    expect(submitted.statusCode).toBe(200);
    const folder = await resultFolderOf("alice", submitted.json().id);
    expect(folder).toMatch(timestamped("/iplant/home/alice/analyses", "count_me_home"));
    const stamp = folder.slice(folder.lastIndexOf("home-") + 5);
    const [date, tenth] = stamp.split(".");
    const at = Date.parse(`${date?.slice(0, 10)}T${date?.slice(11).replaceAll("-", ":")}.${tenth}00Z`);
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 100) * 100);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(exists(folder)).toBe(true);
    expect(service.platform.fileInfo.state.dataStore.catalogue.at(folder)?.owner).toBe("alice");
    // The data service's URL import asks for no folder of its own: the results go to output_dir itself.
    const direct = await submit("alice", "url_import_x", "/iplant/home/alice", { create_output_subdir: false });
    expect(await resultFolderOf("alice", direct.json().id)).toBe("/iplant/home/alice");
  });

  it("leaves URL imports out of the analyses listing and its counts unless include-hidden is asked for (jobs.clj: apps of an internal tool)", async () => {
    // What the data service submits for /secured/fileio/urlupload.
    const form = (await send("alice", "GET", `/apps/de/${URL_IMPORT}`)).json();
    const idOf = (label: string) =>
      form.groups[0].parameters.find((parameter: { label: string }) => parameter.label === label).id;
    const imported = await send("alice", "POST", "/analyses", {
      app_id: URL_IMPORT,
      system_id: "de",
      name: "url_import_reads.fastq",
      output_dir: "/iplant/home/alice",
      create_output_subdir: false,
      notify: true,
      config: { [idOf("Source URL")]: "https://example.org/reads.fastq", [idOf("Output Filename")]: "reads.fastq" },
    });
    expect(imported.statusCode).toBe(200);
    const { id } = imported.json();
    // sonora src/serviceFacades/analyses.js getAnalyses and the dashboard's analyses counts
    const page = "/analyses?limit=25&sort-field=startdate&sort-dir=DESC&offset=0";
    const listedIds = async (query: string) =>
      (await send("alice", "GET", `${page}${query}`)).json().analyses.map((analysis: { id: string }) => analysis.id);
    expect(await listedIds("")).not.toContain(id);
    expect(await listedIds("&include-hidden=true")).toContain(id);
    const submitted = async (query: string) =>
      (await send("alice", "GET", `/analyses/stats?${query}`))
        .json()
        ["status-count"].find((count: { status: string }) => count.status === "Submitted");
    expect(await submitted("")).toBeUndefined();
    expect(await submitted("include-hidden=true")).toEqual({ status: "Submitted", count: 1 });
  });

  it("refuses a submission whose output folder the user may not write, and keeps no analysis of it", async () => {
    const seeded = service.platform.apps.state.analyses.analyses.size;
    const refused = await submit("bob", "into-alices", "/iplant/home/alice/analyses");
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.json()).toMatchObject({ error_code: expect.stringMatching(/^ERR_NOT_(WRITEABLE|READABLE)$/) });
    expect(service.platform.apps.state.analyses.analyses.size).toBe(seeded);
  });

  it("relaunches into a new timestamped folder, or into output_dir-redo-N where the submission asked for no folder (src/serviceFacades/analyses.js relaunchAnalyses)", async () => {
    const own = await submit("alice", "twice", "/iplant/home/alice/analyses");
    const direct = await submit("alice", "straight", "/iplant/home/alice/straight/", { create_output_subdir: false });
    // A relaunch in the same tenth of a second as the submission would name the same folder, as the apps service would.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const ids = new Set((await send("alice", "GET", "/analyses")).json().analyses.map((a: { id: string }) => a.id));
    expect(
      (await send("alice", "POST", "/analyses/relauncher", { analyses: [own.json().id, direct.json().id] })).statusCode,
    ).toBe(200);
    const relaunched = (await send("alice", "GET", "/analyses"))
      .json()
      .analyses.filter((a: { id: string }) => !ids.has(a.id));
    const folders = relaunched.map((a: { name: string; resultfolderid: string }) => [a.name, a.resultfolderid]);
    expect(Object.fromEntries(folders)).toEqual({
      twice: expect.stringMatching(timestamped("/iplant/home/alice/analyses", "twice")),
      straight: "/iplant/home/alice/straight-redo-1",
    });
    expect(Object.fromEntries(folders).twice).not.toBe(await resultFolderOf("alice", own.json().id));
    expect(exists("/iplant/home/alice/straight-redo-1")).toBe(true);
    // Relaunched again, the original would write to straight-redo-1 again, which exists now: nothing is relaunched.
    const count = service.platform.apps.state.analyses.analyses.size;
    const again = await send("alice", "POST", "/analyses/relauncher", { analyses: [own.json().id, direct.json().id] });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error_code: "ERR_EXISTS",
      reason: "One or more output folders already exist.",
      paths: ["/iplant/home/alice/straight-redo-1"],
    });
    expect(service.platform.apps.state.analyses.analyses.size).toBe(count);
  });

  it("lets only an analysis's owner share it (src/components/analyses/utils.js canShare reads can_share)", async () => {
    const shared = await send("alice", "POST", "/analyses/sharing", {
      sharing: [
        { subject: { id: "bob", source_id: "ldap" }, analyses: [{ analysis_id: ALICES_ANALYSIS, permission: "read" }] },
      ],
    });
    expect(shared.statusCode).toBe(200);
    // sonora src/serviceFacades/analyses.js getAnalyses
    const page = "/analyses?limit=25&sort-field=startdate&sort-dir=DESC&offset=0";
    const canShare = async (username: string) => {
      const { analyses } = (await send(username, "GET", page)).json() as { analyses: Listed[] };
      return analyses.find((analysis) => analysis.id === ALICES_ANALYSIS)?.can_share;
    };
    expect(await canShare("alice")).toBe(true);
    expect(await canShare("bob")).toBe(false);
  });

  it("finds one analysis by id for its details page, with the values it ran with (src/components/analyses/details/ParamsPanel.js destructures param_value.value)", async () => {
    // sonora src/serviceFacades/analyses.js getAnalysis and getAnalysisParameters
    const filter = enc(JSON.stringify([{ field: "id", value: ALICES_ANALYSIS }]));
    const { analyses } = (await send("alice", "GET", `/analyses?filter=${filter}`)).json();
    expect(analyses).toEqual([expect.objectContaining({ id: ALICES_ANALYSIS, app_disabled: false, notify: true })]);
    const { parameters } = (await send("alice", "GET", `/analyses/${ALICES_ANALYSIS}/parameters`)).json();
    for (const { param_value } of parameters) expect(typeof param_value.value).toBe("string");
    // sonora src/serviceFacades/analyses.js getAnalysisHistory: each step's updates
    const { steps } = (await send("alice", "GET", `/analyses/${ALICES_ANALYSIS}/history`)).json();
    expect(steps[0].updates.map((update: { status: string }) => update.status)).toContain("Completed");
  });

  it("completes an analysis when asked to save its outputs (src/serviceFacades/analyses.js cancelAnalysis sends job_status)", async () => {
    const submitted = await send("alice", "POST", "/analyses", {
      system_id: "de",
      app_id: WORD_COUNT,
      name: "count-and-keep",
      debug: false,
      notify: false,
      output_dir: "/iplant/home/alice/analyses",
      config: { [WORD_COUNT_INPUT]: "/iplant/home/alice/chapter-1.txt" },
    });
    const { id } = submitted.json();
    expect((await send("alice", "POST", `/analyses/${id}/stop?job_status=Completed`)).json()).toEqual({ id });
    const filter = enc(JSON.stringify([{ field: "id", value: id }]));
    expect((await send("alice", "GET", `/analyses?filter=${filter}`)).json().analyses[0].status).toBe("Completed");
  });

  it("gives the administrators' tool editor an implementation with test files (src/components/tools/edit/formatters.js spreads implementation.test.input_files)", async () => {
    // sonora src/serviceFacades/tools.js getToolDetails with isAdmin
    const tool = (await send("carol", "GET", `/admin/tools/${WC_TOOL}`)).json();
    expect(tool.implementation).toEqual({
      implementor: expect.any(String),
      implementor_email: expect.any(String),
      test: { input_files: [], output_files: [] },
    });
    // src/components/tools/details/ToolDetails.js and listing/TableView.js read container.image
    expect(tool.container.image).toMatchObject({ name: "discoenv/coreutils", tag: "latest" });
    const listed = (await send("alice", "GET", "/tools?search=wc")).json();
    expect(listed.tools[0]).toMatchObject({
      permission: "read",
      is_public: true,
      container: { image: { name: "discoenv/coreutils" } },
    });
  });

  it("lists reference genomes with the dates the administrators' page shows (src/components/apps/admin/referenceGenomes/ReferenceGenomes.js)", async () => {
    // sonora src/serviceFacades/referenceGenomes.js getReferenceGenomes
    const { genomes } = (await send("carol", "GET", "/reference-genomes?deleted=true")).json();
    expect(genomes.find((genome: { id: string }) => genome.id === GRCH38)).toMatchObject({
      created_by: "carol",
      created_on: "2026-01-10T00:00:00.000Z",
    });
  });
});
