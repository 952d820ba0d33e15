import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALIGNER_TOOL, WC_TOOL, WORD_COUNT } from "./seed.js";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);
const toolNames = (body: { tools: Array<{ name: string }> }) => body.tools.map((tool) => tool.name).sort();
const newTool = { name: "samtools", version: "1.19", container: { image: { name: "biocontainers/samtools" } } };

describe("tools", () => {
  it("lists public tools and the caller's own, with search passed through", async () => {
    expect(toolNames((await send("alice", "GET", "/tools")).json())).toEqual([
      "alice-aligner",
      "fastqc",
      "jupyter-lab",
      "wc",
    ]);
    expect(toolNames((await send("bob", "GET", "/tools")).json())).toEqual(["fastqc", "jupyter-lab", "wc"]);
    // The platform's internal tool (the URL import's) is of a hidden type: listed only when asked for (tools.clj).
    expect(toolNames((await send("bob", "GET", "/tools?include-hidden=true")).json())).toEqual([
      "curl_wrapper.pl",
      "fastqc",
      "jupyter-lab",
      "wc",
    ]);
    expect(toolNames((await send("bob", "GET", "/tools?search=quality")).json())).toEqual(["fastqc"]);
  });

  it("keeps an interactive tool's ports and proxy settings as rows of their own, each read back with its id", async () => {
    // sonora's tool form for a VICE tool (formatSubmission): ports and proxy settings without ids.
    const vice = {
      name: "rstudio",
      description: "RStudio Server",
      version: "4.4",
      type: "interactive",
      interactive: true,
      container: {
        image: { name: "harbor.cyverse.org/vice/rstudio", tag: "4.4" },
        skip_tmp_mount: true,
        container_ports: [{ container_port: 8787, bind_to_host: false }],
        interactive_apps: {
          name: "vice-proxy",
          image: "harbor.cyverse.org/de/vice-proxy",
          cas_url: "",
          cas_validate: "",
        },
      },
    };
    const created = await send("bob", "POST", "/tools", vice);
    expect(created.statusCode).toBe(200);
    const { container } = created.json();
    expect(container.container_ports).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), container_port: 8787, bind_to_host: false },
    ]);
    expect(container.interactive_apps).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "vice-proxy",
    });
    // containers.clj `filter-returns`: the lists sent empty are left out.
    expect(container).not.toHaveProperty("container_devices");
    expect(service.platform.apps.answerMismatches.splice(0)).toEqual([]);
  });

  it("adds a private tool, reads, changes and deletes it; others cannot see it", async () => {
    const created = await send("bob", "POST", "/tools", newTool);
    expect(created.json()).toMatchObject({ name: "samtools", is_public: false, permission: "own" });
    const { id } = created.json();
    expect((await send("alice", "GET", `/tools/${id}`)).statusCode).toBe(403);
    expect((await send("bob", "PATCH", `/tools/${id}`, { version: "1.20" })).json()).toMatchObject({ version: "1.20" });
    expect((await send("bob", "DELETE", `/tools/${id}`)).statusCode).toBe(200);
    expect((await send("bob", "GET", `/tools/${id}`)).statusCode).toBe(404);
  });

  it("refuses to delete a tool that apps use, and lists those apps", async () => {
    expect((await send("carol", "DELETE", `/admin/tools/${WC_TOOL}`)).statusCode).toBe(400);
    expect((await send("bob", "GET", `/tools/${WC_TOOL}/apps`)).json()).toMatchObject({ apps: [{ id: WORD_COUNT }] });
    expect((await send("carol", "GET", `/admin/tools/${ALIGNER_TOOL}/apps`)).json().apps).toHaveLength(1);
  });

  it("shares a tool with another user, lists who has it and takes it back", async () => {
    const subject = { id: "bob", source_id: "ldap" };
    const shared = await send("alice", "POST", "/tools/sharing", {
      sharing: [{ subject, tools: [{ tool_id: ALIGNER_TOOL, permission: "read" }] }],
    });
    expect(shared.json()).toMatchObject({ sharing: [{ tools: [{ tool_id: ALIGNER_TOOL, success: true }] }] });
    expect(toolNames((await send("bob", "GET", "/tools")).json())).toContain("alice-aligner");
    expect((await send("alice", "POST", "/tools/permission-lister", { tools: [ALIGNER_TOOL] })).json()).toMatchObject({
      tools: [
        {
          id: ALIGNER_TOOL,
          name: "alice-aligner",
          // carol's since the seed: alice shared her aligner app with carol, and its tool with it.
          permissions: [
            { subject: { id: "carol" }, permission: "read" },
            { subject: { id: "bob" }, permission: "read" },
          ],
        },
      ],
    });
    const notOwner = await send("bob", "POST", "/tools/sharing", {
      sharing: [{ subject: { id: "carol" }, tools: [{ tool_id: ALIGNER_TOOL, permission: "own" }] }],
    });
    // sonora's sharing dialog shows the refusal's error_code (tools/sharing.clj: ERR_BAD_REQUEST).
    expect(notOwner.json()).toMatchObject({
      sharing: [
        {
          tools: [
            {
              success: false,
              error: { error_code: "ERR_BAD_REQUEST", reason: `insufficient privileges for tool ID ${ALIGNER_TOOL}` },
            },
          ],
        },
      ],
    });
    // A reader may list who else has it (read permission suffices), without herself among them.
    const asReader = (await send("bob", "POST", "/tools/permission-lister", { tools: [ALIGNER_TOOL] })).json();
    expect(asReader.tools[0].permissions.map((grant: { subject: { id: string } }) => grant.subject.id)).toEqual([
      "carol",
    ]);
    expect((await send("bob", "POST", "/tools/permission-lister", { tools: [WC_TOOL] })).statusCode).toBe(200);
    await send("alice", "POST", "/tools/unsharing", { unsharing: [{ subject, tools: [ALIGNER_TOOL] }] });
    expect(toolNames((await send("bob", "GET", "/tools")).json())).not.toContain("alice-aligner");
  });

  it("lets administrators add, change, publish and delete any tool", async () => {
    expect((await send("bob", "POST", "/admin/tools", { tools: [newTool] })).statusCode).toBe(403);
    const added = await send("carol", "POST", "/admin/tools", { tools: [newTool] });
    const [id] = added.json().tool_ids;
    expect(toolNames((await send("bob", "GET", "/tools")).json())).toContain("samtools");
    expect((await send("carol", "PATCH", `/admin/tools/${id}`, { description: "SAM files" })).json()).toMatchObject({
      description: "SAM files",
    });
    expect((await send("carol", "GET", `/admin/tools/${ALIGNER_TOOL}`)).json()).toMatchObject({ is_public: false });
    expect((await send("carol", "POST", `/admin/tools/${ALIGNER_TOOL}/publish`, {})).json()).toMatchObject({
      is_public: true,
    });
    expect((await send("carol", "POST", `/admin/tools/${ALIGNER_TOOL}/publish`, {})).statusCode).toBe(400);
    expect((await send("carol", "DELETE", `/admin/tools/${id}`)).statusCode).toBe(200);
    expect(toolNames((await send("carol", "GET", "/admin/tools")).json())).not.toContain("samtools");
  });

  it("returns the backend's validation error unchanged", async () => {
    const refused = await send("bob", "POST", "/tools", { name: "no-version" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: "the request field version is required",
    });
  });
});

