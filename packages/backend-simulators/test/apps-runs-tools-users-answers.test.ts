import { describe, expect, it } from "vitest";
import { SEED_TOOL_IDS } from "../src/seed-ids.js";
import { answeringAppsSimulator } from "./apps-http.js";

/**
 * The apps simulator's analyses, tools, reference genomes, tool requests and user routes answer in the apps
 * service's own shapes (src/apps/answer-schemas/): each route is asked once, as the gateway asks it, with seed
 * data, and no answer may fall outside its route's schema.
 */
const { call, ok } = answeringAppsSimulator();

const SEED_ANALYSIS = "d6e5f4a3-0000-4000-8000-000000000001";
const WORD_COUNT = "c7f05682-23c8-4182-b9a2-e09650a5f49b";
/** The backend's virtual category of featured apps, whose listing reads the caller's workspace too. */
const FEATURED_APPS = "cccccccc-cccc-cccc-cccc-cccccccccccc";

describe("analyses", () => {
  it("lists, counts and describes the seeded analysis", async () => {
    const filter = encodeURIComponent(JSON.stringify([{ field: "ownership", value: "all" }]));
    const listing = await ok("GET", `/analyses?limit=10&offset=0&sort-field=startdate&sort-dir=DESC&filter=${filter}`);
    expect(listing.analyses.map((analysis: { id: string }) => analysis.id)).toContain(SEED_ANALYSIS);
    expect((await ok("GET", `/analyses/stats?filter=${filter}`))["status-count"].length).toBeGreaterThan(0);
    expect((await ok("GET", `/analyses/${SEED_ANALYSIS}/parameters`)).parameters.length).toBeGreaterThan(0);
    expect((await ok("GET", `/analyses/${SEED_ANALYSIS}/steps`)).steps).toHaveLength(1);
    expect((await ok("GET", `/analyses/${SEED_ANALYSIS}/history`)).steps[0].updates.length).toBeGreaterThan(0);
    expect((await ok("GET", `/analyses/${SEED_ANALYSIS}/relaunch-info`)).limitChecks.canRun).toBe(true);
  });

  const submit = async (name: string) =>
    (
      await ok("POST", "/analyses", {
        system_id: "de",
        app_id: WORD_COUNT,
        name,
        debug: false,
        notify: false,
        output_dir: "/iplant/home/alice/analyses",
        config: { [`${WORD_COUNT}_0b9b4f2e-1d3c-4a5b-8c7d-000000000011`]: "/iplant/home/alice/chapter-1.txt" },
      })
    ).id as string;

  it("submits, renames, shares, unshares, stops, relaunches and deletes", async () => {
    const id = await submit("word-count-again");
    expect((await ok("PATCH", `/analyses/${id}`, { name: "renamed" })).name).toBe("renamed");
    const sharing = {
      sharing: [{ subject: { id: "bob", source_id: "ldap" }, analyses: [{ analysis_id: id, permission: "read" }] }],
    };
    expect((await ok("POST", "/analyses/sharing", sharing)).sharing[0].analyses[0].ok).toBe(true);
    const listed = await ok("POST", "/analyses/permission-lister", { analyses: [id] });
    expect(listed.analyses[0].permissions).toHaveLength(1);
    const unsharing = { unsharing: [{ subject: { id: "bob", source_id: "ldap" }, analyses: [id] }] };
    expect((await ok("POST", "/analyses/unsharing", unsharing)).unsharing[0].analyses[0].ok).toBe(true);
    expect(await ok("POST", `/analyses/${id}/stop`)).toEqual({ id });
    const completed = await submit("word-count-to-complete");
    expect((await call("POST", `/analyses/${completed}/stop?job_status=Running`)).status).toBe(400);
    await ok("POST", `/analyses/${completed}/stop?job_status=Completed`);
    const byId = encodeURIComponent(JSON.stringify([{ field: "id", value: completed }]));
    expect((await ok("GET", `/analyses?filter=${byId}`)).analyses[0].status).toBe("Completed");
    await ok("POST", "/analyses/relauncher", { analyses: [id] });
    expect(await ok("POST", "/analyses/shredder", { analyses: [id] })).toBeUndefined();
    expect(await ok("DELETE", `/analyses/${await submit("word-count-once-more")}`)).toBeUndefined();
  });
});

const ADMIN = "carol";

describe("reference genomes", () => {
  it("lists, shows, adds and changes them", async () => {
    const { genomes } = await ok("GET", "/reference-genomes?deleted=true");
    expect(genomes.length).toBeGreaterThan(0);
    await ok("GET", `/reference-genomes/${genomes[0].id}`);
    const added = await ok("POST", "/admin/reference-genomes", { name: "Zea mays (B73)", path: "/data/B73" }, ADMIN);
    expect(added.created_on).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    await ok("PATCH", `/admin/reference-genomes/${added.id}`, { name: "Zea mays (B73 v5)" }, ADMIN);
    expect(await ok("DELETE", `/admin/reference-genomes/${added.id}`, undefined, ADMIN)).toBeUndefined();
  });
});

