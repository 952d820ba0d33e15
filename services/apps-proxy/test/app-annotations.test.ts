import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALICES_ALIGNER, COUNT_THEN_CHECK, FASTQC, FASTQC_TASK, WORD_COUNT, WORD_COUNT_TASK } from "./seed.js";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);
const listed = async (user: string, url: string) =>
  (await send(user, "GET", url)).json().apps as Array<{ id: string; is_favorite: boolean; rating: unknown }>;

describe("favorites and ratings", () => {
  it("marks and unmarks a favorite for the caller only", async () => {
    expect((await send("bob", "PUT", `/apps/${FASTQC}/favorite`)).statusCode).toBe(200);
    expect((await listed("bob", "/apps")).find((app) => app.id === FASTQC)?.is_favorite).toBe(true);
    expect((await listed("alice", "/apps")).find((app) => app.id === FASTQC)?.is_favorite).toBe(false);
    await send("bob", "DELETE", `/apps/${FASTQC}/favorite`);
    expect((await listed("bob", "/apps")).find((app) => app.id === FASTQC)?.is_favorite).toBe(false);
  });

  it("averages ratings and removes the caller's one", async () => {
    await send("alice", "POST", `/apps/${WORD_COUNT}/rating`, { rating: 5 });
    expect((await send("bob", "POST", `/apps/${WORD_COUNT}/rating`, { rating: 2 })).json()).toEqual({
      average: 3.5,
      total: 2,
    });
    expect((await send("bob", "POST", `/apps/${WORD_COUNT}/rating`, { rating: 9 })).statusCode).toBe(400);
    expect((await send("bob", "DELETE", `/apps/${WORD_COUNT}/rating`)).json()).toEqual({ average: 5, total: 1 });
  });
});

describe("app metadata and documentation", () => {
  it("adds and replaces an app's metadata, and lets administrators read any app's", async () => {
    const avu = { attr: "keyword", value: "alignment", unit: "" };
    expect((await send("alice", "POST", `/apps/${ALICES_ALIGNER}/metadata`, { avus: [avu] })).json()).toMatchObject({
      avus: [avu],
    });
    expect((await send("bob", "GET", `/apps/${ALICES_ALIGNER}/metadata`)).statusCode).toBe(403);
    expect((await send("carol", "GET", `/admin/apps/${ALICES_ALIGNER}/metadata`)).json()).toMatchObject({
      avus: [avu],
    });
    await send("carol", "PUT", `/admin/apps/${ALICES_ALIGNER}/metadata`, { avus: [] });
    expect((await send("alice", "GET", `/apps/${ALICES_ALIGNER}/metadata`)).json()).toEqual({ avus: [] });
  });

  it("adds documentation once, then changes it; administrators document any app", async () => {
    expect((await send("alice", "GET", `/apps/${ALICES_ALIGNER}/documentation`)).statusCode).toBe(404);
    const added = await send("alice", "POST", `/apps/${ALICES_ALIGNER}/documentation`, { documentation: "# Usage" });
    expect(added.json()).toMatchObject({ app_id: ALICES_ALIGNER, documentation: "# Usage", created_by: "alice" });
    // A second is refused as the apps service's clojure-commons refuses what exists: 400, ERR_EXISTS.
    const again = await send("alice", "POST", `/apps/${ALICES_ALIGNER}/documentation`, { documentation: "x" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error_code: "ERR_EXISTS" });
    await send("alice", "PATCH", `/apps/${ALICES_ALIGNER}/documentation`, { documentation: "# Better usage" });
    expect((await send("alice", "GET", `/apps/${ALICES_ALIGNER}/documentation`)).json()).toMatchObject({
      documentation: "# Better usage",
    });
    // The demo's public apps came documented, as publishing requires: an administrator changes that documentation.
    expect((await send("bob", "GET", `/apps/${FASTQC}/documentation`)).json()).toMatchObject({
      documentation: expect.stringContaining("FastQC"),
      created_by: "carol",
    });
    const second = await send("carol", "POST", `/admin/apps/${FASTQC}/documentation`, { documentation: "FastQC" });
    expect(second.json()).toMatchObject({ error_code: "ERR_EXISTS" });
    await send("carol", "PATCH", `/admin/apps/${FASTQC}/documentation`, { documentation: "FastQC manual" });
    expect((await send("bob", "GET", `/apps/${FASTQC}/documentation`)).json()).toMatchObject({
      documentation: "FastQC manual",
      modified_by: "carol",
    });
  });
});

