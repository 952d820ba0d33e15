import { beforeAll, describe, expect, it } from "vitest";
import { SEED_HIERARCHY_ROOTS, SEED_ONTOLOGY_VERSION } from "../src/metadata/ontology.js";
import { SEED_APP_IDS, SEED_TOOL_IDS } from "../src/seed-ids.js";
import { answeringAppsSimulator } from "./apps-http.js";

/**
 * The apps simulator's app catalogue (listings, categories, app definitions and their versions, details, metadata,
 * communities, hierarchies, elements, pipelines, marks, sharing, publication, integration data) answers in the apps
 * service's own shapes (src/apps/answer-schemas/): each route is asked as the gateway asks it, with seed data, and
 * no answer may fall outside its route's schema.
 */
const { call, ok } = answeringAppsSimulator();
// The backend refuses the catalogue to a user without a workspace: the gateway asks for it before their first call.
beforeAll(async () => {
  for (const user of ["alice", "bob", "carol"]) await ok("GET", "/workspaces", undefined, user);
});

const { wordCount: WORD_COUNT, aliceAligner: ALICES_ALIGNER } = SEED_APP_IDS;
const PUBLIC_ROOT = "a1f8e1c4-0000-4000-8000-000000000100";
const TEXT_PROCESSING = "a1f8e1c4-0000-4000-8000-000000000101";
// The attributes apps src/apps/util/config.clj names; sonora's src/components/apps/admin/avuUtils.js sends the same.
const BETA = "n2t.net/ark:/99152/h1459";
const BLESSED = "cyverse-blessed";
const COMMUNITY = "cyverse-community";
const BETA_AVU = {
  attr: BETA,
  value: "beta",
  unit: "",
  avus: [{ attr: "rdfs:label", value: "releaseStatus", unit: "attr" }],
};
const PAGING = "limit=25&offset=0&sort-field=name&sort-dir=ASC";

/** A new app of alice's, as the app editor saves one. */
const definition = (name: string, tool: string = SEED_TOOL_IDS.wc) => ({
  name,
  description: "counts things",
  tools: [{ id: tool }],
  groups: [{ label: "Inputs", parameters: [{ name: "-l", label: "Lines", type: "Flag", order: 1 }] }],
});
const alicesApp = async (name = "Counter", tool?: string) =>
  (await ok("POST", "/apps/de", definition(name, tool))).id as string;

describe("listings", () => {
  it("lists and searches the apps a user sees, and every app for administrators", async () => {
    expect((await ok("GET", `/apps?${PAGING}`)).total).toBeGreaterThan(0);
    expect((await ok("GET", `/apps?search=word&${PAGING}`)).apps[0].limitChecks).toEqual({ canRun: true, results: [] });
    expect((await ok("GET", `/admin/apps?search=*&${PAGING}`, undefined, "carol")).total).toBeGreaterThan(0);
  });

  it("lists every app's id for the export script, deleted apps included", async () => {
    const own = await alicesApp("Soon Gone");
    await ok("POST", "/apps/shredder", { app_ids: [own] });
    const { app_ids } = await ok("GET", "/apps/ids");
    expect(app_ids).toContain(own);
    expect(app_ids).toEqual([...app_ids].sort());
  });
});

describe("paths", () => {
  it("names apps and categories only under their system, as the apps service does", async () => {
    // The seed's forms without a system (the gateway maps them onto /apps/de/…); the service reads the id as a
    // system it does not know (400) or has no such route (404).
    for (const [method, path] of [
      ["GET", `/apps/${WORD_COUNT}`],
      ["GET", `/apps/${WORD_COUNT}/details`],
      ["POST", `/apps/${WORD_COUNT}/copy`],
      ["PUT", `/apps/${WORD_COUNT}/favorite`],
      ["POST", "/apps"],
      ["POST", "/apps/share"],
      ["POST", "/apps/arg-preview"],
      ["GET", `/apps/categories/${PUBLIC_ROOT}`],
      ["PATCH", `/admin/apps/categories/${PUBLIC_ROOT}`],
      ["DELETE", `/admin/apps/${WORD_COUNT}`],
    ] as const) {
      const body = method === "GET" ? undefined : {};
      expect([400, 404], `${method} ${path}`).toContain((await call(method, path, body)).status);
    }
  });
});

