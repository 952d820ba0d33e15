import { describe, expect, it } from "vitest";
import { HOME, q, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;

const COGE_FOLDER = `${HOME("alice")}/coge_data`;
const NOTES = `${HOME("alice")}/notes.txt`;
const MEASUREMENTS = `${HOME("alice")}/measurements.csv`;

const coge = () => service.platform.coge;
const cogeJobs = () => [...coge().state.jobs.jobs.values()];

/** The user CoGe was told the request is for: the subject of the gateway-signed token it received. */
function tokenSubject(headers: Record<string, unknown>): unknown {
  const payload = String(headers["x-iplant-de-jwt"]).split(".")[1] ?? "";
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")).sub;
}

/** What the CoGe account may do with a path, asked of the file-info simulator as that account. */
async function cogePermission(path: string): Promise<unknown> {
  const response = await fetch(`${service.platform.fileInfo.url}/path-info?user=coge`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ paths: [path] }),
  });
  if (response.status !== 200) return ((await response.json()) as { error_code: string }).error_code;
  return ((await response.json()) as { paths: Record<string, { permission: string }> }).paths[path]?.permission;
}

async function withCogeStopped(run: () => Promise<void>) {
  await coge().stop();
  try {
    await run();
  } finally {
    await coge().start();
  }
}

describe("GET /coge/genomes", () => {
  it("searches CoGe as the caller (signed token) and answers its genomes", async () => {
    const response = await send("alice", "GET", "/coge/genomes?search=arabidopsis");
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().genomes.map((genome: { id: number }) => genome.id);
    expect(ids.sort()).toEqual([16911, 24778]);
    const [call] = coge().recorder.to("GET", "/genomes/search/arabidopsis");
    expect(tokenSubject(call?.headers ?? {})).toBe("alice");
  });

  it("shows restricted genomes only to their readers, since CoGe knows who asks", async () => {
    const names = async (user: string) =>
      (await send(user, "GET", "/coge/genomes?search=sorghum"))
        .json()
        .genomes.map((genome: { id: number }) => genome.id);
    expect(await names("bob")).toEqual([35030]);
    expect(await names("alice")).toEqual([]);
  });

  it("sends the term as one trimmed path segment, whatever it holds", async () => {
    const response = await send("alice", "GET", `/coge/genomes?search=${q(" B73/../x ")}`);
    expect(response.statusCode).toBe(200);
    expect(coge().recorder.to("GET", "/genomes/search/B73%2F..%2Fx")).toHaveLength(1);
  });

  it.each([
    ["missing", "/coge/genomes"],
    ["too short", "/coge/genomes?search=ab"],
    ["too short once trimmed", `/coge/genomes?search=${q("  ab  ")}`],
  ])("refuses a %s search term (400) without asking CoGe", async (_case, url) => {
    const response = await send("alice", "GET", url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: expect.stringContaining("search"),
    });
    expect(coge().recorder.requests).toHaveLength(0);
  });

  it("searches a term of exactly three characters, and names the term it refuses", async () => {
    expect((await send("alice", "GET", "/coge/genomes?search=B73")).statusCode).toBe(200);
    expect(coge().recorder.to("GET", "/genomes/search/B73")).toHaveLength(1);
    expect((await send("alice", "GET", "/coge/genomes?search=ab")).json()).toEqual({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: "search must be at least 3 characters long",
      search: "ab",
    });
  });

  it.each([
    [400, { Invalid: "term not accepted" }, { error_code: "ERR_BAD_REQUEST", reason: "CoGe: term not accepted" }],
    [
      401,
      { Auth: "token not accepted" },
      {
        error_code: "ERR_BAD_GATEWAY",
        reason: "CoGe answered with status 401: token not accepted",
        backend_status: 401,
      },
    ],
  ])(
    "answers CoGe's %i with its reason: a refusal of the request as it is, others as 502",
    async (status, error, answer) => {
      coge().faults.set({ mode: "json-status", status, body: { error } });
      const response = await send("alice", "GET", "/coge/genomes?search=maize");
      expect(response.statusCode).toBe(status === 400 ? 400 : 502);
      // A backend's failure reaches the client without its body, which only the log holds.
      const kept = status === 400 ? { backend_response: { error } } : { request_id: response.headers["x-request-id"] };
      expect(response.json()).toEqual({ ...answer, ...kept });
    },
  );

  it.each([
    [400, { message: "term not accepted" }, "CoGe: status 400"],
    [400, { error: "term not accepted" }, "CoGe: status 400"],
    [503, { error: { Error: 503 } }, "CoGe answered with status 503"],
  ])(
    "answers CoGe's %i whose body is not its error shape by the status alone, the body kept on a refusal",
    async (status, body, reason) => {
      coge().faults.set({ mode: "json-status", status, body });
      const response = await send("alice", "GET", "/coge/genomes?search=maize");
      expect(response.statusCode).toBe(status === 400 ? 400 : 502);
      expect(response.json()).toMatchObject(status === 400 ? { reason, backend_response: body } : { reason });
      if (status !== 400) expect(response.json()).not.toHaveProperty("backend_response");
    },
  );

  it("needs a signed-in caller (401)", async () => {
    const response = await send(undefined, "GET", "/coge/genomes?search=maize");
    expect(response.statusCode).toBe(401);
    expect(response.json().error_code).toBe("ERR_NOT_AUTHORIZED");
  });

  it("answers 502 when CoGe is unreachable, 502 when it fails, 504 when it hangs", async () => {
    await withCogeStopped(async () => {
      const down = await send("alice", "GET", "/coge/genomes?search=maize");
      expect(down.statusCode).toBe(502);
      expect(down.json().error_code).toBe("ERR_BAD_GATEWAY");
    });
    coge().faults.set({ mode: "html-500" });
    const failed = await send("alice", "GET", "/coge/genomes?search=maize");
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", backend_status: 500 });
    coge().faults.set({ mode: "hang" });
    const hung = await send("alice", "GET", "/coge/genomes?search=maize");
    expect(hung.statusCode).toBe(504);
    expect(hung.json().error_code).toBe("ERR_GATEWAY_TIMEOUT");
  });
});

