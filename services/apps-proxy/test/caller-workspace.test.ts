import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ONTOLOGY_VERSION, OPERATION_ROOT, WC_TOOL, WORD_COUNT } from "./seed.js";
import { enc, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

/** backend-clients' `callerWorkspaces` on apps-proxy's routes, against the apps simulator's refusal without a workspace. */
const WORKSPACE_REFUSAL = { error_code: "ERR_NOT_FOUND", reason: "Workspace for user not found." };
const workspaceAsks = () => service.platform.apps.recorder.to("GET", "/workspaces");
const get = (url: string, headers: Record<string, string>) => service.app.inject({ method: "GET", url, headers });

describe("the caller's workspace before the app catalogue", () => {
  it("the apps backend itself refuses the catalogue to a user it has no workspace for", async () => {
    const direct = await fetch(`${service.platform.apps.url}/apps/categories?user=alice`);
    expect(direct.status).toBe(404);
    expect(await direct.json()).toMatchObject(WORKSPACE_REFUSAL);
  });

  it("asks for it before a first call that is not bootstrap, so that the call is answered", async () => {
    const listed = await service.send("alice", "GET", "/apps/categories");
    expect(listed.statusCode).toBe(200);
    expect(listed.json().categories[0].name).toBe("Workspace");
    const calls = service.platform.apps.recorder.requests.map((request) => `${request.method} ${request.path}`);
    expect(calls).toEqual(["GET /workspaces", "GET /apps/categories"]);
    expect(workspaceAsks()[0]?.query).toMatchObject({ user: "alice" });
  });

  it("asks once per token: later requests and requests at the same time with it ask no more", async () => {
    const alice = await service.as("alice");
    const answers = await Promise.all([get("/apps", alice), get("/apps/categories", alice)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await get(`/apps/${WORD_COUNT}/details`, alice)).statusCode).toBe(200);
    expect(workspaceAsks()).toHaveLength(1);
    expect((await service.send("alice", "GET", "/apps")).statusCode).toBe(200);
    expect(workspaceAsks()).toHaveLength(2);
  });

  it("asks again after the backend refuses for want of it (a workspace it lost), with the same token", async () => {
    const alice = await service.as("alice");
    expect((await get("/apps", alice)).statusCode).toBe(200);
    service.platform.reset();
    expect((await get("/apps", alice)).json()).toMatchObject(WORKSPACE_REFUSAL);
    expect((await get("/apps", alice)).statusCode).toBe(200);
    expect((await get("/apps/categories", alice)).statusCode).toBe(200);
    expect(workspaceAsks()).toHaveLength(1);
  });

  it("does not forget it for other refusals", async () => {
    const alice = await service.as("alice");
    const missing = await get("/apps/00000000-0000-4000-8000-000000000000/details", alice);
    expect(missing.statusCode).toBe(404);
    expect((await get("/apps", alice)).statusCode).toBe(200);
    expect(workspaceAsks()).toHaveLength(1);
  });

  it("covers administrators' catalogue routes, and creating an app", async () => {
    expect((await service.send("carol", "GET", "/admin/apps?search=word")).statusCode).toBe(200);
    const underHierarchy = `/admin/ontologies/${enc(ONTOLOGY_VERSION)}/${enc(OPERATION_ROOT)}/apps`;
    expect((await service.send("carol", "GET", underHierarchy)).statusCode).toBe(200);
    expect((await service.send("carol", "GET", `/tools/${WC_TOOL}/apps`)).statusCode).toBe(200);
    const created = await service.send("bob", "POST", "/apps", { name: "Counter", tools: [WC_TOOL] });
    expect(created.statusCode).toBe(200);
    expect(workspaceAsks().map((request) => request.query.user)).toEqual(["carol", "carol", "carol", "bob"]);
  });

  it("leaves routes outside the app catalogue and anonymous callers alone", async () => {
    expect((await service.send("alice", "GET", "/reference-genomes")).statusCode).toBe(200);
    const preview = await service.send(undefined, "POST", "/apps/arg-preview", { groups: [] });
    expect(preview.statusCode).toBeLessThan(500);
    expect(workspaceAsks()).toEqual([]);
  });

  it("lets the request go on when the backend cannot be asked, and answers what the backend answers then", async () => {
    service.platform.apps.faults.set({ mode: "json-500", path: "^/workspaces$" });
    const refused = await service.send("alice", "GET", "/apps/categories");
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject(WORKSPACE_REFUSAL);
    service.platform.apps.faults.set({ mode: "hang", path: "^/workspaces$" });
    expect((await service.send("bob", "GET", "/apps/categories?public=true")).statusCode).toBe(200);
  });
});
