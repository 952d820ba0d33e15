import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALICES_ALIGNER, ALICES_ANALYSIS, WORD_COUNT, WORD_COUNT_INPUT } from "./seed.js";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

const submission = (name: string) => ({
  app_id: WORD_COUNT,
  name,
  output_dir: "/iplant/home/bob/analyses",
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
    const alices = (await send("alice", "GET", "/analyses")).json();
    expect(alices.analyses.map((analysis: { id: string }) => analysis.id)).toEqual([ALICES_ANALYSIS]);
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
    const incomplete = await send("bob", "POST", "/analyses", { ...submission("x"), config: {} });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
    const hidden = await send("bob", "POST", "/analyses", { ...submission("x"), app_id: ALICES_ALIGNER });
    expect(hidden.statusCode).toBe(403);
    expect(service.platform.apps.state.analyses.analyses.size).toBe(1);
  });

  it("stops a running analysis once, and renames and deletes analyses", async () => {
    const { id } = (await send("bob", "POST", "/analyses", submission("to-stop"))).json();
    expect((await send("alice", "POST", `/analyses/${id}/stop`)).statusCode).toBe(403);
    expect((await send("bob", "POST", `/analyses/${id}/stop`)).json()).toEqual({ id });
    expect((await send("bob", "POST", `/analyses/${id}/stop`)).statusCode).toBe(400);
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
    const relaunch = (await send("alice", "GET", `/analyses/${ALICES_ANALYSIS}/relaunch-info`)).json();
    const input = relaunch.groups[0].parameters.find((p: { id: string }) => p.id === WORD_COUNT_INPUT);
    expect(input.defaultValue).toBe("/iplant/home/alice/chapter-1.txt");
    expect((await send("bob", "GET", `/analyses/${ALICES_ANALYSIS}/relaunch-info`)).statusCode).toBe(403);
  });
});