describe("app definitions and versions", () => {
  it("creates, reads, changes, copies, versions and deletes an app", async () => {
    const id = await alicesApp("Second Counter");
    const own = await alicesApp();
    for (const path of [`/apps/de/${own}`]) {
      expect(await ok("GET", path)).toMatchObject({ limitChecks: { canRun: true }, overall_job_type: "executable" });
      await ok("PUT", path, definition("Counter"));
      await ok("PATCH", path, { description: "counts more" });
    }
    const added = await ok("POST", `/apps/de/${own}/versions`, { ...definition("Counter"), version: "2.0" });
    const [latest, first] = added.versions as Array<{ version_id: string }>;
    const versioned = `/apps/de/${own}/versions/${first?.version_id}`;
    await ok("GET", versioned);
    await ok("PUT", versioned, definition("Counter"));
    await ok("PATCH", versioned, { version: "1.0-first" });
    await ok("PUT", `/apps/de/${own}/versions`, { versions: [first, latest] });
    await ok("POST", `/apps/de/${WORD_COUNT}/copy`);
    await ok("POST", `${versioned}/copy`);
    await ok("DELETE", `/apps/de/${own}/versions/${latest?.version_id}`);
    await ok("DELETE", `/apps/de/${id}`);
    await ok("DELETE", `/apps/de/${own}`);
    await ok("POST", "/apps/shredder", { app_ids: [{ system_id: "de", app_id: await alicesApp("Shredded") }] });
  });

  it("lets administrators change, delete and shred any app", async () => {
    const id = await alicesApp("Administered");
    const { version_id } = await ok("GET", `/apps/de/${id}`);
    await ok("PATCH", `/admin/apps/de/${id}`, { disabled: true }, "carol");
    await ok("PATCH", `/admin/apps/de/${id}/versions/${version_id}`, { disabled: false }, "carol");
    await ok("DELETE", `/admin/apps/de/${id}`, undefined, "carol");
    await ok("POST", "/admin/apps/shredder", { app_ids: [{ system_id: "de", app_id: id }] }, "carol");
  });
});

describe("metadata and documentation", () => {
  const avus = { avus: [{ attr: "colour", value: "blue", unit: "" }] };

  it("lists, adds and sets an app's AVUs, for users and administrators", async () => {
    for (const [base, user] of [
      ["/apps", "alice"],
      ["/admin/apps", "carol"],
    ] as const) {
      await ok("GET", `${base}/${ALICES_ALIGNER}/metadata`, undefined, user);
      expect((await ok("POST", `${base}/${ALICES_ALIGNER}/metadata`, avus, user)).avus.length).toBeGreaterThan(0);
      await ok("PUT", `${base}/${ALICES_ALIGNER}/metadata`, avus, user);
    }
  });

  it("adds, reads and changes the documentation of an app and of a version", async () => {
    const id = await alicesApp("Documented");
    const { version_id } = await ok("GET", `/apps/de/${id}`);
    const paths = [`/apps/de/${id}`, `/apps/de/${id}/versions/${version_id}`];
    for (const [n, path] of paths.entries()) {
      if (n === 0) await ok("POST", `${path}/documentation`, { documentation: "How to count" });
      await ok("GET", `${path}/documentation`);
      await ok("PATCH", `${path}/documentation`, { documentation: `How to count, take ${n}` });
    }
    const other = await alicesApp("Documented by an administrator");
    const adminPaths = [`/admin/apps/de/${other}`];
    await ok("POST", `${adminPaths[0]}/documentation`, { documentation: "Counting" }, "carol");
    for (const path of adminPaths) await ok("PATCH", `${path}/documentation`, { documentation: "More" }, "carol");
    const third = await alicesApp("Documented version");
    const { version_id: thirdVersion } = await ok("GET", `/apps/de/${third}`);
    const adminVersion = `/admin/apps/de/${third}/versions/${thirdVersion}/documentation`;
    await ok("POST", adminVersion, { documentation: "Counting" }, "carol");
    await ok("PATCH", adminVersion, { documentation: "More" }, "carol");
    await ok("POST", `/admin/apps/de/${await alicesApp("Fourth")}/documentation`, { documentation: "x" }, "carol");
    await ok("POST", `/apps/de/${await alicesApp("Fifth")}/documentation`, { documentation: "x" });
    const sixth = await alicesApp("Sixth");
    const { version_id: sixthVersion } = await ok("GET", `/apps/de/${sixth}`);
    await ok("POST", `/apps/de/${sixth}/versions/${sixthVersion}/documentation`, { documentation: "x" });
  });
});

