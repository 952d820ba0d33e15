import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ALICES_ALIGNER, WORD_COUNT } from "./seed.js";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy({ JSON_BODY_LIMIT: "4096" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

async function posted(user: string, appId: string, comment = "Nice app") {
  const response = await send(user, "POST", `/apps/${appId}/comments`, { comment });
  expect(response.statusCode).toBe(201);
  return response.json().comment as { id: string; commenter: string };
}
const retract = (user: string, appId: string, id: string, retracted: string) =>
  send(user, "PATCH", `/apps/${appId}/comments/${id}?retracted=${retracted}`);
const retractedFlags = async (appId: string) =>
  (await send("alice", "GET", `/apps/${appId}/comments`))
    .json()
    .comments.map((c: { retracted: boolean }) => c.retracted);

describe("posting and listing comments", () => {
  it("answers 502 when the apps or metadata backend succeeds with something that cannot be its answer", async () => {
    const misshapen = [
      () => service.platform.apps.faults.set({ mode: "json-200", body: null, path: "/details$" }),
      () => service.platform.metadata.faults.set({ mode: "json-200", body: {}, path: "/comments$" }),
      () => service.platform.metadata.faults.set({ mode: "json-200", body: { comments: [{ id: "x" }] } }),
      () => service.platform.metadata.faults.set({ mode: "html-200" }),
    ];
    for (const [index, fault] of misshapen.entries()) {
      service.platform.reset();
      fault();
      for (const [method, body] of [
        ["GET", undefined],
        ["POST", { comment: "Nice" }],
      ] as const) {
        const response = await send("bob", method, `/apps/${WORD_COUNT}/comments`, body);
        expect(response.statusCode, `fault ${index} ${method}`).toBe(502);
        expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
      }
    }
  });

  it("posts a comment as the caller (201) and lists it", async () => {
    const response = await send("bob", "POST", `/apps/${WORD_COUNT}/comments?user=alice`, { comment: "Handy!" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      comment: {
        id: expect.any(String),
        commenter: "bob",
        post_time: expect.any(Number),
        retracted: false,
        comment: "Handy!",
      },
    });
    const listed = await send("alice", "GET", `/apps/${WORD_COUNT}/comments`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ comments: [response.json().comment] });
    expect(service.platform.metadata.recorder.to("POST", `/apps/${WORD_COUNT}/comments`)[0]?.query).toEqual({
      user: "bob",
    });
    // The app is looked up where the apps backend serves it: under the platform's system id.
    expect(service.platform.apps.recorder.to("GET", `/apps/de/${WORD_COUNT}/details`)).toHaveLength(2);
  });

  it("refuses a body without a comment (400) and a body too large (413)", async () => {
    expect((await send("bob", "POST", `/apps/${WORD_COUNT}/comments`, { text: "wrong field" })).statusCode).toBe(400);
    const malformed = await send("bob", "POST", `/apps/${WORD_COUNT}/comments`, "{nope", {
      "content-type": "application/json",
    });
    expect(malformed.statusCode).toBe(400);
    const big = await send("bob", "POST", `/apps/${WORD_COUNT}/comments`, { comment: "x".repeat(5000) });
    expect(big.statusCode).toBe(413);
    expect(service.platform.metadata.state.comments.comments.size).toBe(0);
  });

  it("answers 404 for an unknown app or one the caller cannot see, and 400 for ids that are not UUIDs", async () => {
    for (const appId of [UNKNOWN, ALICES_ALIGNER]) {
      const response = await send("bob", "POST", `/apps/${appId}/comments`, { comment: "hello" });
      expect(response.statusCode, appId).toBe(404);
      expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
      expect((await send("bob", "GET", `/apps/${appId}/comments`)).statusCode).toBe(404);
    }
    expect((await send("bob", "GET", "/apps/not-a-uuid/comments")).statusCode).toBe(400);
    expect((await retract("bob", WORD_COUNT, "not-a-uuid", "true")).statusCode).toBe(400);
    expect(service.platform.metadata.recorder.requests).toEqual([]);
  });
});

describe("retracting and readmitting", () => {
  it("lets the commenter retract and readmit their comment", async () => {
    const { id } = await posted("bob", WORD_COUNT);
    expect((await retract("bob", WORD_COUNT, id, "true")).statusCode).toBe(200);
    expect(await retractedFlags(WORD_COUNT)).toEqual([true]);
    expect((await retract("bob", WORD_COUNT, id, "false")).statusCode).toBe(200);
    expect(await retractedFlags(WORD_COUNT)).toEqual([false]);
    expect(service.platform.metadata.recorder.to("PATCH", `/apps/${WORD_COUNT}/comments/${id}`)).toHaveLength(2);
  });

  it("lets the app's owner retract anyone's comment, through the metadata backend's admin variant", async () => {
    const { id } = await posted("bob", WORD_COUNT);
    // carol integrated Word Count, so she owns it.
    expect((await retract("carol", WORD_COUNT, id, "true")).statusCode).toBe(200);
    expect(service.platform.metadata.recorder.to("PATCH", `/admin/apps/${WORD_COUNT}/comments/${id}`)).toHaveLength(1);
    expect(await retractedFlags(WORD_COUNT)).toEqual([true]);
    // Only whoever retracted it may readmit it: not even the commenter.
    const byCommenter = await retract("bob", WORD_COUNT, id, "false");
    expect(byCommenter.statusCode).toBe(403);
    expect(byCommenter.json()).toMatchObject({ error_code: "ERR_NOT_OWNER" });
    expect((await retract("carol", WORD_COUNT, id, "false")).statusCode).toBe(200);
  });

  it("refuses others: 403 to retract someone else's comment on someone else's app", async () => {
    const { id } = await posted("bob", WORD_COUNT);
    const response = await retract("alice", WORD_COUNT, id, "true");
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_OWNER", reason: expect.any(String) });
    expect(await retractedFlags(WORD_COUNT)).toEqual([false]);
  });

  it("requires retracted to be true or false (400) and refuses conflicting repeats (409)", async () => {
    const { id } = await posted("bob", WORD_COUNT);
    expect((await send("bob", "PATCH", `/apps/${WORD_COUNT}/comments/${id}`)).statusCode).toBe(400);
    expect((await retract("bob", WORD_COUNT, id, "yes")).statusCode).toBe(400);
    const conflicting = await send("bob", "PATCH", `/apps/${WORD_COUNT}/comments/${id}?retracted=true&retracted=false`);
    expect(conflicting.statusCode).toBe(409);
    expect(conflicting.json()).toMatchObject({ error_code: "ERR_CONFLICT" });
    expect(
      (await send("bob", "PATCH", `/apps/${WORD_COUNT}/comments/${id}?retracted=true&retracted=true`)).statusCode,
    ).toBe(200);
  });

  it("ignores a PATCH body, whatever it is", async () => {
    const { id } = await posted("bob", WORD_COUNT);
    const response = await send("bob", "PATCH", `/apps/${WORD_COUNT}/comments/${id}?retracted=true`, "not json", {
      "content-type": "text/plain",
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers 404 for a comment that is not on that app", async () => {
    const { id } = await posted("bob", WORD_COUNT);
    const response = await retract("alice", ALICES_ALIGNER, id, "true");
    expect(response.statusCode).toBe(404);
  });
});

describe("administrative delete", () => {
  it("lets administrators delete a comment, and no one else", async () => {
    const { id } = await posted("bob", WORD_COUNT);
    expect((await send("bob", "DELETE", `/admin/apps/${WORD_COUNT}/comments/${id}`)).statusCode).toBe(403);
    const deleted = await send("carol", "DELETE", `/admin/apps/${WORD_COUNT}/comments/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await send("alice", "GET", `/apps/${WORD_COUNT}/comments`)).json()).toEqual({ comments: [] });
    expect((await send("carol", "DELETE", `/admin/apps/${WORD_COUNT}/comments/${id}`)).statusCode).toBe(404);
  });
});
