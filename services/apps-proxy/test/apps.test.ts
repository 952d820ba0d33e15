import { demoUser, type ServiceUnderTest } from "@de-gateway/backend-simulators";
import { builtRows as builtRowsOf } from "@de-gateway/catalogue";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALICES_ALIGNER, ALIGNER_TOOL, FASTQC, JUPYTER_LAB, WC_TOOL, WORD_COUNT, WORD_COUNT_TASK } from "./seed.js";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);
const builtRows = () => builtRowsOf("apps-proxy", new URL("../pending.txt", import.meta.url));
const appNames = (body: { apps: Array<{ name: string }> }) => body.apps.map((app) => app.name).sort();

describe("the app catalogue", () => {
  it("lists the apps each user may see: public ones and their own private ones, not the platform's internal ones", async () => {
    const alice = await send("alice", "GET", "/apps");
    expect(alice.statusCode).toBe(200);
    expect(appNames(alice.json())).toEqual(["Alice's Aligner", "FastQC", "JupyterLab Data Science", "Word Count"]);
    expect(appNames((await send("bob", "GET", "/apps")).json())).toEqual([
      "FastQC",
      "JupyterLab Data Science",
      "Word Count",
    ]);
  });

  it("passes the query string through and sets the identity from the token, never from the caller", async () => {
    const found = await send("bob", "GET", "/apps?search=fast&user=alice&email=evil%40example.org&sort-dir=DESC");
    expect(appNames(found.json())).toEqual(["FastQC"]);
    const [call] = service.platform.apps.recorder.to("GET", "/apps");
    expect(call?.query).toEqual({
      search: "fast",
      "sort-dir": "DESC",
      user: "bob",
      email: "bob@example.org",
      "first-name": "Bob",
      "last-name": "Builder",
    });
    expect(call?.headers.authorization).toBeUndefined();
  });

  it("leaves out a blank e-mail or name from the token, which the apps backend would refuse", async () => {
    const bob = demoUser("bob");
    if (!bob) throw new Error("no demo user bob");
    const keys = await service.platform.idp.state.keys;
    const token = await keys.mint({ ...bob, lastName: "", email: " " });
    const listed = await service.app.inject({ url: "/apps", headers: { authorization: `Bearer ${token}` } });
    expect(listed.statusCode).toBe(200);
    const [call] = service.platform.apps.recorder.to("GET", "/apps");
    expect(call?.query).toEqual({ user: "bob", "first-name": "Bob" });
  });

  it("creates an app, returns it on read, changes and deletes it", async () => {
    const created = await send("bob", "POST", "/apps", {
      name: "Bob's Grep",
      description: "finds lines",
      tools: [{ id: WC_TOOL }],
      groups: [{ label: "Inputs", parameters: [{ name: "-e", label: "Pattern", type: "Text", order: 1 }] }],
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const read = await send("bob", "GET", `/apps/${id}`);
    expect(read.json()).toMatchObject({ id, name: "Bob's Grep", groups: [{ label: "Inputs" }] });
    expect((await send("alice", "GET", `/apps/${id}`)).statusCode).toBe(403);

    const patched = await send("bob", "PATCH", `/apps/${id}`, { name: "Bob's Better Grep" });
    expect(patched.json()).toMatchObject({ name: "Bob's Better Grep" });
    expect((await send("bob", "GET", `/apps/${id}/details`)).json()).toMatchObject({
      name: "Bob's Better Grep",
      integrator_email: "bob@example.org",
      tools: [{ id: WC_TOOL }],
    });

    expect((await send("bob", "DELETE", `/apps/${id}`)).statusCode).toBe(200);
    expect(appNames((await send("bob", "GET", "/apps")).json())).not.toContain("Bob's Better Grep");
  });

  it("forwards request bodies byte for byte", async () => {
    const body = '{"name":  "Spaced",\n "description": "kept as sent", "groups": []}';
    const created = await send("alice", "POST", "/apps", body, { "content-type": "application/json" });
    expect(created.statusCode).toBe(200);
    // The seed names no system; the apps service creates apps only in one (POST /apps/{system-id}).
    const [call] = service.platform.apps.recorder.to("POST", "/apps/de");
    expect(JSON.stringify(call?.body)).toBe(JSON.stringify(JSON.parse(body)));
    expect(call?.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
  });

  it("sends the administrators' PATCH of an app to the apps backend's own, under the DE system, as terrain", async () => {
    const patched = await send("carol", "PATCH", `/admin/apps/${WORD_COUNT}`, { description: "Counts words, fast" });
    expect(patched.statusCode).toBe(200);
    expect(service.platform.apps.recorder.to("PATCH", `/admin/apps/de/${WORD_COUNT}`)).toHaveLength(1);
    expect(service.platform.apps.state.catalog.apps.get(WORD_COUNT)?.description).toBe("Counts words, fast");
  });

  it("lets administrators list, delete and shred any app, and no one else", async () => {
    expect((await send("alice", "GET", "/admin/apps")).statusCode).toBe(403);
    expect(appNames((await send("carol", "GET", "/admin/apps")).json())).toHaveLength(5);
    expect((await send("carol", "DELETE", `/admin/apps/${ALICES_ALIGNER}`)).statusCode).toBe(200);
    expect(service.platform.apps.state.catalog.apps.get(ALICES_ALIGNER)?.deleted).toBe(true);
    expect((await send("carol", "POST", "/admin/apps/shredder", { app_ids: [ALICES_ALIGNER] })).statusCode).toBe(200);
    expect(service.platform.apps.state.catalog.apps.has(ALICES_ALIGNER)).toBe(false);
  });

  it("copies a public app into the caller's workspace and lets the owner shred it", async () => {
    const copy = await send("bob", "POST", `/apps/${FASTQC}/copy`);
    expect(copy.json()).toMatchObject({ name: "Copy of FastQC" });
    const { id } = copy.json();
    expect((await send("bob", "GET", `/apps/${id}/ui`)).statusCode).toBe(200);
    expect((await send("alice", "POST", "/apps/shredder", { app_ids: [id] })).statusCode).toBe(403);
    expect((await send("bob", "POST", "/apps/shredder", { app_ids: [id] })).statusCode).toBe(200);
  });

  it("lists the apps of the type sonora's type filter names, and finds an app by its tool's name", async () => {
    // sonora's getApps with its type filter (AppType.js: "Interactive" is shown as VICE).
    const ofType = async (type: string) =>
      appNames(
        (await send("alice", "GET", `/apps?limit=25&sort-field=name&sort-dir=ASC&offset=0&app-type=${type}`)).json(),
      );
    expect(await ofType("Interactive")).toEqual(["JupyterLab Data Science"]);
    expect(await ofType("DE")).not.toContain("JupyterLab Data Science");
    expect(await ofType("DE")).toContain("Word Count");
    expect(await ofType("OSG")).toEqual([]);
    // app_search.clj matches the tools' names too: Word Count runs `wc`.
    expect(appNames((await send("alice", "GET", "/apps?search=wc")).json())).toContain("Word Count");
  });

  it("tells the workflow editor which apps may be a pipeline's step: one-step executable apps only", async () => {
    const listed = (await send("alice", "GET", "/apps?search=*")).json().apps as Array<{
      id: string;
      pipeline_eligibility: { is_valid: boolean; reason: string };
    }>;
    const eligibility = (id: string) => listed.find((app) => app.id === id)?.pipeline_eligibility;
    expect(eligibility(WORD_COUNT)).toEqual({ is_valid: true, reason: "" });
    // sonora's AppOrder refuses an app whose eligibility says no (validateAppSelection).
    expect(eligibility(JUPYTER_LAB)).toEqual({
      is_valid: false,
      reason: "Job type, interactive, can't currently be included in a pipeline.",
    });
  });

  it("shows details, tasks, tools and publishability, and publishes an app made of public tools", async () => {
    expect((await send("bob", "GET", `/apps/${WORD_COUNT}/tasks`)).json()).toMatchObject({
      tasks: [{ id: WORD_COUNT_TASK, tool: { id: WC_TOOL }, inputs: [{ label: "Input file" }] }],
    });
    expect((await send("bob", "GET", `/apps/${WORD_COUNT}/tools`)).json()).toMatchObject({ tools: [{ name: "wc" }] });
    // Her own private tool does not stop alice (validation.clj: only others' private tools do); nobody else may ask.
    expect((await send("alice", "GET", `/apps/${ALICES_ALIGNER}/is-publishable`)).json()).toEqual({
      publishable: true,
    });
    expect((await send("carol", "GET", `/apps/${ALICES_ALIGNER}/is-publishable`)).statusCode).toBe(403);
    const { id } = (await send("bob", "POST", "/apps", { name: "Counter", tools: [WC_TOOL] })).json();
    expect((await send("bob", "GET", `/apps/${id}/is-publishable`)).json()).toEqual({ publishable: true });
    expect(
      (await send("bob", "POST", `/apps/${id}/publish`, { references: ["doi:1"], documentation: "# Usage" }))
        .statusCode,
    ).toBe(200);
    expect(appNames((await send("alice", "GET", "/apps")).json())).toContain("Counter");
  });

  it("shares an app so that the other user sees it, and lists and withdraws the permission", async () => {
    const subject = { id: "bob", source_id: "ldap" };
    const shared = await send("alice", "POST", "/apps/share", {
      sharing: [{ subject, apps: [{ system_id: "de", app_id: ALICES_ALIGNER, permission: "read" }] }],
    });
    expect(shared.json()).toMatchObject({ sharing: [{ apps: [{ app_id: ALICES_ALIGNER, success: true }] }] });
    expect(appNames((await send("bob", "GET", "/apps")).json())).toContain("Alice's Aligner");
    // Sharing the app shares its tool to read (sharing.clj share-app-tools): bob may run it.
    expect((await send("bob", "GET", `/tools/${ALIGNER_TOOL}`)).statusCode).toBe(200);
    const listed = await send("alice", "POST", "/apps/permission-lister", { apps: [{ app_id: ALICES_ALIGNER }] });
    // carol has read it since the seed.
    expect(listed.json()).toMatchObject({
      apps: [
        {
          permissions: [
            { subject: { id: "carol" }, permission: "read" },
            { subject: { id: "bob" }, permission: "read" },
          ],
        },
      ],
    });
    await send("alice", "POST", "/apps/unshare", { unsharing: [{ subject, apps: [{ app_id: ALICES_ALIGNER }] }] });
    expect(appNames((await send("bob", "GET", "/apps")).json())).not.toContain("Alice's Aligner");
  });
});

describe("unsecured endpoints", () => {
  it("previews command-line arguments without a token, as the anonymous user", async () => {
    const preview = await send(undefined, "POST", "/apps/arg-preview", {
      groups: [
        {
          parameters: [
            { name: "-l", type: "Flag", value: true, order: 2 },
            { name: "--in", type: "FileInput", value: { path: "/iplant/home/shared/a.txt" }, order: 1 },
          ],
        },
      ],
    });
    expect(preview.statusCode).toBe(200);
    // The apps service passes on the job executor's answer: the command line as one string.
    expect(preview.json()).toEqual({ params: "--in a.txt -l" });
    expect(service.platform.apps.recorder.to("POST", "/apps/de/arg-preview")[0]?.query).toEqual({ user: "anonymous" });
  });

  it("passes a signed-in caller's identity on with the preview, and refuses a token that does not verify", async () => {
    const body = { groups: [{ parameters: [{ name: "--in", value: "a.txt", order: 1 }] }] };
    expect((await send("bob", "POST", "/apps/arg-preview", body)).statusCode).toBe(200);
    const forged = await service.app.inject({
      method: "POST",
      url: "/apps/arg-preview",
      headers: { authorization: "Bearer not.a.token" },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    const calls = service.platform.apps.recorder.to("POST", "/apps/de/arg-preview");
    expect(calls.map((call) => call.query)).toEqual([
      { user: "bob", email: "bob@example.org", "first-name": "Bob", "last-name": "Builder" },
    ]);
  });

  it("exports a public app's definition without a token, but not a private one", async () => {
    const exported = await send(undefined, "GET", `/export-workflow/${WORD_COUNT}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.json()).toMatchObject({ apps: [{ id: WORD_COUNT, name: "Word Count" }] });
    expect((await send(undefined, "GET", `/export-workflow/${ALICES_ALIGNER}`)).statusCode).toBe(404);
  });

  it("refuses every secured apps-proxy row without a token, and every admin row to non-administrators", async () => {
    const rows = builtRows().filter((row) => row.auth === "user" || row.auth === "admin");
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      const url = row.path.replace(/\{[^}]+\}/g, WORD_COUNT);
      const method = row.method as "GET";
      const anonymous = await send(undefined, method, url);
      expect(anonymous.statusCode, `${row.method} ${row.path}`).toBe(401);
      expect(anonymous.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
      if (row.auth === "admin") {
        const notAdmin = await send("alice", method, url);
        expect(notAdmin.statusCode, `${row.method} ${row.path}`).toBe(403);
        expect(notAdmin.json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
      }
    }
    for (const simulator of [service.platform.apps, service.platform.metadata, service.platform.notifications]) {
      expect(simulator.recorder.requests).toEqual([]);
    }
    expect(service.platform.smtp.mails).toEqual([]);
  });
});

describe("passthrough fidelity", () => {
  it("returns a backend 4xx unchanged: status, body and content type", async () => {
    const refused = await send("bob", "GET", `/apps/${ALICES_ALIGNER}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({
      error_code: "ERR_FORBIDDEN",
      reason: `insufficient privileges for app ${ALICES_ALIGNER}`,
    });
    const invalid = await send("bob", "POST", "/apps", { description: "no name" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: "the request field name is required",
    });
  });

  it("answers a backend 5xx, HTML error pages included, as the gateway's 502 without the backend's body", async () => {
    service.platform.apps.faults.set({ mode: "html-500", path: "^/apps$" });
    const failed = await send("alice", "GET", "/apps");
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", request_id: failed.headers["x-request-id"] });
    expect(failed.body).not.toContain("500 Internal Server Error");
  });

  it("answers 502 when the apps backend is down and 504 when it does not answer", async () => {
    await service.platform.apps.stop();
    try {
      const down = await send("alice", "POST", "/apps", { name: "x" });
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service.platform.apps.start();
    }
    service.platform.apps.faults.set({ mode: "hang" });
    const hung = await send("alice", "GET", "/apps");
    expect(hung.statusCode).toBe(504);
    expect(hung.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });

  it("encodes each path parameter as one segment, so a parameter cannot change the backend path", async () => {
    const slashed = await send("alice", "GET", `/apps/${encodeURIComponent("a/b")}/details`);
    expect(slashed.statusCode).toBe(404);
    const climbing = await send("alice", "GET", `/apps/${encodeURIComponent("../tools")}/details`);
    expect(climbing.statusCode).toBe(400);
    const reached = service.platform.apps.recorder.requests.filter((request) => request.path !== "/workspaces");
    expect(reached.map((request) => request.path)).toEqual(["/apps/de/a%2Fb/details"]);
  });
});

describe("the API description", () => {
  it("describes every apps-proxy row of the catalogue, unsecured ones without security", async () => {
    const document = (await send(undefined, "GET", "/openapi.json")).json();
    const placeholders = (path: string) => path.replace(/\{[^}]+\}/g, "{}");
    // `/apps/{appId}` and `/apps/{systemId}` are one path once placeholders are blanked: merge their operations.
    const described = new Map<string, Record<string, unknown>>();
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      described.set(placeholders(path), { ...described.get(placeholders(path)), ...operations });
    }
    for (const row of builtRows()) {
      const operation = (described.get(placeholders(row.path)) as Record<string, { security?: unknown[] }>)?.[
        row.method.toLowerCase()
      ];
      expect(operation, `${row.method} ${row.path}`).toBeDefined();
      // Open to anyone: no requirement at all, or an empty one beside the token schemes (a token is then optional).
      const security = operation?.security as Array<Record<string, unknown>> | undefined;
      const open =
        security !== undefined && (security.length === 0 || security.some((r) => Object.keys(r).length === 0));
      expect(open, `${row.method} ${row.path}`).toBe(row.auth === "none" || row.auth === "optional");
    }
  });
});