describe("communities", () => {
  const community = "iplant:de:prod:communities:counting";
  const tags = { avus: [{ attr: "cyverse-community", value: community, unit: "" }] };

  it("tags an app from an AVU list, lists the community's apps, and removes the tag", async () => {
    // The metadata service's answer to the update, passed on: all the app's AVUs, the tag among them.
    expect((await ok("POST", `/apps/${ALICES_ALIGNER}/communities`, tags)).avus).toContainEqual(
      expect.objectContaining({ attr: "cyverse-community", value: community }),
    );
    const encoded = encodeURIComponent(community);
    expect((await ok("GET", `/apps/communities/${encoded}/apps?${PAGING}`)).total).toBe(1);
    expect((await ok("GET", `/admin/apps/communities/${encoded}/apps`, undefined, "carol")).total).toBe(1);
    await ok("DELETE", `/apps/${ALICES_ALIGNER}/communities`, tags);
  });
});

describe("categories", () => {
  it("lists the workspace and public categories and the apps of each", async () => {
    const { categories } = await ok("GET", "/apps/categories?public=false");
    expect(categories[0]).toMatchObject({ system_id: "de", name: "Workspace" });
    await ok("GET", "/apps/categories?public=true");
    await ok("GET", "/apps/categories");
    await ok("GET", `/apps/categories/de/${categories[0].categories[0].id}?${PAGING}`);
    await ok("GET", `/apps/categories/de/${PUBLIC_ROOT}?${PAGING}`);
  });

  it("lets administrators list, create, find, rename, fill and delete categories", async () => {
    await ok("GET", "/admin/apps/categories", undefined, "carol");
    const created = await ok(
      "POST",
      "/admin/apps/categories/de",
      { name: "Counting", parent_id: PUBLIC_ROOT },
      "carol",
    );
    const second = await ok("POST", "/admin/apps/categories/de", { name: "Tallying", parent_id: PUBLIC_ROOT }, "carol");
    await ok("GET", "/admin/apps/categories/search?name=count", undefined, "carol");
    await ok("PATCH", `/admin/apps/categories/de/${created.id}`, { name: "Counts" }, "carol");
    await ok("PATCH", `/admin/apps/categories/de/${second.id}`, { name: "Tallies" }, "carol");
    const placement = { system_id: "de", app_id: WORD_COUNT, category_ids: [{ system_id: "de", id: created.id }] };
    await ok("POST", "/admin/apps", { categories: [placement] }, "carol");
    await ok("POST", "/admin/apps", { categories: [{ ...placement, category_ids: [] }] }, "carol");
    await ok("DELETE", `/admin/apps/categories/de/${created.id}`, undefined, "carol");
    await ok("DELETE", `/admin/apps/categories/de/${second.id}`, undefined, "carol");
    // The bulk deletion retired in 2017: the path now names a system, which the service does not know.
    const retired = await call("POST", "/admin/apps/categories/shredder", { category_ids: [second.id] }, "carol");
    expect(retired).toMatchObject({ status: 400, body: { reason: "unrecognized system ID shredder" } });
  });
});

describe("what users read about an app", () => {
  it("answers details, listing, tasks, tools, the editor's view and publishability", async () => {
    const own = await alicesApp("Described");
    const { version_id } = await ok("GET", `/apps/de/${own}`);
    for (const path of [`/apps/de/${own}`, `/apps/de/${own}/versions/${version_id}`]) {
      expect((await ok("GET", `${path}/details`)).app_type).toBe("DE");
      expect((await ok("GET", `${path}/tasks`)).tasks[0].system_id).toBe("de");
      await ok("GET", `${path}/tools`);
      await ok("GET", `${path}/ui`);
    }
    await ok("GET", `/apps/de/${WORD_COUNT}/listing`);
    await ok("GET", `/apps/de/${own}/is-publishable`);
    await ok("GET", `/admin/apps/de/${own}/details`, undefined, "carol");
    await ok("GET", `/admin/apps/de/${own}/versions/${version_id}/details`, undefined, "carol");
  });

  it("marks favorites and rates apps", async () => {
    for (const path of [`/apps/de/${WORD_COUNT}`]) {
      await ok("PUT", `${path}/favorite`);
      await ok("DELETE", `${path}/favorite`);
      expect((await ok("POST", `${path}/rating`, { rating: 4 })).total).toBe(1);
      await ok("DELETE", `${path}/rating`);
    }
  });
});

