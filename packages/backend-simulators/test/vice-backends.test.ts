import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAppsSimulator } from "../src/apps/index.js";
import { SimulatedPlatform } from "../src/platform.js";
import { SEED_APP_IDS } from "../src/seed-ids.js";

let platform: SimulatedPlatform;
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());
beforeEach(() => platform.reset());

/** JSON of many shapes, each checked with expect. */
// biome-ignore lint/suspicious/noExplicitAny: see above
type Json = any;

async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const response = await fetch(new URL(path, base), {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const SEED_ANALYSIS = "d6e5f4a3-0000-4000-8000-000000000001";
const lookup = (user: string, lookupFlag = "true") =>
  call(
    platform.permissions.url,
    "GET",
    `/permissions/subjects/user/${user}/analysis/${SEED_ANALYSIS}?lookup=${lookupFlag}`,
  );

describe("permissions simulator", () => {
  it("answers an analysis's owner as registered by the apps backend, and nobody else", async () => {
    expect((await lookup("alice")).body).toMatchObject({
      permissions: [
        {
          permission_level: "own",
          resource: { name: SEED_ANALYSIS, resource_type: "analysis" },
          subject: { subject_id: "alice", subject_type: "user", subject_source_id: "ldap" },
        },
      ],
    });
    expect((await lookup("bob")).body).toEqual({ permissions: [] });
  });

  it("sets, raises and revokes grants, and answers only the strongest", async () => {
    const path = `/permissions/resources/analysis/${SEED_ANALYSIS}/subjects/user/bob`;
    expect((await call(platform.permissions.url, "PUT", path, { permission_level: "read" })).status).toBe(200);
    expect((await lookup("bob")).body.permissions).toMatchObject([{ permission_level: "read" }]);
    await call(platform.permissions.url, "PUT", path, { permission_level: "write" });
    expect((await lookup("bob")).body.permissions).toMatchObject([{ permission_level: "write" }]);
    const minOwn = await call(
      platform.permissions.url,
      "GET",
      `/permissions/subjects/user/bob/analysis/${SEED_ANALYSIS}?min-level=own`,
    );
    expect(minOwn.body).toEqual({ permissions: [] });
    // go-swagger refuses a level outside the enum before the handler runs (permissions-rules.test.ts).
    expect((await call(platform.permissions.url, "PUT", path, { permission_level: "boss" })).status).toBe(422);
    expect((await call(platform.permissions.url, "DELETE", path)).status).toBe(200);
    expect((await call(platform.permissions.url, "DELETE", path)).status).toBe(404);
    expect((await lookup("bob")).body).toEqual({ permissions: [] });
    // A lookup flag go-swagger does not read as true is false, never refused.
    expect((await lookup("bob", "maybe")).status).toBe(200);
  });

  it("counts what a user holds through a group only when asked to look up", async () => {
    const group = [...platform.groups.state.grouper.groups.values()].find((candidate) =>
      candidate.members.includes("carol"),
    );
    expect(group).toBeDefined();
    const path = `/permissions/resources/analysis/${SEED_ANALYSIS}/subjects/group/${group?.id}`;
    await call(platform.permissions.url, "PUT", path, { permission_level: "admin" });
    expect((await lookup("carol")).body.permissions).toMatchObject([
      { permission_level: "admin", subject: { subject_type: "group", subject_source_id: "g:gsa" } },
    ]);
    expect((await lookup("carol", "false")).body).toEqual({ permissions: [] });
  });
});

describe("requests simulator", () => {
  it("keeps types with limits, requests within them, and status updates", async () => {
    const base = platform.requests.url;
    expect((await call(base, "POST", "/request-types/bad%20name")).status).toBe(400);
    // A type of its own: the seed's `vice` type already has bob's open request.
    expect((await call(base, "POST", "/request-types/storage?maximum-requests-per-user=0")).status).toBe(400);
    const type = await call(base, "POST", "/request-types/storage?maximum-concurrent-requests-per-user=1");
    expect(type.body).toMatchObject({ name: "storage", maximum_concurrent_requests_per_user: 1 });
    const request = { request_type: "storage", details: { size: "2 TB" } };
    const first = await call(base, "POST", "/requests?user=bob", request);
    expect(first.body).toMatchObject({ requesting_user: "bob", status: "Submitted" });
    const second = await call(base, "POST", "/requests?user=bob", request);
    expect(second).toMatchObject({ status: 400, body: { error_code: "ERR_LIMIT_REACHED" } });
    // A user missing from the DE database fails the service's lookup (db/users.go): 500, not its 400.
    expect((await call(base, "POST", "/requests?user=nobody", request)).status).toBe(500);
    const rejected = await call(base, "POST", `/requests/${first.body.id}/status?user=carol`, {
      status: "rejected",
      message: "no",
    });
    expect(rejected.body).toMatchObject({ status: "Rejected", updating_user: "carol", message: "no" });
    // A completed request no longer counts against the open ones.
    expect((await call(base, "POST", "/requests?user=bob", request)).status).toBe(200);
    expect((await call(base, "POST", `/requests/${first.body.id}/status?user=carol`, { status: "done" })).status).toBe(
      400,
    );
    expect(
      (await call(base, "GET", "/requests?include-completed=true&requesting-user=bob&request-type=storage")).body
        .requests,
    ).toHaveLength(2);
  });
});

describe("app-exposer simulator", () => {
  it("knows no analysis that was never launched, and ends nothing for it", async () => {
    const base = platform.appExposer.url;
    expect((await call(base, "GET", "/vice/listing")).status).toBe(400);
    expect((await call(base, "GET", "/vice/listing?user=nobody")).status).toBe(404);
    // bob has launched nothing (alice's seeded JupyterLab session runs).
    expect((await call(base, "GET", "/vice/listing?user=bob")).body).toEqual({
      deployments: [],
      pods: [],
      configMaps: [],
      services: [],
      ingresses: [],
      routes: [],
    });
    expect((await call(base, "POST", `/vice/admin/analyses/${SEED_ANALYSIS}/exit`)).body).toEqual({
      message: "code=404, message=no operator found for analysis",
    });
    expect((await call(base, "GET", `/vice/${SEED_ANALYSIS}/time-limit`)).status).toBe(403);
  });

  it("launches on no operator while none accepts launches", async () => {
    for (const operator of platform.appExposer.state.vice.operators.values()) operator.accepting_launches = false;
    const running = platform.appExposer.state.vice.analyses.size;
    const launched = platform.appExposer.launch({
      analysisId: "0c0c0c0c-0000-4000-8000-000000000001",
      analysisName: "x",
      appId: "y",
      appName: "z",
      username: "alice",
      image: "i:1",
    });
    expect(launched).toBeUndefined();
    expect(platform.appExposer.state.vice.analyses.size).toBe(running);
  });
});

describe("the apps backend's limit checks", () => {
  const JUPYTER_LAB = SEED_APP_IDS.jupyterLab;
  const checksOf = async (user: string) => {
    const listing = await call(platform.apps.url, "GET", `/apps/de/${JUPYTER_LAB}?user=${user}`);
    return listing.body.limitChecks;
  };
  const setLimit = (user: string, limit: number) =>
    call(platform.analyses.url, "PUT", `/settings/concurrent-job-limits/${user}`, { concurrent_jobs: limit });

  it("check interactive launches against the limit the analyses service has for the user", async () => {
    // alice's JupyterLab session runs: under the default limit of 8, she may start another.
    expect(await checksOf("alice")).toEqual({ canRun: true, results: [] });
    await setLimit("alice", 1);
    expect(await checksOf("alice")).toEqual({
      canRun: false,
      results: [
        {
          limitCheckID: "CONCURRENT_VICE_ANALYSES",
          reasonCodes: ["ERR_LIMIT_REACHED"],
          additionalInfo: { runningJobs: 1, maxJobs: 1, usingDefaultSetting: false, pendingRequest: null },
        },
      ],
    });
    await setLimit("bob", 0);
    expect((await checksOf("bob")).results[0].reasonCodes).toEqual(["ERR_FORBIDDEN"]);
    await call(platform.analyses.url, "DELETE", "/settings/concurrent-job-limits/alice");
    expect((await checksOf("alice")).canRun).toBe(true);
  });

  it("name the user's VICE access requests not yet decided, as the requests service lists them", async () => {
    await setLimit("bob", 0);
    // bob's request of the demo world is still open: the web client tells him to wait instead of asking again.
    const open = await call(platform.requests.url, "GET", "/requests?request-type=vice&requesting-user=bob");
    expect(open.body.requests).toHaveLength(1);
    expect((await checksOf("bob")).results[0].additionalInfo.pendingRequest).toEqual(open.body.requests);
    const [request] = open.body.requests;
    const decided = await call(platform.requests.url, "POST", `/requests/${request.id}/status?user=carol`, {
      status: "rejected",
      message: "Not now.",
    });
    expect(decided.status).toBe(200);
    expect((await checksOf("bob")).results[0].additionalInfo.pendingRequest).toBeNull();
  });

  it("ask for permission when the default limit is 0: no user may launch one without asking", async () => {
    const apps = createAppsSimulator({
      peers: { concurrentJobLimit: () => ({ concurrent_jobs: 0, is_default: true }) },
    });
    await apps.start();
    try {
      const listing = await call(apps.url, "GET", `/apps/de/${JUPYTER_LAB}?user=bob`);
      expect(listing.body.limitChecks).toMatchObject({
        canRun: false,
        results: [
          { reasonCodes: ["ERR_PERMISSION_NEEDED"], additionalInfo: { maxJobs: 0, usingDefaultSetting: true } },
        ],
      });
    } finally {
      await apps.dispose();
    }
  });
});
