import { demoUser, type ServiceUnderTest } from "@de-gateway/backend-simulators";
import { builtRows } from "@de-gateway/catalogue";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ALICES_ALIGNER,
  ALIGNER_TOOL,
  COUNT_THEN_CHECK,
  FASTQC,
  FASTQC_TASK,
  JUPYTER_LAB,
  WC_TOOL,
  WORD_COUNT,
  WORD_COUNT_TASK,
} from "./seed.js";
import { makeCommunity, sender, startAppsProxy } from "./support.js";

// The apps domain as the web client (sonora's serviceFacades/apps.js) calls it: apps named by system and id.
let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);
const recorded = (method: string, path: string) => service.platform.apps.recorder.to(method, path);

const FASTQC_TOOL = "4c1b0e72-7e4d-4b8b-9f34-0a6c1f2d3e02";
const definition = (name: string, tool = WC_TOOL) => ({
  name,
  description: "counts things",
  tools: [{ id: tool }],
  groups: [{ label: "Inputs", parameters: [{ name: "-l", label: "Lines", type: "Flag", order: 1 }] }],
});

/** bob's new app in `de`, through `POST /apps/de` as the app editor saves one. */
async function bobsApp(name = "Bob's Counter", tool = WC_TOOL) {
  const created = await send("bob", "POST", "/apps/de", definition(name, tool));
  expect(created.statusCode).toBe(200);
  return created.json() as { id: string; version_id: string; version: string };
}

