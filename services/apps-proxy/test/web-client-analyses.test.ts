import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALICES_ANALYSIS, GRCH38, WC_TOOL, WORD_COUNT, WORD_COUNT_INPUT } from "./seed.js";
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