describe("POST /coge/genomes/{genome-id}/export-fasta", () => {
  it("creates the caller's CoGe folder, shares it with CoGe and submits the export job", async () => {
    const response = await send("alice", "POST", "/coge/genomes/16911/export-fasta");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: 70001, success: true });
    expect(await cogePermission(COGE_FOLDER)).toBe("write");
    const [job] = cogeJobs();
    expect(job).toMatchObject({
      user: "alice",
      type: "export_fasta",
      parameters: { genome_id: 16911, dest_type: "irods", overwrite: 0 },
    });
    expect(job?.parameters).not.toHaveProperty("email");
    // The folder was made before it was shared, and shared before CoGe was asked.
    const created = service.platform.fileInfo.recorder.to("POST", "/data/directories");
    expect(created.map((call) => call.body)).toEqual([{ paths: [COGE_FOLDER] }]);
  });

  it("passes notify (as the caller's address) and overwrite on, and reuses a folder already there", async () => {
    expect((await send("alice", "POST", "/coge/genomes/16911/export-fasta")).statusCode).toBe(200);
    const again = await send("alice", "POST", "/coge/genomes/24777/export-fasta?notify=true&overwrite=true");
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: 70002, success: true });
    expect(cogeJobs()[1]?.parameters).toEqual({
      genome_id: 24777,
      dest_type: "irods",
      overwrite: 1,
      email: "alice@example.org",
    });
  });

  it("answers CoGe's 404 for a genome it does not know", async () => {
    const response = await send("alice", "POST", "/coge/genomes/99999/export-fasta");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: "CoGe: Genome not found" });
    expect(cogeJobs()).toHaveLength(0);
  });

  it.each([
    ["a genome id that is not a number", "/coge/genomes/tair10/export-fasta"],
    ["a genome id below 1", "/coge/genomes/0/export-fasta"],
    ["a notify flag that is not a boolean", "/coge/genomes/16911/export-fasta?notify=maybe"],
  ])("refuses %s (400) and touches nothing", async (_case, url) => {
    const response = await send("alice", "POST", url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe("ERR_BAD_OR_MISSING_FIELD");
    expect(service.platform.fileInfo.recorder.requests).toHaveLength(0);
    expect(coge().recorder.requests).toHaveLength(0);
  });

  it("fails (502) without submitting the job when the folder cannot be shared with CoGe's account", async () => {
    service.platform.fileInfo.state.navigation.users.delete("coge");
    const response = await send("alice", "POST", "/coge/genomes/16911/export-fasta");
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      error_code: "ERR_BAD_GATEWAY",
      path: COGE_FOLDER,
      reason: `${COGE_FOLDER} could not be shared with CoGe: no such user: coge`,
      request_id: response.headers["x-request-id"],
    });
    expect(coge().recorder.requests).toHaveLength(0);
  });

  it("fails (502) without sharing or submitting the job when the CoGe folder cannot be made", async () => {
    service.platform.fileInfo.faults.set({ mode: "json-500", method: "POST", path: "^/data/directories$" });
    const response = await send("alice", "POST", "/coge/genomes/16911/export-fasta");
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", backend_status: 500 });
    expect(service.platform.fileInfo.recorder.to("POST", "/sharer")).toHaveLength(0);
    expect(coge().recorder.requests).toHaveLength(0);
  });

  it("fails (502) without submitting the job when the file-info backend is down", async () => {
    service.platform.fileInfo.faults.set({ mode: "json-500" });
    const response = await send("alice", "POST", "/coge/genomes/16911/export-fasta");
    expect(response.statusCode).toBe(502);
    expect(coge().recorder.requests).toHaveLength(0);
  });

  it("answers 502 when CoGe is unreachable", async () => {
    await withCogeStopped(async () => {
      const response = await send("alice", "POST", "/coge/genomes/16911/export-fasta");
      expect(response.statusCode).toBe(502);
      expect(response.json().error_code).toBe("ERR_BAD_GATEWAY");
    });
  });

  it("needs a signed-in caller (401)", async () => {
    expect((await send(undefined, "POST", "/coge/genomes/16911/export-fasta")).statusCode).toBe(401);
  });
});