describe("tools as the web client calls them", () => {
  it("lists every tool for search=*, which the client sends when nothing is typed", async () => {
    const listed = await send("bob", "GET", "/tools?sort-dir=ASC&sort-field=name&limit=100&offset=0&search=*");
    expect(listed.statusCode).toBe(200);
    expect(toolNames(listed.json())).toEqual(["fastqc", "jupyter-lab", "wc"]);
    expect(toolNames((await send("carol", "GET", "/admin/tools?search=*")).json())).toHaveLength(4);
    expect(toolNames((await send("carol", "GET", "/admin/tools?search=*&include-hidden=true")).json())).toHaveLength(5);
    // `*` and `?` are wildcards, as the apps backend reads them; other characters stand for themselves.
    expect(toolNames((await send("bob", "GET", "/tools?search=f*qc")).json())).toEqual(["fastqc"]);
    expect(toolNames((await send("bob", "GET", "/tools?search=w%3F")).json())).toEqual(["wc"]);
    expect(toolNames((await send("bob", "GET", "/tools?search=.*")).json())).toEqual([]);
  });

  it("answers /tools/gpu-models with the GPU models, not as a tool named gpu-models", async () => {
    const models = await send("bob", "GET", "/tools/gpu-models");
    expect(models.statusCode).toBe(200);
    expect(models.json()).toEqual({ gpu_models: expect.arrayContaining(["NVIDIA-A16"]) });
    expect(service.platform.apps.recorder.to("GET", "/tools/gpu-models")).toHaveLength(1);
    expect((await send("bob", "GET", `/tools/${WC_TOOL}`)).json()).toMatchObject({ id: WC_TOOL, name: "wc" });
  });

  it("shows who integrated a tool and lets administrators name someone else", async () => {
    expect((await send("bob", "GET", `/tools/${WC_TOOL}/integration-data`)).json()).toMatchObject({
      email: "carol@example.org",
    });
    const created = await send("carol", "POST", "/admin/integration-data", { name: "Dana", email: "dana@example.org" });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect((await send("alice", "PUT", `/admin/tools/${WC_TOOL}/integration-data/${id}`)).statusCode).toBe(403);
    expect((await send("carol", "PUT", `/admin/tools/${WC_TOOL}/integration-data/${id}`)).statusCode).toBe(200);
    expect((await send("bob", "GET", `/tools/${WC_TOOL}/integration-data`)).json()).toMatchObject({
      id,
      name: "Dana",
    });
    // Integration data in use cannot be deleted.
    const inUse = await send("carol", "DELETE", `/admin/integration-data/${id}`);
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
  });
});