describe("publication and featured apps", () => {
  it("publishes an app of public or trusted images at once and queues one of her private untrusted image", async () => {
    const documentation = "# Usage";
    await ok("POST", `/apps/de/${await alicesApp("Published")}/publish`, { name: "Published", documentation });
    await ok("POST", `/apps/de/${await alicesApp("Published too", SEED_TOOL_IDS.fastqc)}/publish`, { documentation });
    await ok("POST", `/apps/de/${await alicesApp("Queued", SEED_TOOL_IDS.aligner)}/publish`, {}, undefined, 202);
    expect((await ok("GET", "/admin/apps/publication-requests", undefined, "carol")).publication_requests).toHaveLength(
      1,
    );
    await ok("POST", `/admin/apps/de/${await alicesApp("By an administrator")}/publish`, { documentation }, "carol");
  });

  it("blesses apps, which the featured listing shows", async () => {
    await ok("POST", `/admin/apps/de/${SEED_APP_IDS.fastqc}/blessing`, undefined, "carol");
    expect((await ok("GET", `/apps/categories/featured?${PAGING}`)).total).toBeGreaterThan(1);
    await ok("DELETE", `/admin/apps/de/${SEED_APP_IDS.fastqc}/blessing`, undefined, "carol");
  });

  // apps de/metadata.clj publish-app: the app leaves its categories and carries the beta AVU, with its label.
  it("marks a published app beta with the beta AVU and takes it out of its categories", async () => {
    const id = await alicesApp("Soon Beta");
    await ok("POST", "/admin/apps", { categories: [{ app_id: id, category_ids: [TEXT_PROCESSING] }] }, "carol");
    expect((await ok("GET", `/apps/de/${id}/details`)).categories).toEqual([
      { id: TEXT_PROCESSING, name: "Text Processing" },
    ]);
    await ok("POST", `/apps/de/${id}/publish`, {
      documentation: "# Usage",
      avus: [
        { attr: "rdf:type", value: "topic", unit: "" },
        { attr: COMMUNITY, value: "counting", unit: "" },
      ],
    });
    expect((await ok("GET", `/apps/de/${id}/details`)).categories).toEqual([]);
    expect((await ok("GET", `/apps/de/${id}/listing`)).apps[0]).toMatchObject({ beta: true, isBlessed: false });
    const { avus } = await ok("GET", `/admin/apps/${id}/metadata`, undefined, "carol");
    expect(avus).toEqual([
      expect.objectContaining({ attr: "rdf:type", value: "topic" }),
      expect.objectContaining({
        attr: BETA,
        value: "beta",
        unit: "",
        avus: [expect.objectContaining({ attr: "rdfs:label", value: "releaseStatus", unit: "attr" })],
      }),
    ]);
  });

  // sonora's admin dialog (serviceFacades/apps.js adminUpdateAppMetadata) sets both flags by replacing the AVUs.
  it("lists an app blessed or beta by the AVUs an administrator sets on it", async () => {
    const flags = async () => {
      const { isBlessed, beta } = (await ok("GET", `/apps/de/${SEED_APP_IDS.fastqc}/listing`)).apps[0];
      return { isBlessed, beta };
    };
    const { avus } = await ok("GET", `/admin/apps/${SEED_APP_IDS.fastqc}/metadata`, undefined, "carol");
    const blessed = { attr: BLESSED, value: "true", unit: "" };
    await ok("PUT", `/admin/apps/${SEED_APP_IDS.fastqc}/metadata`, { avus: [...avus, blessed, BETA_AVU] }, "carol");
    expect(await flags()).toEqual({ isBlessed: true, beta: true });
    expect(
      (await ok("GET", `/apps/categories/featured?${PAGING}`)).apps.map((app: { id: string }) => app.id),
    ).toContain(SEED_APP_IDS.fastqc);
    await ok("PUT", `/admin/apps/${SEED_APP_IDS.fastqc}/metadata`, { avus }, "carol");
    expect(await flags()).toEqual({ isBlessed: false, beta: false });
  });

  // apps metadata/avus.clj: users neither see nor set the attributes only administrators set, and keep them.
  it("keeps the protected attributes from users, and on the app when a user replaces its AVUs", async () => {
    const id = await alicesApp("Tagged");
    const topic = { attr: "rdf:type", value: "topic", unit: "" };
    await ok("POST", `/admin/apps/${id}/metadata`, { avus: [topic, BETA_AVU] }, "carol");
    expect((await ok("GET", `/apps/${id}/metadata`)).avus).toEqual([expect.objectContaining(topic)]);
    for (const method of ["POST", "PUT"]) {
      const refused = await call(method, `/apps/${id}/metadata`, { avus: [{ attr: BLESSED, value: "true" }] });
      expect(refused).toEqual({
        status: 403,
        body: {
          error_code: "ERR_FORBIDDEN",
          reason: "Some of the selected attributes may only be modified by Discovery Environment administrators.",
          attrs: [BLESSED],
        },
      });
    }
    expect((await ok("PUT", `/apps/${id}/metadata`, { avus: [] })).avus).toEqual([]);
    const kept = (await ok("GET", `/admin/apps/${id}/metadata`, undefined, "carol")).avus;
    expect(kept).toEqual([expect.objectContaining({ attr: BETA, value: "beta" })]);
    expect((await ok("GET", `/apps/de/${id}/listing`)).apps[0].beta).toBe(true);
  });
});

