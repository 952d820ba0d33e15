import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BOBS_VICE_REQUEST, JUPYTER_LAB } from "./seed.js";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

// alice: bob's request for VICE access is in the seed (BOBS_VICE_REQUEST), and one is all a user may make.
const askForVice = (username = "alice", concurrentJobs = 2) =>
  send(username, "POST", "/requests/vice", { intended_use: "teaching notebooks", concurrent_jobs: concurrentJobs });
const jobLimit = async (username: string) =>
  (await send("carol", "GET", `/admin/settings/concurrent-job-limits/${username}`)).json().concurrent_jobs;

describe("requests for VICE access", () => {
  it("records alice's request with her name and e-mail from the token, and lists it as hers", async () => {
    const asked = await send("alice", "POST", "/requests/vice", {
      intended_use: "teaching notebooks",
      concurrent_jobs: 2,
      name: "Mallory",
      email: "mallory@example.org",
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      request_type: "vice",
      requesting_user: "alice",
      status: "Submitted",
      details: {
        intended_use: "teaching notebooks",
        concurrent_jobs: 2,
        name: "Alice Liddell",
        email: "alice@example.org",
      },
    });
    const mine = await send("alice", "GET", "/requests/vice");
    expect(mine.json().requests.map((request: { id: string }) => request.id)).toEqual([asked.json().id]);
    const bobs = (await send("bob", "GET", "/requests/vice")).json();
    expect(bobs.requests.map((request: { id: string }) => request.id)).toEqual([BOBS_VICE_REQUEST]);
    expect((await send("carol", "GET", "/requests/vice")).json()).toEqual({ requests: [] });

    const read = await send("alice", "GET", `/requests/vice/${asked.json().id}`);
    expect(read.json()).toMatchObject({ id: asked.json().id, updates: [{ status: "Submitted" }] });
    // Another user's request is not found rather than shown.
    expect((await send("bob", "GET", `/requests/vice/${asked.json().id}`)).statusCode).toBe(404);
    expect((await send("alice", "GET", "/requests/vice/0a0b0c0d-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("refuses a request id that is no UUID with 400 before the requests service, which would fail on it", async () => {
    const requested = () => service.platform.requests.recorder.requests.length;
    const before = requested();
    for (const [username, method, url] of [
      ["alice", "GET", "/requests/vice/no-such-request"],
      ["carol", "GET", "/admin/requests/no-such-request"],
      ["carol", "POST", "/admin/requests/no-such-request/approved"],
      ["carol", "POST", "/admin/requests/no-such-request/in-progress"],
    ] as const) {
      const refused = await send(username, method, url, method === "POST" ? {} : undefined);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toMatchObject({ error_code: expect.any(String), reason: expect.any(String) });
    }
    expect(requested()).toBe(before);
  });

  it("refuses a second request from the same user with an error code", async () => {
    expect((await askForVice()).statusCode).toBe(200);
    const second = await askForVice();
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ error_code: "ERR_LIMIT_REACHED", reason: expect.any(String) });
    expect((await askForVice("carol")).statusCode).toBe(200);
  });

  it("refuses a request without what it is for, or with a number of jobs that is no number", async () => {
    for (const body of [{}, { intended_use: "x" }, { intended_use: "x", concurrent_jobs: "many" }, [1]]) {
      const refused = await send("bob", "POST", "/requests/vice", body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: expect.any(String) });
    }
  });

  it("approves bob's request as sonora's VICE admin page does (src/components/vice/admin/accessRequests/Listing.js)", async () => {
    // pnpm start's demo begins after its users' first logins (platform.recallDemoHistory), bob's among them.
    service.platform.recallDemoHistory();
    // userExists (src/serviceFacades/vice/admin.js), which sonora's server asks as GET /admin/workspaces?username=.
    expect((await send("carol", "GET", "/admin/workspaces?username=bob")).json().workspaces).toHaveLength(1);
    const limit = await send("carol", "PUT", "/admin/settings/concurrent-job-limits/bob", { concurrent_jobs: 3 });
    expect(limit.statusCode).toBe(200);
    const approved = await send("carol", "POST", `/admin/requests/${BOBS_VICE_REQUEST}/approved/vice`, {
      message: "Your request has been approved with a quota of 3 concurrent jobs.",
      concurrent_jobs: 3,
    });
    expect(approved.json()).toMatchObject({ status: "Approved" });
    expect(await jobLimit("bob")).toBe(3);
    // The requests service tells bob, by notification and mail, as it does of every status change.
    const told = service.platform.notifications.state.intake.messages.filter(({ user }) => user === "bob");
    expect(told.map(({ type, subject, email, emailTemplate }) => ({ type, subject, email, emailTemplate }))).toEqual([
      { type: "request", subject: "Administrative Request Approved", email: true, emailTemplate: "request_complete" },
    ]);
    expect(told[0]?.payload).toMatchObject({ request_id: BOBS_VICE_REQUEST, email_address: "bob@example.org" });
  });

  it("approves alice's request with 3 jobs: her job limit becomes 3, and the update shows in the request", async () => {
    const id = (await askForVice()).json().id;
    const approved = await send("carol", "POST", `/admin/requests/${id}/approved/vice`, {
      concurrent_jobs: 3,
      message: "Enjoy.",
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: "Approved", message: "Enjoy.", updating_user: "carol" });
    expect(await jobLimit("alice")).toBe(3);
    const seen = (await send("alice", "GET", `/requests/vice/${id}`)).json();
    expect(seen.updates.map((update: { status: string }) => update.status)).toEqual(["Submitted", "Approved"]);
    expect((await send("carol", "GET", `/admin/requests/${id}`)).json().updates).toHaveLength(2);
    // A completed request leaves the administrators' default listing, where bob's open one stays.
    const open = (await send("carol", "GET", "/admin/requests")).json().requests;
    expect(open.map((request: { id: string }) => request.id)).toEqual([BOBS_VICE_REQUEST]);
    expect((await send("carol", "GET", "/admin/requests?include-completed=true")).json().requests).toHaveLength(2);
  });

  it("approves at the requested number through the client's generic status path, and rejection sets 0", async () => {
    const id = (await askForVice("alice", 2)).json().id;
    const progressing = await send("carol", "POST", `/admin/requests/${id}/in-progress`, {});
    expect(progressing.json()).toMatchObject({ status: "In Progress", message: "Your request is in progress." });
    const approved = await send("carol", "POST", `/admin/requests/${id}/approved`, {});
    expect(approved.json()).toMatchObject({ status: "Approved", message: "Your request has been approved." });
    expect(await jobLimit("alice")).toBe(2);

    // The client's admin dialog sends its job limit along with every decision (adminUpdateRequestStatus).
    const rejected = await send("carol", "POST", `/admin/requests/${id}/rejected`, {
      message: "Course is over.",
      concurrent_jobs: 4,
    });
    expect(rejected.json()).toMatchObject({ status: "Rejected", message: "Course is over." });
    expect(await jobLimit("alice")).toBe(0);
    const listed = (await send("carol", "GET", "/admin/requests?include-completed=true&request-type=vice")).json();
    expect(listed.requests).toMatchObject([
      { id: BOBS_VICE_REQUEST, requesting_user: "bob", status: "Submitted" },
      { requesting_user: "alice", status: "Rejected" },
    ]);
    const open = (await send("carol", "GET", "/admin/requests?include-completed=false&request-type=vice")).json();
    expect(open.requests.map((request: { id: string }) => request.id)).toEqual([BOBS_VICE_REQUEST]);
  });

  it("refuses any other status with 400 and an error code, and non-administrators with 403", async () => {
    const id = (await askForVice()).json().id;
    const unknown = await send("carol", "POST", `/admin/requests/${id}/granted`, {});
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error_code: "ERR_ILLEGAL_ARGUMENT" });
    expect((await send("bob", "POST", `/admin/requests/${id}/approved`, {})).statusCode).toBe(403);
    expect(await jobLimit("alice")).toBe(8);
    const unknownRequest = "/admin/requests/0a0b0c0d-0000-4000-8000-000000000000/approved";
    expect((await send("carol", "POST", unknownRequest, {})).statusCode).toBe(404);
    const badJobs = await send("carol", "POST", `/admin/requests/${id}/approved/vice`, { concurrent_jobs: -1 });
    expect(badJobs.statusCode).toBe(400);
  });

  it("lets administrators read and change request types", async () => {
    await askForVice();
    const types = (await send("carol", "GET", "/admin/request-types")).json();
    expect(types.request_types).toMatchObject([
      { name: "vice", maximum_requests_per_user: 1, maximum_concurrent_requests_per_user: 10 },
    ]);
    const changed = await send("carol", "PATCH", "/admin/request-types/vice?maximum-requests-per-user=2");
    expect(changed.json()).toMatchObject({ maximum_requests_per_user: 2 });
    expect((await askForVice()).statusCode).toBe(200);
    const added = await send("carol", "POST", "/admin/request-types/storage?maximum-requests-per-user=5");
    expect(added.json()).toMatchObject({ name: "storage", maximum_requests_per_user: 5 });
    expect((await send("carol", "GET", "/admin/request-types/storage")).statusCode).toBe(200);
    expect((await send("carol", "GET", "/admin/request-types/nothing")).statusCode).toBe(404);
    expect((await send("alice", "GET", "/admin/request-types")).statusCode).toBe(403);
  });
});

describe("a refused interactive launch and the caller's own request for access", () => {
  it("names bob's open request, so that the web client tells him to wait (sonora src/components/apps/launch/index.js)", async () => {
    const limitChecks = async () => (await send("bob", "GET", `/apps/de/${JUPYTER_LAB}`)).json().limitChecks;
    const limited = await send("carol", "PUT", "/admin/settings/concurrent-job-limits/bob", { concurrent_jobs: 0 });
    expect(limited.statusCode).toBe(200);
    const refused = await limitChecks();
    expect(refused).toMatchObject({ canRun: false, results: [{ reasonCodes: ["ERR_FORBIDDEN"] }] });
    expect(refused.results[0].additionalInfo.pendingRequest).toMatchObject([
      { id: BOBS_VICE_REQUEST, request_type: "vice", requesting_user: "bob", status: "Submitted" },
    ]);

    // Once the request is decided there is nothing to wait for: the client offers to ask again.
    const rejected = await send("carol", "POST", `/admin/requests/${BOBS_VICE_REQUEST}/rejected`, { message: "No." });
    expect(rejected.statusCode).toBe(200);
    expect((await limitChecks()).results[0].additionalInfo.pendingRequest).toBeNull();
  });
});