describe("an app's life in the de system", () => {
  it("runs the version a submission names and relaunches it at that version (sonora formatters.js sends app_version_id; params.clj get-job-relaunch-info)", async () => {
    const { id, version_id: first } = await bobsApp();
    // The second version adds a required input that the first does not have.
    const second = (
      await send("bob", "POST", `/apps/de/${id}/versions`, {
        ...definition("ignored"),
        version: "2.0",
        groups: [
          {
            label: "Inputs",
            parameters: [
              { name: "-l", label: "Lines", type: "Flag", order: 1 },
              { name: "", label: "Book", type: "FileInput", order: 2, required: true },
            ],
          },
        ],
      })
    ).json().version_id as string;
    const launch = (version?: string) =>
      send("bob", "POST", "/analyses", {
        system_id: "de",
        app_id: id,
        ...(version ? { app_version_id: version } : {}),
        name: `run-${version ?? "latest"}`,
        output_dir: "/iplant/home/bob/analyses",
        create_output_subdir: true,
        debug: false,
        notify: false,
        config: {},
      });
    // The latest version asks for its input; the first ran without one.
    expect((await launch()).statusCode).toBe(400);
    expect((await launch("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const ran = await launch(first);
    expect(ran.statusCode).toBe(200);
    const listed = (await send("bob", "GET", "/analyses")).json().analyses;
    expect(listed).toEqual([expect.objectContaining({ id: ran.json().id, app_id: id, app_version_id: first })]);
    const relaunchInfo = (await send("bob", "GET", `/analyses/${ran.json().id}/relaunch-info`)).json();
    expect(relaunchInfo).toMatchObject({ version_id: first, version: "1.0" });
    expect(relaunchInfo.groups.flatMap((group: { parameters: unknown[] }) => group.parameters)).toHaveLength(1);
    expect(second).not.toBe(first);
  });

  it("creates an app, adds a version, and reads the ui and details of each version", async () => {
    const { id, version_id: first } = await bobsApp();
    const added = await send("bob", "POST", `/apps/de/${id}/versions`, { ...definition("ignored"), version: "2.0" });
    expect(added.statusCode).toBe(200);
    const second = added.json().version_id as string;
    expect(added.json().versions).toEqual([
      { version: "2.0", version_id: second },
      { version: "1.0", version_id: first },
    ]);

    // The unversioned paths show the latest version; each version has its own.
    expect((await send("bob", "GET", `/apps/de/${id}/ui`)).json()).toMatchObject({ id, version_id: second });
    expect((await send("bob", "GET", `/apps/de/${id}/versions/${first}/ui`)).json()).toMatchObject({
      version: "1.0",
      version_id: first,
      groups: [{ label: "Inputs" }],
    });
    const details = await send("bob", "GET", `/apps/de/${id}/details`);
    expect(details.json()).toMatchObject({ id, name: "Bob's Counter", version: "2.0", tools: [{ id: WC_TOOL }] });
    expect((await send("bob", "GET", `/apps/de/${id}/versions/${first}/details`)).json()).toMatchObject({
      version: "1.0",
    });
    expect((await send("bob", "GET", `/apps/de/${id}`)).json()).toMatchObject({ id, version_id: second });
    expect((await send("bob", "GET", `/apps/de/${id}/listing`)).json()).toMatchObject({
      total: 1,
      apps: [{ id, version_id: second }],
    });
  });

  it("keeps an input's default path as the editor sends it ({path}), and offers it on the launch form while it exists", async () => {
    // The app editor sends and reads an input's default as {path} (sonora's app editor; edit.clj).
    const input = (label: string, path: string) => ({ label, type: "FileInput", order: 1, defaultValue: { path } });
    const parameters = [input("Notes", "/iplant/home/bob/notes.txt"), input("Gone", "/iplant/home/bob/gone.txt")];
    const created = await send("bob", "POST", "/apps/de", {
      ...definition("Bob's Reader"),
      groups: [{ label: "Inputs", parameters }],
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const editor = (await send("bob", "GET", `/apps/de/${id}/ui`)).json();
    expect(editor.groups[0].parameters.map((p: { defaultValue: unknown }) => p.defaultValue)).toEqual([
      { path: "/iplant/home/bob/notes.txt" },
      { path: "/iplant/home/bob/gone.txt" },
    ]);
    // The launch form the web client fills its inputs from (`defaultValue.path`, sonora's initGroupValues): the apps
    // service offers only paths data-info finds.
    const form = (await send("bob", "GET", `/apps/de/${id}`)).json();
    const [notes, gone] = form.groups[0].parameters;
    expect(notes).toMatchObject({ label: "Notes", defaultValue: { path: "/iplant/home/bob/notes.txt" } });
    expect(gone.label).toBe("Gone");
    expect(gone).not.toHaveProperty("defaultValue");
  });

  it("lists each step's resource requirements on the launch form, the web client's resource step", async () => {
    // Every app's step has an entry (sonora offers the step when there is one), an interactive app's with the
    // platform's limits where its tool sets none, and a tool's own settings where it sets them. Steps are numbered as
    // the apps service stores them, from 0 (add-step), in the requirements and in the groups alike.
    const wordCount = (await send("alice", "GET", `/apps/de/${WORD_COUNT}`)).json();
    expect(wordCount.requirements).toEqual([{ step_number: 0 }]);
    expect(wordCount.groups.map((group: { step_number: number }) => group.step_number)).toEqual([0]);
    expect((await send("alice", "GET", `/apps/de/${JUPYTER_LAB}`)).json().requirements).toEqual([
      { step_number: 0, max_cpu_cores: 4, memory_limit: 16 * 2 ** 30, max_gpus: 0 },
    ]);
    const container = { image: { name: "bob/heavy" }, min_cpu_cores: 2, max_cpu_cores: 8, memory_limit: 2 ** 33 };
    const tool = (await send("bob", "POST", "/tools", { name: "heavy", version: "1", container })).json();
    const app = (await send("bob", "POST", "/apps/de", { ...definition("Heavy"), tools: [{ id: tool.id }] })).json();
    expect((await send("bob", "GET", `/apps/de/${app.id}`)).json().requirements).toEqual([
      { step_number: 0, min_cpu_cores: 2, max_cpu_cores: 8, memory_limit: 2 ** 33 },
    ]);
  });

  it("reorders versions, relabels one and deletes one, never the last", async () => {
    const { id, version_id: first } = await bobsApp();
    const second = (await send("bob", "POST", `/apps/de/${id}/versions`, { ...definition("x"), version: "2.0" })).json()
      .version_id as string;
    const reordered = await send("bob", "PUT", `/apps/de/${id}/versions`, {
      versions: [
        { version_id: first, version: "1.0" },
        { version_id: second, version: "2.0" },
      ],
    });
    // The backend answers the app (`App`), its versions in the new order.
    expect(reordered.json()).toMatchObject({
      id,
      version_id: first,
      versions: [
        { version: "1.0", version_id: first },
        { version: "2.0", version_id: second },
      ],
    });
    const relabelled = await send("bob", "PATCH", `/apps/de/${id}/versions/${second}`, { version: "2.0-beta" });
    expect(relabelled.json()).toMatchObject({ version: "2.0-beta", version_id: second });
    expect((await send("bob", "DELETE", `/apps/de/${id}/versions/${first}`)).statusCode).toBe(200);
    expect((await send("bob", "GET", `/apps/de/${id}`)).json()).toMatchObject({ version_id: second });
    const last = await send("bob", "DELETE", `/apps/de/${id}/versions/${second}`);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
  });

  it("edits the documentation of the latest version and of an older one", async () => {
    const { id, version_id: first } = await bobsApp();
    expect((await send("bob", "POST", `/apps/de/${id}/documentation`, { documentation: "# v1" })).statusCode).toBe(200);
    await send("bob", "POST", `/apps/de/${id}/versions`, { ...definition("x"), version: "2.0" });
    // The new version starts with a copy of the latest one's documentation (edit.clj add-app-version).
    expect((await send("bob", "GET", `/apps/de/${id}/documentation`)).json()).toMatchObject({ documentation: "# v1" });
    const older = await send("bob", "PATCH", `/apps/de/${id}/versions/${first}/documentation`, {
      documentation: "# v1, revised",
    });
    expect(older.json()).toMatchObject({ app_id: id, version_id: first, documentation: "# v1, revised" });
    expect((await send("bob", "GET", `/apps/de/${id}/documentation`)).json()).toMatchObject({ documentation: "# v1" });
    expect((await send("alice", "PATCH", `/apps/de/${id}/documentation`, { documentation: "mine" })).statusCode).toBe(
      403,
    );
  });

  it("favorites and rates an app, which its listing shows", async () => {
    expect((await send("alice", "PUT", `/apps/de/${WORD_COUNT}/favorite`)).statusCode).toBe(200);
    const rated = await send("alice", "POST", `/apps/de/${WORD_COUNT}/rating`, { rating: 4 });
    expect(rated.json()).toEqual({ average: 4, total: 1 });
    expect((await send("bob", "POST", `/apps/de/${WORD_COUNT}/rating`, { rating: 2 })).json()).toEqual({
      average: 3,
      total: 2,
    });
    const listed = (await send("alice", "GET", `/apps/de/${WORD_COUNT}/listing`)).json();
    expect(listed.apps[0]).toMatchObject({ is_favorite: true, rating: { average: 3, total: 2, user: 4 } });
    expect((await send("alice", "DELETE", `/apps/de/${WORD_COUNT}/rating`)).json()).toEqual({ average: 2, total: 1 });
    await send("alice", "DELETE", `/apps/de/${WORD_COUNT}/favorite`);
    expect((await send("alice", "GET", `/apps/de/${WORD_COUNT}/listing`)).json().apps[0].is_favorite).toBe(false);
  });

  it("offers rating on every app but rates only public ones, as de/metadata.clj rate-app does", async () => {
    // sonora's details drawer shows its stars where the listing says can_rate, which the apps service always says.
    expect((await send("alice", "GET", `/apps/de/${ALICES_ALIGNER}/details`)).json().can_rate).toBe(true);
    for (const [method, body, reason] of [
      ["POST", { rating: 4 }, "Unable to rate private app"],
      ["DELETE", undefined, "Unable to remove rating from private app"],
    ] as const) {
      const refused = await send("alice", method, `/apps/de/${ALICES_ALIGNER}/rating`, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error_code: "ERR_BAD_OR_MISSING_FIELD",
        reason: `${reason}, ${ALICES_ALIGNER}`,
      });
    }
  });

  it("publishes an app of trusted images at once, and queues one of other images for an administrator", async () => {
    const trusted = await bobsApp("Trusted Counter");
    expect((await send("bob", "GET", `/apps/de/${trusted.id}/is-publishable`)).json()).toEqual({ publishable: true });
    // The publish dialog's request (sonora's PublishAppDialog): the app's name and description as the user left
    // them, the documentation it writes from the form, the attribution links.
    const request = {
      id: trusted.id,
      system_id: "de",
      name: "Trusted Counter",
      description: "Counts things, trusted",
      documentation: "### Trusted Counter\n\nCounts things.",
      references: ["doi:1"],
    };
    const undocumented = await send("bob", "POST", `/apps/de/${trusted.id}/publish`, { references: ["doi:1"] });
    expect(undocumented.statusCode).toBe(400);
    expect(undocumented.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
    expect((await send("bob", "POST", `/apps/de/${trusted.id}/publish`, request)).statusCode).toBe(200);
    expect((await send("alice", "GET", `/apps/de/${trusted.id}/details`)).json()).toMatchObject({
      is_public: true,
      description: "Counts things, trusted",
      references: ["doi:1"],
    });
    // What the dialog wrote is the app's documentation page (docs.clj, on the latest version).
    expect((await send("alice", "GET", `/apps/de/${trusted.id}/documentation`)).json()).toMatchObject({
      documentation: request.documentation,
      created_by: "bob",
    });

    // A public tool's image was trusted when the tool was made public: FastQC's app is published at once too.
    const checked = await bobsApp("Quality Check", FASTQC_TOOL);
    const documented = { documentation: "# Quality Check" };
    expect((await send("bob", "POST", `/apps/de/${checked.id}/publish`, documented)).statusCode).toBe(200);

    // bob's own tool from Docker Hub: publishing it waits for an administrator, without documentation (the service
    // checks that only when it publishes at once).
    const container = { image: { name: "python", tag: "3.12" } };
    const tool = (await send("bob", "POST", "/tools", { name: "py-count", version: "1", container })).json();
    const untrusted = await bobsApp("Python Counter", tool.id);
    expect((await send("bob", "GET", `/apps/de/${untrusted.id}/is-publishable`)).json()).toEqual({ publishable: true });
    const requested = await send("bob", "POST", `/apps/de/${untrusted.id}/publish`, {});
    expect(requested.statusCode).toBe(202);
    expect((await send("alice", "GET", `/apps/de/${untrusted.id}/details`)).statusCode).toBe(403);
    expect((await send("bob", "GET", "/admin/apps/publication-requests")).statusCode).toBe(403);
    const requests = await send("carol", "GET", "/admin/apps/publication-requests");
    expect(requests.json()).toMatchObject({
      publication_requests: [{ requestor: "bob", app: { id: untrusted.id, name: "Python Counter" } }],
    });
    // As the apps backend answers, an administrator cannot publish an app of untrusted images either.
    const refused = await send("carol", "POST", `/admin/apps/de/${untrusted.id}//publish`, {});
    expect(refused.statusCode).toBe(400);
  });

  it("makes an app's private tools public with it, and refuses one that runs another's private tool", async () => {
    // bob's tool from a trusted registry: his app is published at once, and the tool with it (make-app-public).
    const container = { image: { name: "discoenv/bob-count", tag: "1" } };
    const tool = (await send("bob", "POST", "/tools", { name: "bob-count", version: "1", container })).json();
    const app = await bobsApp("Trusted Private", tool.id);
    const published = await send("bob", "POST", `/apps/de/${app.id}/publish`, { documentation: "# Counts" });
    expect(published.statusCode).toBe(200);
    expect((await send("alice", "GET", `/tools/${tool.id}`)).json()).toMatchObject({ id: tool.id, is_public: true });

    // alice's private aligner tool, shared with bob: he may run it, not publish an app of it.
    const subject = { id: "bob", source_id: "ldap" };
    await send("alice", "POST", "/tools/sharing", {
      sharing: [{ subject, tools: [{ tool_id: ALIGNER_TOOL, permission: "read" }] }],
    });
    const borrowed = await bobsApp("Borrowed Aligner", ALIGNER_TOOL);
    expect((await send("bob", "GET", `/apps/de/${borrowed.id}/is-publishable`)).json()).toEqual({
      publishable: false,
      reason: "contains unpublishable tools",
    });
    const refused = await send("bob", "POST", `/apps/de/${borrowed.id}/publish`, { documentation: "# Aligns" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ reason: expect.stringContaining("contains unpublishable tools") });
  });

  it("adds a version to a public app, of public tools only, with the latest version's documentation", async () => {
    // sonora's "Create version" of carol's published Word Count (addAppVersion): an app definition and its label.
    const added = await send("carol", "POST", `/apps/de/${WORD_COUNT}/versions`, {
      ...definition("Word Count"),
      version: "2.0",
    });
    expect(added.statusCode).toBe(200);
    const { version_id: newVersion } = added.json();
    const documented = await send("alice", "GET", `/apps/de/${WORD_COUNT}/versions/${newVersion}/documentation`);
    expect(documented.statusCode).toBe(200);
    expect(documented.json().documentation).toEqual(expect.any(String));
    // A private tool in a public app's version is refused, with the tools that stop it.
    const container = { image: { name: "discoenv/carol-count", tag: "1" } };
    const tool = (await send("carol", "POST", "/tools", { name: "carol-count", version: "1", container })).json();
    const refused = await send("carol", "POST", `/apps/de/${WORD_COUNT}/versions`, {
      ...definition("Word Count", tool.id),
      version: "3.0",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      reason: "Cannot add public app version that uses private or missing tool(s)",
      tools: [{ id: tool.id }],
    });
  });

  it("copies a version into a new app of the caller's", async () => {
    const { id, version_id: first } = await bobsApp();
    await send("bob", "POST", `/apps/de/${id}/versions`, { ...definition("x"), version: "2.0" });
    const copy = await send("alice", "POST", `/apps/de/${WORD_COUNT}/copy`);
    expect(copy.json()).toMatchObject({ name: "Copy of Word Count" });
    const versionCopy = await send("bob", "POST", `/apps/de/${id}/versions/${first}/copy`);
    expect(versionCopy.statusCode).toBe(200);
    expect(versionCopy.json()).toMatchObject({ name: "Copy of Bob's Counter", version: "1.0" });
    expect(versionCopy.json().id).not.toBe(id);
    expect(versionCopy.json().versions).toHaveLength(1);
  });

  it("changes and deletes an app by system id", async () => {
    const { id } = await bobsApp();
    const relabelled = await send("bob", "PATCH", `/apps/de/${id}`, { name: "Renamed" });
    expect(relabelled.json()).toMatchObject({ name: "Renamed" });
    const replaced = await send("bob", "PUT", `/apps/de/${id}`, definition("Replaced"));
    expect(replaced.json()).toMatchObject({ name: "Replaced", tools: [{ id: WC_TOOL }] });
    // The version's one task (named by the version), run by the app's tool.
    expect((await send("bob", "GET", `/apps/de/${id}/tasks`)).json()).toMatchObject({
      tasks: [{ id: replaced.json().version_id, name: "Replaced", tool: { id: WC_TOOL } }],
    });
    expect((await send("bob", "GET", `/apps/de/${id}/tools`)).json()).toMatchObject({ tools: [{ name: "wc" }] });
    expect((await send("bob", "DELETE", `/apps/de/${id}`)).statusCode).toBe(200);
    expect(service.platform.apps.state.catalog.apps.get(id)?.deleted).toBe(true);
  });

  it("lets administrators change, bless and read any app by system id", async () => {
    const { version_id } = (await send("carol", "GET", `/admin/apps/de/${ALICES_ALIGNER}/details`)).json();
    const patched = await send("carol", "PATCH", `/admin/apps/de/${ALICES_ALIGNER}/versions/${version_id}`, {
      disabled: true,
      name: "Aligner",
    });
    expect(patched.json()).toMatchObject({ name: "Aligner", disabled: true });
    await send("carol", "POST", `/admin/apps/de/${FASTQC}/blessing`);
    const featured = (await send("bob", "GET", "/apps/categories/featured")).json();
    expect(featured.apps.map((app: { name: string }) => app.name).sort()).toEqual(["FastQC", "Word Count"]);
    await send("carol", "DELETE", `/admin/apps/de/${FASTQC}/blessing`);
    expect((await send("bob", "GET", "/apps/categories/featured")).json().total).toBe(1);
    expect((await send("alice", "POST", `/admin/apps/de/${FASTQC}/blessing`)).statusCode).toBe(403);
  });
});

describe("the app editor's and the administrators' saves, in the client's shapes", () => {
  it("saves a version as the editor does (PUT …/versions/{version-id}), leaving the other versions alone", async () => {
    const { id, version_id: first } = await bobsApp();
    const second = (await send("bob", "POST", `/apps/de/${id}/versions`, { ...definition("x"), version: "2.0" })).json()
      .version_id as string;
    const saved = await send("bob", "PUT", `/apps/de/${id}/versions/${first}`, {
      ...definition("Bob's Counter"),
      groups: [{ label: "Changed", parameters: [] }],
    });
    expect(saved.json()).toMatchObject({ version_id: first, groups: [{ label: "Changed" }] });
    expect((await send("bob", "GET", `/apps/de/${id}/versions/${second}/ui`)).json()).toMatchObject({
      groups: [{ label: "Inputs" }],
    });
  });

  it("keeps what the editor sets on each parameter: list items, validators, file settings (sonora's formatSubmission)", async () => {
    // The parameters as the app editor submits them (sonora's apps/editor/formatters.js `formatSubmission`).
    const fileSettings = { data_source: "file", file_info_type: "File", format: "Unspecified", is_implicit: false };
    const tiny = { id: "", name: "-m", value: "tiny", display: "Tiny", isDefault: false };
    const large = { name: "-m", value: "large", display: "Large", isDefault: true };
    const parameters = [
      {
        type: "FileInput",
        label: "Text",
        order: 0,
        required: true,
        omit_if_blank: false,
        file_parameters: fileSettings,
      },
      {
        type: "TextSelection",
        label: "Model",
        order: 1,
        required: false,
        omit_if_blank: true,
        arguments: [tiny, large],
        defaultValue: large,
      },
      {
        type: "Integer",
        name: "-n",
        label: "Lines",
        order: 2,
        validators: [{ type: "IntRange", params: ["1", 100] }],
        defaultValue: 10,
      },
      { type: "FileOutput", label: "Report", order: 3, file_parameters: fileSettings, defaultValue: "report.txt" },
      {
        type: "FileOutput",
        label: "Log",
        order: 4,
        file_parameters: { ...fileSettings, is_implicit: true },
        defaultValue: "run.log",
      },
    ];
    const created = await send("bob", "POST", "/apps/de", {
      ...definition("Bob's Modeller"),
      groups: [{ label: "All", parameters }],
    });
    expect(created.statusCode).toBe(200);
    // What saving answers is the editor's view, whose system_id the editor reopens the app under (edit.clj).
    const editor = created.json();
    expect(editor.system_id).toBe("de");
    const [text, model, lines, report, log] = editor.groups[0].parameters;
    expect(text).toMatchObject({
      file_parameters: { ...fileSettings, retain: false },
      validators: [],
      defaultValue: null,
    });
    expect(text.file_parameters).not.toHaveProperty("repeat_option_flag");
    expect(model.arguments).toHaveLength(2);
    expect(model.arguments[0]).toMatchObject({ name: "-m", value: "tiny", display: "Tiny", isDefault: false });
    expect(model.arguments[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(model).toMatchObject({ omit_if_blank: true, defaultValue: { value: "large", isDefault: true } });
    expect(lines).toMatchObject({ validators: [{ type: "IntRange", params: [1, 100] }], defaultValue: 10 });
    expect(report.file_parameters).toMatchObject({ retain: true, is_implicit: false });
    expect(log.file_parameters).toMatchObject({ is_implicit: true });

    // The launch form (job_view.clj): list items and validators on every parameter, a selection's default item, no
    // implicit output, none of the editor's own fields.
    const form = (await send("bob", "GET", `/apps/de/${editor.id}`)).json();
    const shown = form.groups[0].parameters;
    expect(shown.map((p: { label: string }) => p.label)).toEqual(["Text", "Model", "Lines", "Report"]);
    expect(shown[0]).toMatchObject({ arguments: [], validators: [], required: true });
    expect(shown[0]).not.toHaveProperty("file_parameters");
    expect(shown[0]).not.toHaveProperty("order");
    expect(shown[1].arguments.map((item: { value: string }) => item.value)).toEqual(["tiny", "large"]);
    expect(shown[1].defaultValue).toEqual(model.arguments[1]);
    expect(shown[2]).toMatchObject({ validators: [{ type: "IntRange", params: [1, 100] }], defaultValue: 10 });
    expect(form.groups[0]).not.toHaveProperty("isVisible");
  });

  it("shows a seeded app's file settings and system to the editor, whose command-line step reads them", async () => {
    // sonora's CmdLineOrderForm reads `file_parameters.is_implicit` of every input and output unguarded.
    const editor = (await send("alice", "GET", `/apps/de/${ALICES_ALIGNER}/ui`)).json();
    expect(editor.system_id).toBe("de");
    const [reads, reference] = editor.groups[0].parameters;
    expect(reads.file_parameters).toEqual({
      format: "Unspecified",
      file_info_type: "File",
      data_source: "file",
      is_implicit: false,
      retain: false,
    });
    // A reference input's settings are the service's own and not the editor's to change.
    expect(reference.type).toBe("ReferenceGenome");
    expect(reference).not.toHaveProperty("file_parameters");
  });

  it("shows a reference genome default as the genome, in the editor and on the launch form", async () => {
    const genome = (await send("bob", "GET", "/reference-genomes")).json().genomes[0];
    const parameters = [{ type: "ReferenceGenome", label: "Genome", order: 0, defaultValue: genome }];
    const created = await send("bob", "POST", "/apps/de", {
      ...definition("Bob's Mapper"),
      groups: [{ label: "G", parameters }],
    });
    expect(created.json().groups[0].parameters[0].defaultValue).toEqual(genome);
    const form = (await send("bob", "GET", `/apps/de/${created.json().id}`)).json();
    expect(form.groups[0].parameters[0]).toMatchObject({ defaultValue: genome, arguments: [] });
  });

  it("refuses what the apps service refuses of a parameter, with 400 and its words", async () => {
    const save = (parameter: Record<string, unknown>) =>
      send("bob", "POST", "/apps/de", { ...definition("Bad"), groups: [{ label: "G", parameters: [parameter] }] });
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { type: "Integer", label: "n", validators: [{ type: "IntSomewhere", params: [1] }] },
        "validation rule type IntSomewhere not found",
      ],
      [
        { type: "Integer", label: "n", validators: [{ type: "IntRange", params: [1] }] },
        "incorrect number of arguments (1) for rule type IntRange",
      ],
      [
        { type: "Integer", label: "n", validators: [{ type: "IntAbove", params: ["one"] }] },
        "invalid integer argument value: one",
      ],
      [
        { type: "Double", label: "x", validators: [{ type: "DoubleBelow", params: [null] }] },
        "nil rule arguments are not allowed",
      ],
      [
        { type: "FileOutput", label: "out", file_parameters: { is_implicit: true } },
        "Hidden output parameters must define a default value.",
      ],
    ];
    for (const [parameter, reason] of cases) {
      const refused = await save(parameter);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().reason).toBe(reason);
    }
  });

  it("lets an administrator disable, delete and restore an app, and publish one through //publish", async () => {
    const { id } = await bobsApp();
    const disabled = await send("carol", "PATCH", `/admin/apps/de/${id}`, { deleted: false, disabled: true });
    expect(disabled.json()).toMatchObject({ id, disabled: true, deleted: false });
    await send("carol", "PATCH", `/admin/apps/de/${id}`, { deleted: true, disabled: true });
    expect(service.platform.apps.state.catalog.apps.get(id)?.deleted).toBe(true);
    await send("carol", "PATCH", `/admin/apps/de/${id}`, { deleted: false, disabled: false });
    const published = await send("carol", "POST", `/admin/apps/de/${id}//publish`, { documentation: "# Counter" });
    expect(published.statusCode).toBe(200);
    expect(recorded("POST", `/admin/apps/de/${id}/publish`)).toHaveLength(1);
    expect((await send("alice", "GET", `/apps/de/${id}/details`)).json()).toMatchObject({ is_public: true });
  });
});

describe("searching apps as the backend reads search terms", () => {
  it("reads * and ? as wildcards, so * finds every app the caller may see", async () => {
    const names = async (search: string) =>
      (await send("bob", "GET", `/apps?search=${encodeURIComponent(search)}`))
        .json()
        .apps.map((app: { name: string }) => app.name)
        .sort();
    // The platform's internal URL import app is no listing's (app_search.clj).
    expect(await names("*")).toEqual(["FastQC", "JupyterLab Data Science", "Word Count"]);
    expect(await names("curl")).toEqual([]);
    expect(await names("w*count")).toEqual(["Word Count"]);
    expect(await names("fast?c")).toEqual(["FastQC"]);
    expect(await names("(")).toEqual([]);
  });

  it("previews a command line for an app of a system", async () => {
    const preview = await send("bob", "POST", "/apps/de/arg-preview", {
      groups: [{ parameters: [{ name: "-l", type: "Flag", value: true, order: 1 }] }],
    });
    expect(preview.json()).toEqual({ params: "-l" });
    expect((await send("bob", "POST", "/apps/nope/arg-preview", { groups: [] })).statusCode).toBe(400);
  });
});

describe("sharing apps under the client's names", () => {
  it("shares an app with bob, who lists it, and unshares it again (both names work)", async () => {
    const subject = { id: "bob", source_id: "ldap" };
    const shared = await send("alice", "POST", "/apps/sharing", {
      sharing: [{ subject, apps: [{ system_id: "de", app_id: ALICES_ALIGNER, permission: "read" }] }],
    });
    expect(shared.json()).toMatchObject({ sharing: [{ subject, apps: [{ app_id: ALICES_ALIGNER, success: true }] }] });
    const bobs = (await send("bob", "GET", "/apps?search=aligner")).json();
    expect(bobs.apps).toMatchObject([{ id: ALICES_ALIGNER, permission: "read" }]);
    expect((await send("bob", "GET", `/apps/de/${ALICES_ALIGNER}/details`)).statusCode).toBe(200);
    await send("alice", "POST", "/apps/unsharing", {
      unsharing: [{ subject, apps: [{ system_id: "de", app_id: ALICES_ALIGNER }] }],
    });
    expect((await send("bob", "GET", "/apps?search=aligner")).json().apps).toEqual([]);
  });

  it("lets an administrator share an app they do not own, and no one else", async () => {
    const body = {
      sharing: [
        {
          subject: { id: "bob", source_id: "ldap" },
          apps: [{ system_id: "de", app_id: ALICES_ALIGNER, permission: "read" }],
        },
      ],
    };
    expect((await send("bob", "POST", "/admin/apps/sharing", body)).statusCode).toBe(403);
    expect((await send("carol", "POST", "/admin/apps/sharing", body)).json()).toMatchObject({
      sharing: [{ apps: [{ success: true }] }],
    });
    expect((await send("bob", "GET", `/apps/de/${ALICES_ALIGNER}`)).statusCode).toBe(200);
  });
});

describe("optional sign-in", () => {
  it("shows an app's details and documentation to anonymous visitors, as the user anonymous", async () => {
    const details = await send(undefined, "GET", `/apps/de/${WORD_COUNT}/details`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ id: WORD_COUNT, name: "Word Count" });
    expect(recorded("GET", `/apps/de/${WORD_COUNT}/details`)[0]?.query).toEqual({ user: "anonymous" });
    expect((await send(undefined, "GET", `/apps/de/${ALICES_ALIGNER}/details`)).statusCode).toBe(403);
    expect((await send(undefined, "GET", "/apps/categories/featured")).statusCode).toBe(200);
  });

  it("refuses anonymous writes, and a bad or expired token even on an optional route", async () => {
    expect((await send(undefined, "PUT", `/apps/de/${WORD_COUNT}/favorite`)).statusCode).toBe(401);
    expect((await send(undefined, "POST", "/apps/de", definition("x"))).statusCode).toBe(401);
    const forged = await service.app.inject({
      url: `/apps/de/${WORD_COUNT}/details`,
      headers: { authorization: "Bearer not.a.token" },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
    const alice = demoUser("alice");
    if (!alice) throw new Error("no demo user alice");
    const expired = await (await service.platform.idp.state.keys).mint(alice, { expiresInSeconds: -60 });
    const late = await service.app.inject({
      url: `/apps/de/${WORD_COUNT}/details`,
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(late.statusCode).toBe(401);
    expect(recorded("GET", `/apps/de/${WORD_COUNT}/details`)).toEqual([]);
  });
});

describe("identity", () => {
  it("takes the caller from the token, never from user or email parameters or headers", async () => {
    const { id } = await bobsApp();
    const spoof = "?user=alice&email=alice%40example.org&first-name=Alice";
    const headers = { "x-user": "alice", "x-email": "alice@example.org" };
    const answer = await send("bob", "PUT", `/apps/de/${id}/favorite${spoof}`, undefined, headers);
    expect(answer.statusCode).toBe(200);
    const [call] = recorded("PUT", `/apps/de/${id}/favorite`);
    expect(call?.query).toMatchObject({ user: "bob", email: "bob@example.org", "first-name": "Bob" });
    expect(call?.headers["x-user"]).toBeUndefined();
    expect(service.platform.apps.state.appMarks.favorites.get("alice")).toBeUndefined();
  });
});

describe("identity on every apps-backend row", () => {
  it("sends the token's user to the apps backend whatever user, email or headers the caller sent", async () => {
    const rows = builtRows("apps-proxy", new URL("../pending.txt", import.meta.url)).filter(
      // Quick launches have moved to the analyses backend, which takes the full username (their own tests).
      (row) => row.backend === "apps" && row.auth !== "none" && !row.path.startsWith("/quicklaunches"),
    );
    expect(rows.length).toBeGreaterThan(150);
    const spoofed = "user=mallory&email=mallory%40example.org&first-name=Mallory";
    const headers = { user: "mallory", email: "mallory@example.org", "x-forwarded-user": "mallory" };
    for (const row of rows) {
      const caller = row.auth === "admin" ? "carol" : "bob";
      const url = row.path.replace("{system-id}", "de").replace(/\{[^}]+\}/g, WORD_COUNT);
      // Rows whose body the gateway reads before the apps backend is asked: a submission names an output folder the
      // gateway lets through, a bulk category deletion its ids.
      const checkedBodies: Record<string, unknown> = {
        "POST /analyses": { output_dir: "/iplant/home/bob/analyses" },
        "POST /admin/apps/categories/shredder": { category_ids: [WORD_COUNT] },
      };
      const writes = ["POST", "PUT", "PATCH", "DELETE"].includes(row.method);
      const body = writes ? (checkedBodies[`${row.method} ${row.path}`] ?? {}) : undefined;
      service.platform.apps.recorder.clear();
      await send(caller, row.method as "GET", `${url}?${spoofed}`, body, headers);
      const calls = service.platform.apps.recorder.requests;
      expect(calls.length, `${row.method} ${row.path}`).toBeGreaterThan(0);
      for (const call of calls) {
        expect(call.query.user, `${row.method} ${row.path}`).toBe(caller);
        expect(JSON.stringify(call.headers), `${row.method} ${row.path}`).not.toContain("mallory");
      }
    }
  });
});

describe("bad input on every apps-backend row", () => {
  const rows = () =>
    builtRows("apps-proxy", new URL("../pending.txt", import.meta.url)).filter(
      (row) => row.backend === "apps" && row.auth !== "none" && !row.path.startsWith("/quicklaunches"),
    );
  const callerFor = (auth: string) => (auth === "admin" ? "carol" : "bob");

  it("answers an unknown system id or unknown identifiers with a 4xx JSON error, never a 5xx", async () => {
    for (const row of rows()) {
      const url = row.path.replace("{system-id}", "nope").replace(/\{[^}]+\}/g, "no-such-thing");
      const body = ["POST", "PUT", "PATCH", "DELETE"].includes(row.method) ? {} : undefined;
      const answer = await send(callerFor(row.auth), row.method as "GET", url, body);
      expect(answer.statusCode, `${row.method} ${url}`).toBeLessThan(500);
      if (answer.statusCode >= 400) expect(answer.json(), `${row.method} ${url}`).toHaveProperty("error_code");
    }
  });

  it("answers malformed JSON on every row that takes a body with a 4xx JSON error", async () => {
    for (const row of rows().filter((candidate) => ["POST", "PUT", "PATCH"].includes(candidate.method))) {
      const url = row.path.replace("{system-id}", "de").replace(/\{[^}]+\}/g, WORD_COUNT);
      const answer = await send(callerFor(row.auth), row.method as "POST", url, '{"name": ', {
        "content-type": "application/json",
      });
      expect(answer.statusCode, `${row.method} ${row.path}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, `${row.method} ${row.path}`).toBeLessThan(500);
      expect(answer.json(), `${row.method} ${row.path}`).toHaveProperty("error_code");
    }
  });
});

describe("route conflicts: the static segment wins, as in the reference gateway", () => {
  it("sends the seed's /apps/{app-id}/details to the DE system's app, as the system's own row", async () => {
    expect((await send("bob", "GET", `/apps/${WORD_COUNT}/details`)).statusCode).toBe(200);
    expect(recorded("GET", `/apps/de/${WORD_COUNT}/details`)).toHaveLength(1);
    expect((await send("bob", "GET", `/apps/de/${WORD_COUNT}`)).json()).toMatchObject({ id: WORD_COUNT });
    expect(recorded("GET", `/apps/de/${WORD_COUNT}`)).toHaveLength(1);
  });

  it("sends /apps/pipelines/{id}/versions/{version-id}/ui to the pipeline's row", async () => {
    const pipeline = await send("bob", "POST", "/apps/pipelines", { name: "Count then check", ...COUNT_THEN_CHECK });
    const { id, version_id } = pipeline.json();
    const ui = await send("bob", "GET", `/apps/pipelines/${id}/versions/${version_id}/ui`);
    expect(ui.statusCode).toBe(200);
    expect(ui.json()).toMatchObject({ id, steps: [{ task_id: WORD_COUNT_TASK }, { task_id: FASTQC_TASK }] });
    expect(recorded("GET", `/apps/pipelines/${id}/versions/${version_id}/ui`)).toHaveLength(1);
  });

  it("sends /apps/categories/featured to the featured listing, not to an app named featured", async () => {
    const featured = await send("bob", "GET", "/apps/categories/featured");
    expect(featured.json()).toMatchObject({ name: "Featured Apps", apps: [{ id: WORD_COUNT }] });
    expect(recorded("GET", "/apps/categories/featured")).toHaveLength(1);
  });

  it("sends DELETE /apps/{app-id}/communities to the community tags, not to DELETE /apps/{system-id}/{app-id}", async () => {
    const { id } = await bobsApp();
    const community = await makeCommunity(service, "counting", "bob");
    const avus = { avus: [{ attr: "cyverse-community", value: community, unit: "" }] };
    const tagged = await send("bob", "POST", `/apps/${id}/communities`, avus);
    expect(tagged.json()).toMatchObject({ avus: [{ attr: "cyverse-community", value: community }] });
    const members = await send("alice", "GET", `/apps/communities/${encodeURIComponent(community)}/apps`);
    expect(members.json()).toMatchObject({ total: 0 });
    expect((await send("bob", "GET", `/apps/communities/${encodeURIComponent(community)}/apps`)).json()).toMatchObject({
      total: 1,
      apps: [{ id }],
    });
    const removed = await send("bob", "DELETE", `/apps/${id}/communities`, avus);
    expect(removed.statusCode).toBe(200);
    expect(recorded("DELETE", `/apps/${id}/communities`)).toHaveLength(1);
    expect(service.platform.apps.state.catalog.apps.get(id)?.deleted).toBe(false);
  });
});

describe("bad input on the new rows", () => {
  it("answers an unknown system id with 400 and the backend's error code", async () => {
    for (const [method, url] of [
      ["GET", `/apps/nope/${WORD_COUNT}/details`],
      ["POST", "/apps/nope"],
      ["GET", "/apps/categories/nope/some-category"],
    ] as const) {
      const answer = await send("bob", method, url, method === "POST" ? definition("x") : undefined);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toMatchObject({
        error_code: "ERR_BAD_REQUEST",
        reason: "unrecognized system ID nope",
      });
    }
  });

  it("refuses changes to HPC apps as the backend does, and finds none to read", async () => {
    const created = await send("bob", "POST", "/apps/tapis", definition("x"));
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ reason: "Cannot add or modify HPC apps with this service" });
    expect((await send("bob", "PUT", "/apps/tapis/some-app/favorite")).statusCode).toBe(400);
    expect((await send("bob", "GET", "/apps/tapis/some-app/details")).statusCode).toBe(404);
  });

  it("answers a version of another app with 404", async () => {
    const { version_id } = (await send("bob", "GET", `/apps/de/${WORD_COUNT}`)).json();
    const answer = await send("bob", "GET", `/apps/de/${FASTQC}/versions/${version_id}/details`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
  });

  it("answers malformed JSON and wrong types with 400 and an error code, never 500", async () => {
    const { id } = await bobsApp();
    const malformed = await send("bob", "POST", `/apps/de/${id}/rating`, '{"rating": ', {
      "content-type": "application/json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty("error_code");
    for (const [method, url, body] of [
      ["POST", `/apps/de/${id}/rating`, { rating: "five" }],
      ["PATCH", `/apps/de/${id}`, { name: 5 }],
      ["POST", `/apps/de/${id}/versions`, { ...definition("x"), version: 2 }],
      ["PUT", `/apps/de/${id}/versions`, { versions: "all" }],
      ["PATCH", `/apps/de/${id}/documentation`, { documentation: ["x"] }],
      ["POST", "/apps/de", { name: ["x"] }],
      ["POST", `/apps/${id}/communities`, { avus: "one" }],
      ["PATCH", `/admin/apps/de/${id}`, { deleted: "yes" }],
    ] as const) {
      const user = url.startsWith("/admin") ? "carol" : "bob";
      const answer = await send(user, method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, `${method} ${url}`).toBeLessThan(500);
      expect(answer.json(), `${method} ${url}`).toHaveProperty("error_code");
    }
  });
});