describe("POST /coge/genomes/load", () => {
  it("shares the caller's files with CoGe, loads them and answers the viewer's URL", async () => {
    const response = await send("alice", "POST", "/coge/genomes/load", { paths: [NOTES, `${MEASUREMENTS}/`] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ coge_genome_url: `${coge().url}/coge/LoadGenome.pl?wid=70001` });
    expect(await cogePermission(NOTES)).toBe("write");
    expect(await cogePermission(MEASUREMENTS)).toBe("write");
    const [load] = coge().recorder.to("PUT", "/genomes");
    expect(tokenSubject(load?.headers ?? {})).toBe("alice");
    expect(load?.body).toEqual({
      organism_id: 38378,
      metadata: { name: "test", version: "1", type_id: 1, source_name: "test", restricted: true },
      source_data: [
        { type: "irods", path: NOTES },
        { type: "irods", path: MEASUREMENTS },
      ],
    });
  });

  it("refuses files the caller does not own (403) and missing files (404), loading nothing", async () => {
    const shared = await send("bob", "POST", "/coge/genomes/load", { paths: [`${HOME("alice")}/for-bob.txt`] });
    expect(shared.statusCode).toBe(403);
    expect(shared.json().error_code).toBe("ERR_NOT_OWNER");
    const missing = await send("alice", "POST", "/coge/genomes/load", { paths: [`${HOME("alice")}/nothing.fa`] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error_code: "ERR_DOES_NOT_EXIST", path: `${HOME("alice")}/nothing.fa` });
    expect(coge().recorder.requests).toHaveLength(0);
  });

  it.each([
    ["no body", undefined],
    ["no paths", {}],
    ["an empty list", { paths: [] }],
    ["a relative path", { paths: ["notes.txt"] }],
    ["a path climbing out", { paths: [`${HOME("alice")}/../bob/notes.txt`] }],
    ["paths that are not text", { paths: [42] }],
  ])("refuses %s (400) and touches nothing", async (_case, body) => {
    const response = await send("alice", "POST", "/coge/genomes/load", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe("ERR_BAD_OR_MISSING_FIELD");
    expect(service.platform.fileInfo.recorder.requests).toHaveLength(0);
    expect(coge().recorder.requests).toHaveLength(0);
  });

  it("answers 502 when CoGe is unreachable, names no viewer, or hangs (504)", async () => {
    await withCogeStopped(async () => {
      expect((await send("alice", "POST", "/coge/genomes/load", { paths: [NOTES] })).statusCode).toBe(502);
    });
    coge().faults.set({ mode: "json-200", path: "^/genomes$", body: { success: true } });
    const noViewer = await send("alice", "POST", "/coge/genomes/load", { paths: [NOTES] });
    expect(noViewer.statusCode).toBe(502);
    expect(noViewer.json()).toMatchObject({
      error_code: "ERR_BAD_GATEWAY",
      reason: "CoGe's answer named no viewer URL",
      request_id: noViewer.headers["x-request-id"],
    });
    coge().faults.set({ mode: "hang", path: "^/genomes$" });
    expect((await send("alice", "POST", "/coge/genomes/load", { paths: [NOTES] })).statusCode).toBe(504);
  });

  it("needs a signed-in caller (401)", async () => {
    expect((await send(undefined, "POST", "/coge/genomes/load", { paths: [NOTES] })).statusCode).toBe(401);
  });

  it("leaves CoGe's account out of files it was not asked to load", async () => {
    expect((await send("alice", "POST", "/coge/genomes/load", { paths: [NOTES] })).statusCode).toBe(200);
    // The stat leaves out what the account has no access to (data-info stat.clj do-stat).
    expect(await cogePermission(MEASUREMENTS)).toBeUndefined();
  });
});