describe("app elements", () => {
  it("lists every element type at once and each on its own", async () => {
    expect(Object.keys(await ok("GET", "/apps/elements"))).toContain("formats");
    for (const type of ["data-sources", "file-formats", "info-types", "parameter-types", "rule-types", "tool-types"]) {
      await ok("GET", `/apps/elements/${type}`);
    }
    await ok("GET", "/apps/elements/value-types");
    await ok("GET", "/apps/elements/tools");
  });

  it("lists the rule types and value types de-database's fixtures define, numbers as Number", async () => {
    const rules = (await ok("GET", "/apps/elements/rule-types")).rule_types as Array<{
      name: string;
      value_types: string[];
    }>;
    expect(rules.map((rule) => rule.name)).toEqual([
      "IntRange",
      "DoubleRange",
      "IntAbove",
      "IntBelow",
      "DoubleAbove",
      "DoubleBelow",
      "Regex",
      "CharacterLimit",
    ]);
    expect(rules.find((rule) => rule.name === "DoubleRange")?.value_types).toEqual(["Number"]);
    const values = (await ok("GET", "/apps/elements/value-types")).value_types as Array<{ name: string }>;
    expect(values.map((value) => value.name)).toEqual([
      "String",
      "Boolean",
      "Number",
      "Input",
      "Output",
      "EnvironmentVariable",
    ]);
    const types = (await ok("GET", "/apps/elements/parameter-types")).parameter_types as Array<{
      name: string;
      value_type: string;
    }>;
    expect(types.find((type) => type.name === "Integer")?.value_type).toBe("Number");
  });
});

describe("hierarchies and ontologies", () => {
  const [root] = SEED_HIERARCHY_ROOTS;
  const encoded = encodeURIComponent(root ?? "");

  it("shows users the active hierarchies and the apps in and outside them", async () => {
    expect((await ok("GET", "/apps/hierarchies")).hierarchies.length).toBeGreaterThan(0);
    await ok("GET", `/apps/hierarchies/${encoded}`);
    await ok("GET", `/apps/hierarchies/${encoded}/apps?${PAGING}`);
    await ok("GET", `/apps/hierarchies/${encoded}/unclassified?${PAGING}`);
  });

  it("lets administrators browse, activate and delete ontology versions", async () => {
    const version = encodeURIComponent(SEED_ONTOLOGY_VERSION);
    await ok("GET", "/admin/ontologies", undefined, "carol");
    await ok("GET", `/admin/ontologies/${version}/${encoded}`, undefined, "carol");
    await ok("GET", `/admin/ontologies/${version}/${encoded}/apps`, undefined, "carol");
    await ok("GET", `/admin/ontologies/${version}/${encoded}/unclassified`, undefined, "carol");
    await ok("POST", "/admin/ontologies/next", undefined, "carol");
    await ok("POST", `/admin/ontologies/${version}`, undefined, "carol");
    await ok("DELETE", "/admin/ontologies/next", undefined, "carol");
  });
});