describe("tool requests", () => {
  it("are submitted, listed, shown and updated, with their status codes", async () => {
    const request = {
      name: "samtools",
      description: "Reads and writes SAM files",
      source_url: "https://github.com/samtools/samtools",
      documentation_url: "https://www.htslib.org/doc/samtools.html",
      version: "1.19",
      test_data_path: "/iplant/home/alice/test.sam",
      cmd_line: "samtools view test.sam",
      architecture: "64-bit Generic",
    };
    const submitted = await ok("POST", "/tool-requests", request);
    expect((await ok("GET", "/tool-requests?limit=10&offset=0")).tool_requests).toHaveLength(1);
    expect((await ok("GET", "/tool-requests/status-codes")).status_codes.length).toBeGreaterThan(0);
    expect((await ok("GET", "/admin/tool-requests?status=Submitted", undefined, ADMIN)).tool_requests).toHaveLength(1);
    await ok("GET", `/admin/tool-requests/${submitted.id}`, undefined, ADMIN);
    const updated = await ok("POST", `/admin/tool-requests/${submitted.id}/status`, { status: "Evaluation" }, ADMIN);
    expect(updated.history).toHaveLength(2);
    const { status_codes } = await ok("GET", "/tool-requests/status-codes?filter=failed");
    expect(
      await ok("DELETE", `/admin/tool-requests/status-codes/${status_codes[0].id}`, undefined, ADMIN),
    ).toBeUndefined();
    expect(await ok("DELETE", `/admin/tool-requests/${submitted.id}`, undefined, ADMIN)).toBeUndefined();
  });
});

describe("users", () => {
  it("log in, list their logins and get a workspace, which administrators list", async () => {
    const { login_time } = await ok("POST", "/users/login?ip-address=127.0.0.1");
    expect((await ok("GET", "/users/logins?limit=5")).logins).toHaveLength(1);
    // The service keeps no logout times since 2024: a logout is a path it does not know.
    expect(await call("POST", `/users/logout?ip-address=127.0.0.1&login-time=${login_time}`)).toEqual({
      status: 404,
      body: { reason: "unrecognized service path" },
    });
    const workspace = await ok("GET", "/workspaces");
    expect(workspace.new_workspace).toBe(true);
    // The workspace's root category is the one its category listing shows.
    const [root] = (await ok("GET", "/apps/categories?public=false")).categories;
    expect(root).toMatchObject({ id: workspace.root_category_id, name: "Workspace" });
    expect((await ok("GET", "/admin/workspaces?username=alice", undefined, ADMIN)).workspaces).toHaveLength(1);
    expect(await ok("DELETE", "/admin/workspaces?username=alice", undefined, ADMIN)).toBeUndefined();
  });

  it("are refused the catalogue's listings, searches, details, favorites and new apps without a workspace", async () => {
    const refusal = { error_code: "ERR_NOT_FOUND", reason: "Workspace for user not found." };
    const refused = [
      ["GET", "/apps/categories"],
      ["GET", "/apps/categories?public=false"],
      ["GET", `/apps/categories/de/${FEATURED_APPS}`],
      ["GET", "/apps?search=word"],
      ["GET", `/apps/de/${WORD_COUNT}/listing`],
      ["GET", `/apps/de/${WORD_COUNT}/details`],
      ["PUT", `/apps/de/${WORD_COUNT}/favorite`],
      ["POST", `/apps/de/${WORD_COUNT}/copy`],
      ["GET", `/tools/${SEED_TOOL_IDS.wc}/apps`],
    ] as const;
    for (const [method, path] of refused) {
      const answer = await call(method, path, undefined, "bob");
      expect({ path, status: answer.status, body: answer.body }).toMatchObject({ path, status: 404, body: refusal });
    }
    // The public categories and an app's launch form are the backend's to give without one.
    expect((await ok("GET", "/apps/categories?public=true", undefined, "bob")).categories.length).toBeGreaterThan(0);
    expect((await ok("GET", `/apps/de/${WORD_COUNT}`, undefined, "bob")).id).toBe(WORD_COUNT);
    expect((await ok("GET", "/workspaces", undefined, "bob")).new_workspace).toBe(true);
    expect((await ok("GET", "/apps/categories", undefined, "bob")).categories[0].name).toBe("Workspace");
    expect((await ok("GET", `/apps/de/${WORD_COUNT}/details`, undefined, "bob")).id).toBe(WORD_COUNT);
  });

  it("keep collaborators", async () => {
    await ok("POST", "/collaborators", { users: [{ username: "bob" }] });
    expect((await ok("GET", "/collaborators")).users).toEqual([expect.objectContaining({ username: "bob" })]);
    expect(await ok("POST", "/collaborators/shredder", { users: [{ username: "bob" }] })).toBeUndefined();
  });

  it("keep webhooks, of the known types and topics", async () => {
    const [type] = (await ok("GET", "/webhooks/types")).webhooktypes;
    expect((await ok("GET", "/webhooks/topics")).topics.length).toBeGreaterThan(0);
    const webhooks = [{ url: "https://hooks.example.org/a", type: { type: type.type }, topics: ["analysis"] }];
    expect((await ok("PUT", "/webhooks", { webhooks })).webhooks).toHaveLength(1);
    expect((await ok("GET", "/webhooks")).webhooks).toHaveLength(1);
  });

  it("authorize an API through OAuth and see their token's information", async () => {
    const authorize = async () => {
      const { tapis } = await ok("GET", "/oauth/redirect-uris");
      const authorized = await fetch(tapis, { redirect: "manual" });
      const callback = new URL(authorized.headers.get("location") ?? "");
      const code = encodeURIComponent(callback.searchParams.get("code") ?? "");
      const state = callback.searchParams.get("state");
      expect(await ok("GET", `/oauth/access-code/tapis?code=${code}&state=${state}`)).toEqual({ state_info: "" });
    };
    await authorize();
    expect((await ok("GET", "/oauth/token-info/tapis")).webapp).toBe("tapis");
    expect(await ok("DELETE", "/oauth/token-info/tapis")).toBeUndefined();
    await authorize();
    expect((await ok("GET", "/admin/oauth/token-info/tapis?proxy-user=alice", undefined, ADMIN)).webapp).toBe("tapis");
    expect(await ok("DELETE", "/admin/oauth/token-info/tapis?proxy-user=alice", undefined, ADMIN)).toBeUndefined();
  });
});

