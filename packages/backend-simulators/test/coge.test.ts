import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SimulatedPlatform } from "../src/index.js";

let platform: SimulatedPlatform;
let signingKeyPem: string;
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
  signingKeyPem = (await platform.env()).DE_JWT_SIGNING_KEY ?? "";
});
afterAll(() => platform.stop());
beforeEach(() => platform.reset());

const tokenFor = (username: string, key = createPrivateKey(signingKeyPem)) =>
  new SignJWT({ email: `${username}@example.org` })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setSubject(username)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(key);

async function coge(path: string, init: { method?: string; user?: string; token?: string; body?: unknown } = {}) {
  const token = init.token ?? (init.user ? await tokenFor(init.user) : undefined);
  const response = await fetch(`${platform.coge.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(token ? { "x-iplant-de-jwt": token } : {}),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const genomeIds = (body: Record<string, unknown>) => (body.genomes as Array<{ id: number }>).map((genome) => genome.id);

describe("CoGe genome search", () => {
  it("finds genomes by organism or name, in CoGe's shape", async () => {
    const { status, body } = await coge("/genomes/search/arabidopsis", { user: "alice" });
    expect(status).toBe(200);
    expect(genomeIds(body).sort()).toEqual([16911, 24778]);
    expect((body.genomes as unknown[])[0]).toEqual(
      expect.objectContaining({
        id: 16911,
        name: "TAIR10",
        version: "10",
        organism_id: 7,
        organism: { id: 7, name: expect.stringContaining("Arabidopsis thaliana"), description: expect.any(String) },
        sequence_type: { id: "1", name: "unmasked", description: expect.any(String) },
        restricted: false,
        certified: true,
      }),
    );
    expect((body.genomes as object[])[0]).not.toHaveProperty("readers");
    expect(genomeIds((await coge("/genomes/search/IRGSP", { user: "alice" })).body)).toEqual([24777]);
  });

  it("shows a restricted genome only to its readers, and public ones to anonymous callers", async () => {
    expect(genomeIds((await coge("/genomes/search/sorghum", { user: "bob" })).body)).toEqual([35030]);
    expect(genomeIds((await coge("/genomes/search/sorghum", { user: "alice" })).body)).toEqual([]);
    expect(genomeIds((await coge("/genomes/search/sorghum")).body)).toEqual([]);
    expect(genomeIds((await coge("/genomes/search/tair")).body)).toEqual([16911]);
  });

  it("refuses short terms and tokens not signed with the key it trusts", async () => {
    expect(await coge("/genomes/search/ab", { user: "alice" })).toEqual({
      status: 400,
      body: { error: { Invalid: "Search term is shorter than 3 characters" } },
    });
    const stranger = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    const forged = await tokenFor("bob", stranger);
    expect(await coge("/genomes/search/sorghum", { token: forged })).toEqual({
      status: 401,
      body: { error: { Auth: "Access denied" } },
    });
  });
});

describe("CoGe jobs", () => {
  const exportRequest = (genomeId: number) => ({
    type: "export_fasta",
    parameters: { genome_id: genomeId, dest_type: "irods", overwrite: 0, email: "alice@example.org" },
  });

  it("submits a FASTA export for a signed-in user and shows it to them only", async () => {
    const { status, body } = await coge("/jobs", { method: "PUT", user: "alice", body: exportRequest(16911) });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      id: expect.any(Number),
      site_url: expect.stringMatching(/\/coge\/jobs\/\d+$/),
    });
    const job = await coge(`/jobs/${body.id}`, { user: "alice" });
    expect(job.body).toMatchObject({ id: body.id, type: "export_fasta", status: "Scheduled" });
    expect((await coge(`/jobs/${body.id}`, { user: "bob" })).status).toBe(404);
    expect(platform.coge.state.jobs.jobs.get(body.id as number)?.user).toBe("alice");
  });

  it("refuses anonymous jobs, unknown types and genomes the user cannot see", async () => {
    expect((await coge("/jobs", { method: "PUT", body: exportRequest(16911) })).status).toBe(401);
    const other = { ...exportRequest(16911), type: "export_gff" };
    expect((await coge("/jobs", { method: "PUT", user: "alice", body: other })).status).toBe(400);
    expect((await coge("/jobs", { method: "PUT", user: "alice", body: exportRequest(35030) })).body).toEqual({
      error: { Error: "Genome not found" },
    });
    expect((await coge("/jobs", { method: "PUT", user: "alice", body: { type: "export_fasta" } })).status).toBe(400);
  });

  it("loads data-store files into a genome to view and answers the viewer's URL", async () => {
    const load = {
      organism_id: 38378,
      metadata: { name: "test", version: "1", type_id: 1, source_name: "test", restricted: true },
      source_data: [{ type: "irods", path: "/iplant/home/alice/coge_data/chr1.fa" }],
    };
    const { status, body } = await coge("/genomes", { method: "PUT", user: "alice", body: load });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      id: expect.any(Number),
      site_url: expect.stringMatching(/\/coge\/LoadGenome\.pl\?wid=\d+$/),
    });
    expect((await coge("/genomes", { method: "PUT", user: "alice", body: { ...load, organism_id: 1 } })).body).toEqual({
      error: { Error: "Organism not found" },
    });
    expect((await coge("/genomes", { method: "PUT", user: "alice", body: { ...load, source_data: [] } })).status).toBe(
      400,
    );
  });
});
