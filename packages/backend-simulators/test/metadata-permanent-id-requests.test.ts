import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DOI_REQUEST } from "../src/demo-world.js";
import {
  as,
  expectSchemaRefusal,
  expectUnreadableBody,
  metadataSimulatorForTests,
  type Query,
} from "./metadata-http.js";

const simulator = metadataSimulatorForTests();
const alice = as(simulator, "alice");
const bob = as(simulator, "bob");
const carol = as(simulator, "carol");

async function requested(user: typeof alice, type = "DOI", extra: Record<string, unknown> = {}) {
  const body = { type, target_id: randomUUID(), target_type: "folder", original_path: "/iplant/home/x/data", ...extra };
  const answer = await user.post("/permanent-id-requests", body);
  expect(answer.status).toBe(200);
  return answer.body;
}

const statusOf = (id: string, body: Record<string, unknown>) =>
  carol.post(`/admin/permanent-id-requests/${id}/status`, body);

describe("metadata permanent-id request catalogues", () => {
  it("lists the request types and the status codes", async () => {
    const types = await alice.get("/permanent-id-requests/types");
    expect(types.status).toBe(200);
    expect(types.body.request_types.map((type: { type: string }) => type.type)).toEqual(["DOI", "ARK"]);
    expect(types.body.request_types[0]).toEqual({
      id: expect.any(String),
      type: "DOI",
      description: expect.any(String),
    });
    const codes = (await alice.get("/permanent-id-requests/status-codes")).body.status_codes;
    expect(codes.map((code: { name: string }) => code.name)).toEqual([
      "Submitted",
      "Pending",
      "Evaluation",
      "Approved",
      "Completion",
      "Failed",
    ]);
    expect(codes[0]).toEqual({ id: expect.any(String), name: "Submitted", description: expect.any(String) });
    expect((await as(simulator).get("/permanent-id-requests/types")).status).toBe(400);
  });
});