describe("app categories", () => {
  it("shows the caller's workspace categories and the public tree, and the apps of a category", async () => {
    const { categories } = (await send("alice", "GET", "/apps/categories")).json();
    expect(categories.map((category: { name: string }) => category.name)).toEqual(["Workspace", "Public Apps"]);
    const development = categories[0].categories.find((c: { name: string }) => c.name === "Apps under development");
    expect(development.total).toBe(1);
    const inDevelopment = await send("alice", "GET", `/apps/categories/${development.id}`);
    expect(inDevelopment.json()).toMatchObject({ name: "Apps under development", apps: [{ id: ALICES_ALIGNER }] });
    expect((await send("alice", "GET", "/apps/categories?public=true")).json().categories).toHaveLength(1);
  });

  it("lets administrators create, find, rename, fill and delete categories", async () => {
    const [root] = (await send("carol", "GET", "/admin/apps/categories")).json().categories;
    const created = await send("carol", "POST", "/admin/apps/categories", { name: "Genomics", parent_id: root.id });
    const { id } = created.json();
    await send("carol", "PATCH", `/admin/apps/categories/${id}`, { name: "Genome Analysis" });
    expect((await send("carol", "GET", "/admin/apps/categories/search?name=genome")).json()).toMatchObject({
      categories: [{ system_id: "de", id, name: "Genome Analysis", owner: "public" }],
    });
    await send("carol", "POST", "/admin/apps", { categories: [{ app_id: FASTQC, category_ids: [id] }] });
    expect((await send("bob", "GET", `/apps/categories/${id}`)).json()).toMatchObject({ apps: [{ id: FASTQC }] });
    await send("carol", "POST", "/admin/apps", { categories: [{ app_id: FASTQC, category_ids: [] }] });
    const deleted = await send("carol", "DELETE", `/admin/apps/categories/${id}`);
    expect(deleted.statusCode).toBe(200);
    // The apps service answers a deletion with no body.
    expect(deleted.body).toBe("");
    expect((await send("bob", "GET", `/apps/categories/${id}`)).statusCode).toBe(404);
  });

  it("passes on the apps service's refusals of what would break the category tree", async () => {
    const [root] = (await send("carol", "GET", "/admin/apps/categories")).json().categories;
    const { id } = (
      await send("carol", "POST", "/admin/apps/categories", { name: "Genomics", parent_id: root.id })
    ).json();
    const refusals = [
      await send("carol", "POST", "/admin/apps/categories", { name: "Genomics", parent_id: root.id }),
      await send("carol", "POST", "/admin/apps/categories", { name: "x".repeat(256), parent_id: root.id }),
      await send("carol", "PATCH", `/admin/apps/categories/${root.id}`, { parent_id: id }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_code).toBe("ERR_ILLEGAL_ARGUMENT");
    }
    await send("carol", "POST", "/admin/apps", { categories: [{ app_id: FASTQC, category_ids: [id] }] });
    const holdingApps = await send("carol", "DELETE", `/admin/apps/categories/${id}`);
    expect(holdingApps.json()).toMatchObject({ error_code: "ERR_ILLEGAL_ARGUMENT", category_id: id });
    const under = await send("carol", "POST", "/admin/apps/categories", { name: "Reads", parent_id: id });
    expect(under.json()).toMatchObject({ error_code: "ERR_ILLEGAL_ARGUMENT", parent_id: id });
    expect((await send("carol", "DELETE", `/admin/apps/categories/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it("deletes several categories at once, one by one at the apps backend, and answers the ids it could not delete", async () => {
    const [root] = (await send("carol", "GET", "/admin/apps/categories")).json().categories;
    const make = async (name: string, parent = root.id) =>
      (await send("carol", "POST", "/admin/apps/categories", { name, parent_id: parent })).json().id as string;
    const [empty, holding, unknown] = [await make("Old"), await make("Kept"), crypto.randomUUID()];
    const [parent] = [await make("Parent")];
    const child = await make("Child", parent);
    await send("carol", "POST", "/admin/apps", { categories: [{ app_id: FASTQC, category_ids: [holding] }] });
    service.platform.apps.recorder.clear();
    const shredded = await send("carol", "POST", "/admin/apps/categories/shredder", {
      category_ids: [empty, holding, unknown, parent, child],
    });
    expect(shredded.statusCode).toBe(200);
    // The child went with its parent, listed before it.
    expect(shredded.json()).toEqual({ category_ids: [holding, unknown, child] });
    expect(service.platform.apps.recorder.to("DELETE", /./).map((call) => `${call.method} ${call.path}`)).toEqual(
      [empty, holding, unknown, parent, child].map((id) => `DELETE /admin/apps/categories/de/${id}`),
    );
    expect((await send("bob", "GET", `/apps/categories/${empty}`)).statusCode).toBe(404);
    expect((await send("bob", "GET", `/apps/categories/${holding}`)).statusCode).toBe(200);
  });

  it("refuses a bulk deletion that is not a list of category ids, or by a non-administrator, deleting nothing", async () => {
    for (const body of [{ category_ids: ["old"] }, { category_ids: "x" }, {}, { category_ids: [null] }]) {
      const refused = await send("carol", "POST", "/admin/apps/categories/shredder", body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: expect.any(String), reason: expect.any(String) });
    }
    const [root] = (await send("carol", "GET", "/admin/apps/categories")).json().categories;
    expect(
      (await send("alice", "POST", "/admin/apps/categories/shredder", { category_ids: [root.id] })).statusCode,
    ).toBe(403);
    expect(service.platform.apps.recorder.to("DELETE", /^\/admin\/apps\/categories\//)).toEqual([]);
  });

  it("stops at a failing apps backend with 502, naming the categories it deleted before", async () => {
    const [root] = (await send("carol", "GET", "/admin/apps/categories")).json().categories;
    const make = async (name: string) =>
      (await send("carol", "POST", "/admin/apps/categories", { name, parent_id: root.id })).json().id as string;
    const [first, second, third] = [await make("One"), await make("Two"), await make("Three")];
    service.platform.apps.faults.set({ mode: "json-500", method: "DELETE", path: `/${second}$` });
    const failed = await send("carol", "POST", "/admin/apps/categories/shredder", {
      category_ids: [first, second, third],
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", deleted: [first] });
    expect(service.platform.apps.recorder.to("DELETE", new RegExp(`/${third}$`))).toEqual([]);
  });
});

describe("pipelines and app elements", () => {
  it("creates, reads, changes and copies a pipeline of visible apps", async () => {
    const created = await send("bob", "POST", "/apps/pipelines", { name: "Count then check", ...COUNT_THEN_CHECK });
    expect(created.json()).toMatchObject({
      name: "Count then check",
      steps: [
        { task_id: WORD_COUNT_TASK, name: "Word Count" },
        { task_id: FASTQC_TASK, name: "FastQC" },
      ],
      mappings: COUNT_THEN_CHECK.mappings,
    });
    const { id } = created.json();
    const reversed = { steps: [...COUNT_THEN_CHECK.steps].reverse(), mappings: COUNT_THEN_CHECK.mappings };
    await send("bob", "PUT", `/apps/pipelines/${id}`, { name: "Check then count", ...reversed });
    expect((await send("bob", "GET", `/apps/pipelines/${id}/ui`)).json()).toMatchObject({
      name: "Check then count",
      steps: [{ task_id: FASTQC_TASK }, { task_id: WORD_COUNT_TASK }],
    });
    expect((await send("alice", "POST", `/apps/pipelines/${id}/copy`)).statusCode).toBe(403);
    const copy = await send("bob", "POST", `/apps/pipelines/${id}/copy`);
    expect(copy.json()).toMatchObject({ name: "Copy of Check then count" });
    // alice's aligner is not bob's to use: its task (named by its version) is refused.
    const alignerTask = (await send("alice", "GET", `/apps/de/${ALICES_ALIGNER}/tasks`)).json().tasks[0].id;
    const withPrivateApp = await send("bob", "POST", "/apps/pipelines", {
      name: "Sneaky",
      steps: [COUNT_THEN_CHECK.steps[0], { task_id: alignerTask }],
      mappings: COUNT_THEN_CHECK.mappings,
    });
    expect(withPrivateApp.statusCode).toBe(403);
  });

  it("builds a pipeline as the workflow editor does: each app's task from its task listing, then steps by task", async () => {
    // sonora's AppOrder: a step's task is the app's `tasks[0]`, whose inputs and outputs the mapping step offers.
    const [wordCount] = (await send("bob", "GET", `/apps/de/${WORD_COUNT}/tasks`)).json().tasks;
    const [fastqc] = (await send("bob", "GET", `/apps/de/${FASTQC}/tasks`)).json().tasks;
    expect(wordCount).toMatchObject({
      id: WORD_COUNT_TASK,
      name: "Word Count",
      tool: { name: "wc", permission: "read" },
      outputs: [{ id: "0b9b4f2e-1d3c-4a5b-8c7d-000000000013", label: "wc_out.txt", format: "Plain text" }],
    });
    expect(fastqc.inputs).toEqual([expect.objectContaining({ id: "0b9b4f2e-1d3c-4a5b-8c7d-000000000021" })]);
    const mappings = [{ source_step: 0, target_step: 1, map: { [fastqc.inputs[0].id]: wordCount.outputs[0].id } }];
    const steps = [wordCount, fastqc].map((task) => ({ system_id: "de", task_id: task.id, app_type: "DE" }));
    const created = await send("bob", "POST", "/apps/pipelines", {
      name: "Editor's",
      description: "",
      steps,
      mappings,
    });
    expect(created.statusCode).toBe(200);
    // The editor reopens it matching each step's task_id to a task (sonora's initWorkflowValues).
    const ui = (await send("bob", "GET", `/apps/pipelines/${created.json().id}/ui`)).json();
    for (const step of ui.steps) expect(ui.tasks.map((task: { id: string }) => task.id)).toContain(step.task_id);
    expect(ui.mappings).toEqual(mappings);
    // Its launch form names each step's groups after the step's app and leaves out the input the mapping feeds:
    // FastQC's reads come from Word Count, which leaves FastQC nothing to ask (job_view.clj).
    const form = (await send("bob", "GET", `/apps/de/${created.json().id}`)).json();
    expect(form.groups.map((group: { label: string }) => group.label)).toEqual(["Word Count - Parameters"]);
    const labels = form.groups.flatMap((group: { parameters: Array<{ label: string }> }) =>
      group.parameters.map((parameter) => parameter.label),
    );
    expect(labels).toEqual(["Input file", "Count lines only"]);
    // Each step asks for its resources by its number, from 0 as the apps service stores steps; its group says so.
    expect(form.groups[0].step_number).toBe(0);
    expect(form.requirements.map(({ step_number }: { step_number: number }) => step_number)).toEqual([0, 1]);
    // The app editor's view of it keeps to edit.clj's fields: its groups carry no step.
    const editor = (await send("bob", "GET", `/apps/de/${created.json().id}/ui`)).json();
    expect(editor.groups.length).toBeGreaterThan(0);
    for (const group of editor.groups) expect(group).not.toHaveProperty("step");
  });

  it("keys each step's parameters by the step when a pipeline runs one app twice, as job_view.clj does", async () => {
    // Word Count counts a file, then counts the lines of its own counts: the second step's input is the first's output.
    const [task] = (await send("bob", "GET", `/apps/de/${WORD_COUNT}/tasks`)).json().tasks;
    const step = { system_id: "de", task_id: task.id, app_type: "DE" };
    const mappings = [{ source_step: 0, target_step: 1, map: { [task.inputs[0].id]: task.outputs[0].id } }];
    const created = await send("bob", "POST", "/apps/pipelines", {
      name: "Count the counts",
      description: "",
      steps: [step, step],
      mappings,
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    type FormGroup = { step_number: number; parameters: Array<{ id: string; label: string }> };
    const form = (await send("bob", "GET", `/apps/de/${id}`)).json();
    const asked = form.groups.flatMap((group: FormGroup) =>
      group.parameters.map((parameter) => ({ step: group.step_number, label: parameter.label, id: parameter.id })),
    );
    expect(asked.map(({ step, label }: { step: number; label: string }) => [step, label])).toEqual([
      [0, "Input file"],
      [0, "Count lines only"],
      [1, "Count lines only"],
    ]);
    const [input, firstLines, secondLines] = asked.map((parameter: { id: string }) => parameter.id);
    // sonora's launch form binds each field to its id: the two steps' flags are two fields.
    expect(firstLines).not.toBe(secondLines);
    for (const key of [firstLines, secondLines])
      expect(key.endsWith("_0b9b4f2e-1d3c-4a5b-8c7d-000000000012")).toBe(true);

    // Submitted as the launch form submits it, each step keeps its own value.
    const config = { [input]: "/iplant/home/shared/reference/chapter1.txt", [firstLines]: true, [secondLines]: false };
    const body = { app_id: id, name: "counted twice", output_dir: "/iplant/home/bob/analyses", config };
    const submitted = await send("bob", "POST", "/analyses", body);
    expect(submitted.statusCode).toBe(200);
    const { parameters } = (await send("bob", "GET", `/analyses/${submitted.json().id}/parameters`)).json();
    const listedValue = (key: string) =>
      parameters.find((row: { full_param_id: string }) => row.full_param_id === key)?.param_value;
    expect(listedValue(firstLines)).toEqual({ value: "true" });
    expect(listedValue(secondLines)).toEqual({ value: "" });
    // Relaunched, the form offers each step's own value back.
    const relaunch = (await send("bob", "GET", `/analyses/${submitted.json().id}/relaunch-info`)).json();
    const offered = relaunch.groups.flatMap((group: FormGroup) => group.parameters);
    expect(offered.find((parameter: { id: string }) => parameter.id === firstLines)).toMatchObject({ value: true });
    expect(offered.find((parameter: { id: string }) => parameter.id === secondLines)).toMatchObject({ value: false });
  });

  it("refuses a pipeline of fewer than two steps or without a mapping, as the apps service does", async () => {
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ steps: COUNT_THEN_CHECK.steps.slice(0, 1), mappings: COUNT_THEN_CHECK.mappings }, "less than 2 steps"],
      [{ steps: COUNT_THEN_CHECK.steps, mappings: [] }, "without input->output mappings"],
    ];
    for (const [definition, words] of refusals) {
      const refused = await send("bob", "POST", "/apps/pipelines", { name: "Short", ...definition });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
      expect(refused.json().reason).toContain(words);
    }
    const unknown = { ...COUNT_THEN_CHECK.steps[0], task_id: WORD_COUNT };
    const byAppId = await send("bob", "POST", "/apps/pipelines", {
      name: "By app id",
      steps: [unknown, COUNT_THEN_CHECK.steps[1]],
      mappings: COUNT_THEN_CHECK.mappings,
    });
    expect(byAppId.statusCode).toBe(404);
  });

  it("lists app elements, all or by kind, and refuses unknown kinds", async () => {
    const all = (await send("alice", "GET", "/apps/elements")).json();
    expect(Object.keys(all)).toEqual(expect.arrayContaining(["parameter_types", "formats", "tools"]));
    const types = await send("alice", "GET", "/apps/elements/parameter-types");
    expect(types.json().parameter_types.map((type: { name: string }) => type.name)).toContain("FileInput");
    const tools = (await send("bob", "GET", "/apps/elements/tools"))
      .json()
      .tools.map((tool: { name: string }) => tool.name);
    expect(tools).not.toContain("alice-aligner");
    expect((await send("alice", "GET", "/apps/elements/spaceships")).statusCode).toBe(404);
  });
});