describe("tools", () => {
  it("are listed, shown, added, changed and deleted by their owners", async () => {
    expect((await ok("GET", "/tools/gpu-models")).gpu_models.length).toBeGreaterThan(0);
    const { tools } = await ok("GET", "/tools?limit=25&offset=0&sort-field=name&sort-dir=ASC");
    expect(tools.length).toBeGreaterThan(0);
    await ok("GET", `/tools/${tools[0].id}`);
    // A tool's apps are listed only for a user with a workspace, which the gateway asks for first.
    await ok("GET", "/workspaces");
    await ok("GET", `/tools/${tools[0].id}/apps`);
    const added = await ok("POST", "/tools", {
      name: "jq",
      version: "1.7",
      type: "executable",
      container: { image: { name: "stedolan/jq", tag: "1.7" } },
    });
    expect(added.implementation).toEqual({
      implementor: "Alice Liddell",
      implementor_email: "alice@example.org",
      test: { input_files: [], output_files: [] },
    });
    const changed = await ok("PATCH", `/tools/${added.id}`, {
      container: { image: { name: "stedolan/jq", tag: "1.7" } },
    });
    expect(changed.container.image.id).toBe(added.container.image.id);
    expect(await ok("DELETE", `/tools/${added.id}`)).toBeUndefined();
  });

  it("are listed, imported, changed and published by administrators", async () => {
    const { tools } = await ok("GET", "/admin/tools?search=wc", undefined, ADMIN);
    await ok("GET", `/admin/tools/${tools[0].id}`, undefined, ADMIN);
    await ok("GET", "/workspaces", undefined, ADMIN);
    await ok("GET", `/admin/tools/${tools[0].id}/apps`, undefined, ADMIN);
    const imported = await ok(
      "POST",
      "/admin/tools",
      {
        tools: [
          {
            name: "cowsay",
            version: "3.0",
            type: "executable",
            implementation: {
              implementor: "Carol Admin",
              implementor_email: "carol@example.org",
              test: { input_files: [], output_files: [] },
            },
            container: { image: { name: "docker/whalesay" } },
          },
        ],
      },
      ADMIN,
    );
    const [id] = imported.tool_ids;
    const implementation = {
      implementor: "Carol Admin",
      implementor_email: "carol@example.org",
      test: { input_files: ["/iplant/home/carol/moo.txt"], output_files: [] },
    };
    const changed = await ok(
      "PATCH",
      `/admin/tools/${id}`,
      { description: "Says it with a cow", implementation },
      ADMIN,
    );
    expect(changed.implementation).toEqual(implementation);
    const added = await ok("POST", "/tools", {
      name: "yq",
      version: "4",
      container: { image: { name: "mikefarah/yq" } },
    });
    expect((await ok("POST", `/admin/tools/${added.id}/publish`, {}, ADMIN)).is_public).toBe(true);
    expect(await ok("DELETE", `/admin/tools/${id}`, undefined, ADMIN)).toBeUndefined();
  });
});