describe("metadata permanent-id requests", () => {
  it("creates a Submitted request with its history and shows it to its requester only", async () => {
    const target = randomUUID();
    const created = await alice.post("/permanent-id-requests", {
      type: "ARK",
      target_id: target.toUpperCase(),
      target_type: "folder",
      original_path: "/iplant/home/alice/study",
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: "ARK",
      target_id: target,
      target_type: "folder",
      requested_by: "alice",
      original_path: "/iplant/home/alice/study",
      history: [{ status: "Submitted", status_date: expect.any(Number), updated_by: "alice" }],
    });
    const id = created.body.id;
    expect((await alice.get(`/permanent-id-requests/${id}`)).body).toEqual(created.body);
    const foreign = await bob.get(`/permanent-id-requests/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    expect((await alice.get(`/permanent-id-requests/${randomUUID()}`)).status).toBe(404);
    expect((await alice.get("/permanent-id-requests/not-a-uuid")).status).toBe(400);
  });

  it("allows one request per identifier type and data item, whoever asks", async () => {
    const first = await requested(alice, "DOI");
    const again = await bob.post("/permanent-id-requests", {
      type: "DOI",
      target_id: first.target_id,
      target_type: "folder",
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error_code: "ERR_NOT_UNIQUE" });
    const ark = await alice.post("/permanent-id-requests", {
      type: "ARK",
      target_id: first.target_id,
      target_type: "folder",
    });
    expect(ark.status).toBe(200);
    expect(ark.body).not.toHaveProperty("original_path");
  });

  it("refuses unknown types, data types and malformed bodies", async () => {
    const target_id = randomUUID();
    for (const body of [
      { type: "URN", target_id, target_type: "folder" },
      { type: "DOI", target_id, target_type: "dir" },
      { type: "DOI", target_id: "nope", target_type: "folder" },
      { type: "DOI", target_type: "folder" },
    ]) {
      expectSchemaRefusal(await alice.post("/permanent-id-requests", body));
    }
    expectUnreadableBody(await alice.post("/permanent-id-requests", "["));
  });

  it("lists the caller's requests, newest first, with status summary and total", async () => {
    const older = await requested(alice);
    const newer = await requested(alice, "ARK");
    await requested(bob);
    const listing = await alice.get("/permanent-id-requests");
    expect(listing.status).toBe(200);
    // Hers and the seed's (submitted in October).
    expect(listing.body.total).toBe(3);
    expect(listing.body.requests.map((request: { id: string }) => request.id)).toEqual([
      newer.id,
      older.id,
      DOI_REQUEST.id,
    ]);
    expect(listing.body.requests[1]).toEqual({
      id: older.id,
      type: "DOI",
      target_id: older.target_id,
      target_type: "folder",
      requested_by: "alice",
      original_path: "/iplant/home/x/data",
      date_submitted: older.history[0].status_date,
      status: "Submitted",
      date_updated: older.history[0].status_date,
      updated_by: "alice",
    });
  });
});

describe("metadata permanent-id request administration", () => {
  it("lists everyone's requests, filtered by status, sorted and paged", async () => {
    const first = await requested(alice);
    const second = await requested(bob);
    const third = await requested(alice, "ARK");
    await statusOf(second.id, { status: "Pending" });

    // These three and the seed's, submitted in October.
    const all = await carol.get("/admin/permanent-id-requests");
    expect(all.body.total).toBe(4);
    expect(all.body.requests.map((request: { id: string }) => request.id)).toEqual([
      third.id,
      second.id,
      first.id,
      DOI_REQUEST.id,
    ]);

    const submitted = await carol.get("/admin/permanent-id-requests", { statuses: "Submitted" });
    expect(submitted.body.requests.map((request: { id: string }) => request.id)).toEqual([
      third.id,
      first.id,
      DOI_REQUEST.id,
    ]);
    const either = await carol.get("/admin/permanent-id-requests", { statuses: ["Pending", "Failed"] });
    expect(either.body).toMatchObject({
      total: 1,
      requests: [{ id: second.id, status: "Pending", updated_by: "carol" }],
    });

    const byRequester = await carol.get("/admin/permanent-id-requests", {
      "sort-field": "requested_by",
      "sort-dir": "DESC",
      limit: "2",
      offset: "0",
    });
    expect(byRequester.body.total).toBe(4);
    // count(*) OVER () of no rows: a page past the end says 0.
    const pastTheEnd = await carol.get("/admin/permanent-id-requests", { offset: "10" });
    expect(pastTheEnd.body).toEqual({ requests: [], total: 0 });
    expect(byRequester.body.requests.map((request: { requested_by: string }) => request.requested_by)).toEqual([
      "bob",
      "alice",
    ]);
    const ascending = await carol.get("/admin/permanent-id-requests", { "sort-field": "date_submitted", offset: "1" });
    expect(ascending.body.requests.map((request: { id: string }) => request.id)).toEqual([
      first.id,
      second.id,
      third.id,
    ]);
  });

  it("refuses bad paging and sorting parameters", async () => {
    const refused: Query[] = [
      { limit: "0" },
      { limit: "-1" },
      { offset: "x" },
      { "sort-field": "id" },
      { "sort-dir": "UP" },
    ];
    for (const query of refused) {
      const answer = await carol.get("/admin/permanent-id-requests", query);
      expect(answer.status).toBe(400);
      expect((await alice.get("/permanent-id-requests", query)).status).toBe(400);
    }
  });

  it("shows any request to administrators and appends status updates to its history", async () => {
    const request = await requested(alice);
    expect((await carol.get(`/admin/permanent-id-requests/${request.id}`)).body).toEqual(request);

    const evaluated = await statusOf(request.id, { status: "Evaluation", comments: "looking at it" });
    expect(evaluated.status).toBe(200);
    expect(evaluated.body.history).toEqual([
      request.history[0],
      { status: "Evaluation", status_date: expect.any(Number), updated_by: "carol", comments: "looking at it" },
    ]);

    // No status keeps the current one; blank comments are dropped; the identifier is recorded once.
    const completed = await statusOf(request.id, { comments: "  ", permanent_id: "doi:10.1234/abc" });
    expect(completed.body.permanent_id).toBe("doi:10.1234/abc");
    expect(completed.body.history[2]).toEqual({
      status: "Evaluation",
      status_date: expect.any(Number),
      updated_by: "carol",
    });
    const twice = await statusOf(request.id, { status: "Completion", permanent_id: "doi:10.1234/other" });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ error_code: "ERR_EXISTS" });
    expect((await alice.get(`/permanent-id-requests/${request.id}`)).body).toEqual(completed.body);

    // A new status name joins the status codes.
    await statusOf(request.id, { status: "On hold" });
    const codes = (await carol.get("/permanent-id-requests/status-codes")).body.status_codes;
    expect(codes.at(-1)).toEqual({ id: expect.any(String), name: "On hold", description: "On hold" });
    expect((await alice.get("/permanent-id-requests")).body.requests[0]).toMatchObject({
      status: "On hold",
      updated_by: "carol",
    });
  });

  it("answers 404 for unknown requests and 400 for malformed updates", async () => {
    const request = await requested(alice);
    expect((await carol.get(`/admin/permanent-id-requests/${randomUUID()}`)).status).toBe(404);
    expect((await statusOf(randomUUID(), { status: "Pending" })).status).toBe(404);
    for (const body of [{ status: "" }, { status: { name: "Pending" } }, { permanent_id: " " }, "nope"]) {
      expect((await statusOf(request.id, body as Record<string, unknown>)).status).toBe(400);
    }
    expect((await carol.get(`/admin/permanent-id-requests/${request.id}`)).body.history).toHaveLength(1);
  });
});