describe("pipelines", () => {
  it("creates, changes, copies, versions and reads a pipeline of tasks from the task listings", async () => {
    // A step names a task as an app's task listing gives it; one task's output is mapped to the next's input.
    const [counting] = (await ok("GET", `/apps/de/${WORD_COUNT}/tasks`)).tasks;
    const step = { name: "count", description: "", task_id: counting.id, app_type: "DE" };
    const steps = [step, step];
    const mappings = [{ source_step: 0, target_step: 1, map: { [counting.inputs[0].id]: counting.outputs[0].id } }];
    const { id } = await ok("POST", "/apps/pipelines", { name: "Counting twice", steps, mappings });
    await ok("PUT", `/apps/pipelines/${id}`, { name: "Counting twice", steps, mappings });
    await ok("GET", `/apps/pipelines/${id}/ui`);
    await ok("POST", `/apps/pipelines/${id}/copy`);
    const version = { name: "Counting twice", version: "2", steps, mappings };
    const added = await ok("POST", `/apps/pipelines/${id}/versions`, version);
    const versioned = `/apps/pipelines/${id}/versions/${added.version_id}`;
    await ok("PUT", versioned, { name: "Counting twice", steps, mappings });
    await ok("GET", `${versioned}/ui`);
    // The same task twice is listed once (pipeline_edit.clj `format-workflow`).
    expect((await ok("POST", `${versioned}/copy`)).tasks.length).toBe(1);
  });
});

describe("sharing", () => {
  const subject = { id: "bob", source_id: "ldap" };

  it("shares apps, lists their permissions and unshares them", async () => {
    const app = { system_id: "de", app_id: ALICES_ALIGNER };
    await ok("POST", "/apps/sharing", { sharing: [{ subject, apps: [{ ...app, permission: "read" }] }] });
    expect((await ok("POST", "/apps/permission-lister", { apps: [app] })).apps[0].permissions).toContainEqual({
      subject,
      permission: "read",
    });
    await ok("POST", "/apps/unsharing", { unsharing: [{ subject, apps: [app] }] });
    const refused = await ok(
      "POST",
      "/apps/sharing",
      { sharing: [{ subject, apps: [{ ...app, permission: "read" }] }] },
      "bob",
    );
    expect(refused.sharing[0].apps[0]).toMatchObject({ success: false, app_name: "Alice's Aligner" });
    await ok(
      "POST",
      "/admin/apps/sharing",
      { sharing: [{ subject, apps: [{ ...app, permission: "read" }] }] },
      "carol",
    );
    await ok("POST", "/admin/apps/unsharing", { unsharing: [{ subject, apps: [app] }] }, "carol");
  });

  it("shares tools, lists their permissions and unshares them", async () => {
    const tool = SEED_TOOL_IDS.aligner;
    await ok("POST", "/tools/sharing", { sharing: [{ subject, tools: [{ tool_id: tool, permission: "read" }] }] });
    expect((await ok("POST", "/tools/permission-lister", { tools: [tool] })).tools[0].id).toBe(tool);
    await ok("POST", "/tools/unsharing", { unsharing: [{ subject, tools: [tool] }] });
  });
});

describe("integration data", () => {
  it("lets administrators add, find, change, assign and delete records, and users read them", async () => {
    const created = await ok("POST", "/admin/integration-data", { name: "Dana", email: "dana@example.org" }, "carol");
    expect(created).toMatchObject({ name: "Dana", email: "dana@example.org" });
    await ok("GET", "/admin/integration-data?search=dana*&limit=10&offset=0", undefined, "carol");
    await ok("GET", `/admin/integration-data/${created.id}`, undefined, "carol");
    await ok("PUT", `/admin/integration-data/${created.id}`, { name: "Dana S.", email: "ds@example.org" }, "carol");
    const own = await alicesApp("Integrated");
    const { version_id } = await ok("GET", `/apps/de/${own}`);
    await ok("PUT", `/admin/apps/de/${own}/integration-data/${created.id}`, undefined, "carol");
    await ok("PUT", `/admin/apps/de/${own}/versions/${version_id}/integration-data/${created.id}`, undefined, "carol");
    await ok("PUT", `/admin/tools/${SEED_TOOL_IDS.wc}/integration-data/${created.id}`, undefined, "carol");
    await ok("GET", `/apps/de/${own}/integration-data`);
    await ok("GET", `/apps/de/${own}/versions/${version_id}/integration-data`);
    await ok("GET", `/tools/${SEED_TOOL_IDS.wc}/integration-data`);
    const unused = await ok("POST", "/admin/integration-data", { name: "Eve", email: "eve@example.org" }, "carol");
    await ok("DELETE", `/admin/integration-data/${unused.id}`, undefined, "carol");
  });
});
