import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { VICE_ACCESS_REQUEST } from "../src/demo-world.js";
import { createRequestsSimulator, type RequestsSimulator } from "../src/requests/index.js";

/**
 * The requests service's answers to what it cannot look up (cyverse-de/requests api/requests.go): its database
 * errors reach echo as they are, answered 500 `{"message": "Internal Server Error"}`.
 */
const told: Record<string, unknown>[] = [];
let agentDown = false;
const requests: RequestsSimulator = createRequestsSimulator({
  notificationAgent: (body) => {
    if (agentDown) throw new Error("notification agent unreachable");
    told.push(body);
  },
});
beforeAll(() => requests.start());
afterAll(() => requests.dispose());
beforeEach(() => {
  requests.reset();
  told.length = 0;
  agentDown = false;
});

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${requests.url}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const INTERNAL = { status: 500, body: { message: "Internal Server Error" } };
const submission = { request_type: "vice", details: { intended_use: "a course", concurrent_jobs: 2 } };

describe("the requests service", () => {
  it("tells the requester of each status change, mailed with the status's template (api/requests.go UpdateRequest)", async () => {
    const path = `/requests/${VICE_ACCESS_REQUEST.id}/status`;
    expect((await call("POST", `${path}?user=carol`, { status: "nonsense" })).status).toBe(400);
    expect((await call("POST", `${path}?user=mallory`, { status: "approved" })).status).toBe(500);
    expect(told).toEqual([]);
    // Without the notification agent the update is not committed: 500, and the request stays as it was.
    agentDown = true;
    expect(await call("POST", `${path}?user=carol`, { status: "approved" })).toEqual(INTERNAL);
    expect((await call("GET", `/requests/${VICE_ACCESS_REQUEST.id}`)).body.updates).toHaveLength(1);
    agentDown = false;
    await call("POST", `${path}?user=carol`, { status: "approved", message: "Enjoy." });
    expect(told).toEqual([
      {
        type: "request",
        user: "bob",
        subject: "Administrative Request Approved",
        message: "Your administrative request status is now: Approved.",
        email: true,
        email_template: "request_complete",
        payload: {
          ...VICE_ACCESS_REQUEST.details,
          username: "bob",
          request_id: VICE_ACCESS_REQUEST.id,
          request_type: "vice",
          request_details: VICE_ACCESS_REQUEST.details,
          update_message: "Enjoy.",
          email_address: "bob@example.org",
          action: "request_status_change",
          user: "bob",
        },
      },
    ]);
  });

  it("fails (500) to read a request by an id that is no UUID, and answers 404 for an unknown UUID", async () => {
    expect(await call("GET", "/requests/not-a-uuid")).toEqual(INTERNAL);
    expect(await call("POST", "/requests/not-a-uuid/status?user=carol", { status: "approved" })).toEqual(INTERNAL);
    expect((await call("GET", "/requests/0a0b0c0d-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("fails (500) for a user missing from the DE database, finding users by the name without its domain", async () => {
    expect(await call("POST", "/requests?user=mallory", submission)).toEqual(INTERNAL);
    expect(
      await call("POST", `/requests/${VICE_ACCESS_REQUEST.id}/status?user=mallory`, { status: "approved" }),
    ).toEqual(INTERNAL);
    const submitted = await call("POST", "/requests?user=alice@iplantcollaborative.org", submission);
    expect(submitted.body).toMatchObject({ requesting_user: "alice@iplantcollaborative.org", status: "Submitted" });
    const read = await call("GET", `/requests/${String(submitted.body.id)}`);
    expect(read.body).toMatchObject({ requesting_user: "alice", updates: [{ updating_user: "alice" }] });
  });

  it("reads include-completed as Go's strconv.ParseBool does", async () => {
    await call("POST", `/requests/${VICE_ACCESS_REQUEST.id}/status?user=carol`, { status: "approved" });
    const listed = async (flag: string) =>
      ((await call("GET", `/requests?include-completed=${flag}`)).body.requests as unknown[]).length;
    expect(await listed("T")).toBe(1);
    expect(await listed("1")).toBe(1);
    expect(await listed("0")).toBe(0);
    expect(await call("GET", "/requests?include-completed=yes")).toEqual({
      status: 400,
      body: { message: 'invalid query parameter: include-completed: strconv.ParseBool: parsing "yes": invalid syntax' },
    });
  });
});
