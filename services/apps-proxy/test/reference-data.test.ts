import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GRCH38 } from "./seed.js";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);
const genomeNames = (body: { genomes: Array<{ name: string }> }) => body.genomes.map((genome) => genome.name);

describe("reference genomes", () => {
  it("lists the genomes and reads one", async () => {
    expect(genomeNames((await send("bob", "GET", "/reference-genomes")).json())).toHaveLength(2);
    expect((await send("bob", "GET", `/reference-genomes/${GRCH38}`)).json()).toMatchObject({ id: GRCH38 });
    expect((await send("bob", "GET", "/reference-genomes/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("answers 502, not the page, when a proxy in front of the apps backend answers with an HTML page", async () => {
    service.platform.apps.faults.set({ mode: "html-200", path: "^/reference-genomes" });
    const page = await send("bob", "GET", "/reference-genomes");
    expect(page.statusCode).toBe(502);
    expect(page.json()).toEqual({
      error_code: "ERR_BAD_GATEWAY",
      reason: "the apps backend answered with an HTML page, not its answer",
    });
  });

  it("lets administrators add, change and delete genomes; deleted ones are listed only when asked", async () => {
    const genome = { name: "Mus musculus (GRCm39)", path: "/data2/collections/genomeservices/1.0.0/GRCm39" };
    expect((await send("bob", "POST", "/admin/reference-genomes", genome)).statusCode).toBe(403);
    const added = await send("carol", "POST", "/admin/reference-genomes", genome);
    expect(added.json()).toMatchObject({ ...genome, created_by: "carol" });
    // A genome's path, then its name, is its own: refused as the apps service refuses what exists (400, ERR_EXISTS).
    const again = await send("carol", "POST", "/admin/reference-genomes", genome);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error_code: "ERR_EXISTS", path: genome.path });
    const sameName = await send("carol", "POST", "/admin/reference-genomes", { ...genome, path: "/data2/other" });
    expect(sameName.json()).toMatchObject({ error_code: "ERR_EXISTS", name: genome.name });
    const { id } = added.json();
    const changed = await send("carol", "PATCH", `/admin/reference-genomes/${id}`, { name: "Mouse (GRCm39)" });
    expect(changed.json()).toMatchObject({ name: "Mouse (GRCm39)", last_modified_by: "carol" });
    expect((await send("carol", "DELETE", `/admin/reference-genomes/${id}`)).statusCode).toBe(200);
    expect(genomeNames((await send("bob", "GET", "/reference-genomes")).json())).not.toContain("Mouse (GRCm39)");
    expect(genomeNames((await send("bob", "GET", "/reference-genomes?deleted=true")).json())).toContain(
      "Mouse (GRCm39)",
    );
    await send("carol", "DELETE", `/admin/reference-genomes/${id}?permanent=true`);
    expect((await send("bob", "GET", `/reference-genomes/${id}`)).statusCode).toBe(404);
  });
});

describe("workspaces", () => {
  it("lets administrators list users' workspaces and delete them by user name", async () => {
    // Workspaces come into being at a user's first login (bootstrap asks the apps backend for them).
    const created = [];
    for (const user of ["alice", "bob"]) {
      const answer = await fetch(`${service.platform.apps.url}/workspaces?user=${user}`);
      // The listing names every workspace as not new (cyverse-de/apps src/apps/service/workspace.clj).
      created.push({ ...((await answer.json()) as Record<string, unknown>), new_workspace: false });
    }
    expect((await send("alice", "GET", "/admin/workspaces")).statusCode).toBe(403);
    expect((await send("carol", "GET", "/admin/workspaces?username=bob")).json()).toEqual({ workspaces: [created[1]] });
    expect((await send("carol", "DELETE", "/admin/workspaces")).statusCode).toBe(400);
    expect((await send("carol", "DELETE", "/admin/workspaces?username=bob")).statusCode).toBe(200);
    const left = (await send("carol", "GET", "/admin/workspaces?username=alice&username=bob")).json();
    expect(left).toEqual({ workspaces: [created[0]] });
  });
});
