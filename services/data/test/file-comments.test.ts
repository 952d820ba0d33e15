import { describe, expect, it } from "vitest";
import { seeded, useDataService } from "./support.js";

const BODY_LIMIT = 4096;
const service = useDataService({ JSON_BODY_LIMIT: String(BODY_LIMIT) });
const send = service.send;

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const comments = (entryId: string) => `/secured/filesystem/entry/${entryId}/comments`;
const adminComment = (entryId: string, commentId: string) => `/admin/filesystem/entry/${entryId}/comments/${commentId}`;

/** alice owns both; both are shared read-only with bob; carol cannot read either. */
const ENTRIES = [
  { kind: "file", id: seeded("alice", "for-bob.txt"), unreadable: seeded("alice", "notes.txt") },
  { kind: "folder", id: seeded("alice", "shared-with-bob"), unreadable: seeded("alice", "analyses") },
] as const;

describe.each(ENTRIES)("comments on a $kind", ({ kind, id, unreadable }) => {
  const recorder = () => service.platform.metadata.recorder;

  async function post(user: string, comment = "Looks good") {
    const response = await send(user, "POST", comments(id), { comment });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().comment as { id: string; commenter: string };
  }
  const retract = (user: string, commentId: string, retracted: string) =>
    send(user, "PATCH", `${comments(id)}/${commentId}?retracted=${retracted}`);
  const listed = async () => {
    const response = await send("alice", "GET", comments(id));
    expect(response.statusCode).toBe(200);
    return response.json().comments as Array<{ id: string; retracted: boolean }>;
  };

  describe("posting and listing", () => {
    it("posts as the caller (201 {comment}), telling the backend the data type, and lists it (200 {comments})", async () => {
      const response = await send("bob", "POST", `${comments(id)}?user=alice&data-type=nonsense`, {
        comment: "Nice data",
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        comment: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          commenter: "bob",
          post_time: expect.any(Number),
          retracted: false,
          comment: "Nice data",
        },
      });
      expect(
        recorder()
          .to("POST", `/filesystem/data/${id}/comments`)
          .map((request) => request.query),
      ).toEqual([{ "data-type": kind, user: "bob" }]);
      const listing = await send("bob", "GET", comments(id));
      expect(listing.statusCode).toBe(200);
      expect(listing.json()).toEqual({ comments: [response.json().comment] });
    });

    it("answers 400 to a body that is not a comment, and 413 to one over the body limit", async () => {
      const wrongField = await send("bob", "POST", comments(id), { text: "wrong field" });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json()).toMatchObject({ error_code: expect.any(String), reason: expect.any(String) });
      const malformed = await send("bob", "POST", comments(id), "{nope", { "content-type": "application/json" });
      expect(malformed.statusCode).toBe(400);
      expect((await send("bob", "POST", comments(id))).statusCode).toBe(400);
      const big = await send("bob", "POST", comments(id), { comment: "x".repeat(BODY_LIMIT + 1) });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ error_code: "ERR_REQUEST_TOO_LARGE" });
      expect(service.platform.metadata.state.comments.comments.size).toBe(0);
    });

    it("passes on the backend's refusal of a blank comment with its refused fields as text", async () => {
      const blank = await send("bob", "POST", comments(id), { comment: "  " });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({
        error_code: "ERR_ILLEGAL_ARGUMENT",
        reason: 'comment: (not (non-blank-string? "  "))',
        backend_reason: { comment: '(not (non-blank-string? "  "))' },
      });
      expect(service.platform.metadata.state.comments.comments.size).toBe(0);
    });

    it("answers 404 to an unknown entry and to one the caller cannot read, without asking the metadata backend", async () => {
      for (const entryId of [UNKNOWN, unreadable]) {
        const posted = await send("bob", "POST", comments(entryId), { comment: "hello" });
        expect(posted.statusCode, entryId).toBe(404);
        expect(posted.json()).toEqual({ error_code: "ERR_NOT_FOUND", reason: `file or folder ${entryId} not found` });
        expect((await send("bob", "GET", comments(entryId))).statusCode).toBe(404);
      }
      expect((await send("carol", "GET", comments(id))).statusCode).toBe(404);
      expect(recorder().requests).toEqual([]);
    });

    it("answers 400 to ids that are not UUIDs", async () => {
      expect((await send("bob", "GET", comments("for-bob.txt"))).statusCode).toBe(400);
      expect((await send("bob", "POST", comments("for-bob.txt"), { comment: "hi" })).statusCode).toBe(400);
      expect((await retract("bob", "not-a-uuid", "true")).statusCode).toBe(400);
      expect((await send("carol", "DELETE", adminComment(id, "not-a-uuid"))).statusCode).toBe(400);
      expect(recorder().requests).toEqual([]);
    });
  });

  describe("retracting and readmitting", () => {
    it("lets the commenter retract and readmit their comment through the ordinary path", async () => {
      const { id: commentId } = await post("bob");
      expect((await retract("bob", commentId, "true")).statusCode).toBe(200);
      expect((await listed()).map((comment) => comment.retracted)).toEqual([true]);
      const readmitted = await retract("bob", commentId, "false");
      expect(readmitted.statusCode).toBe(200);
      expect(readmitted.json()).toEqual({});
      expect((await listed()).map((comment) => comment.retracted)).toEqual([false]);
      expect(recorder().to("PATCH", `/filesystem/data/${id}/comments/${commentId}`)).toHaveLength(2);
      expect(recorder().to("PATCH", /^\/admin\//)).toEqual([]);
    });

    it("lets the owner retract anyone's comment through the admin variant; only the retractor readmits", async () => {
      const { id: commentId } = await post("bob");
      expect((await retract("alice", commentId, "true")).statusCode).toBe(200);
      const viaAdmin = recorder().to("PATCH", `/admin/filesystem/data/${id}/comments/${commentId}`);
      expect(viaAdmin.map((request) => request.query)).toEqual([{ retracted: "true", user: "alice" }]);
      expect((await listed()).map((comment) => comment.retracted)).toEqual([true]);

      const byCommenter = await retract("bob", commentId, "false");
      expect(byCommenter.statusCode).toBe(403);
      expect(byCommenter.json()).toMatchObject({ error_code: "ERR_NOT_OWNER", reason: expect.any(String) });
      expect((await listed()).map((comment) => comment.retracted)).toEqual([true]);
      expect((await retract("alice", commentId, "false")).statusCode).toBe(200);
      expect((await listed()).map((comment) => comment.retracted)).toEqual([false]);
    });

    it("answers 403 to retracting someone else's comment on someone else's entry", async () => {
      const { id: commentId } = await post("alice");
      const response = await retract("bob", commentId, "true");
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error_code: "ERR_NOT_OWNER" });
      expect((await listed()).map((comment) => comment.retracted)).toEqual([false]);
    });

    it("requires retracted to be true or false (400) and refuses conflicting repeats (409)", async () => {
      const { id: commentId } = await post("bob");
      const missing = await send("bob", "PATCH", `${comments(id)}/${commentId}`);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ error_code: expect.any(String), reason: expect.any(String) });
      expect((await retract("bob", commentId, "yes")).statusCode).toBe(400);
      const conflicting = await send("bob", "PATCH", `${comments(id)}/${commentId}?retracted=true&retracted=false`);
      expect(conflicting.statusCode).toBe(409);
      expect(conflicting.json()).toMatchObject({ error_code: "ERR_CONFLICT", reason: expect.any(String) });
      expect((await listed()).map((comment) => comment.retracted)).toEqual([false]);
      const repeated = await send("bob", "PATCH", `${comments(id)}/${commentId}?retracted=true&retracted=true`);
      expect(repeated.statusCode).toBe(200);
    });

    it("ignores a PATCH body, whatever it is", async () => {
      const { id: commentId } = await post("bob");
      const response = await send("bob", "PATCH", `${comments(id)}/${commentId}?retracted=true`, "{not json", {
        "content-type": "application/json",
      });
      expect(response.statusCode).toBe(200);
    });

    it("answers 404 to an unknown comment, one on another entry, and an entry the caller cannot read", async () => {
      const { id: commentId } = await post("bob");
      const unknown = await retract("bob", UNKNOWN, "true");
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
      const other = ENTRIES.find((entry) => entry.id !== id)?.id as string;
      expect((await send("alice", "PATCH", `${comments(other)}/${commentId}?retracted=true`)).statusCode).toBe(404);
      expect((await retract("carol", commentId, "true")).statusCode).toBe(404);
      expect((await listed()).map((comment) => comment.retracted)).toEqual([false]);
    });
  });

  describe("administrative delete", () => {
    it("lets an administrator delete a comment (200), no one else (403); then it is gone (404)", async () => {
      const { id: commentId } = await post("bob");
      for (const user of ["alice", "bob"]) {
        const refused = await send(user, "DELETE", adminComment(id, commentId));
        expect(refused.statusCode, user).toBe(403);
        expect(refused.json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
      }
      expect(await listed()).toHaveLength(1);
      const deleted = await send("carol", "DELETE", adminComment(id, commentId), "ignored", {
        "content-type": "text/plain",
      });
      expect(deleted.statusCode).toBe(200);
      expect(await listed()).toEqual([]);
      expect((await send("carol", "DELETE", adminComment(id, commentId))).statusCode).toBe(404);
    });
  });
});

it.each([
  ["POST", comments(ENTRIES[0].id)],
  ["GET", comments(ENTRIES[0].id)],
  ["PATCH", `${comments(ENTRIES[0].id)}/${UNKNOWN}?retracted=true`],
  ["DELETE", adminComment(ENTRIES[0].id, UNKNOWN)],
] as const)("answers 401 to %s %s without a token", async (method, url) => {
  const response = await send(undefined, method, url, method === "POST" ? { comment: "hi" } : undefined);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
});

describe("entry ids in any case", () => {
  it("finds comments posted under an upper-case id when listed with the lower-case one", async () => {
    const id = ENTRIES[0].id;
    const posted = await send("bob", "POST", comments(id.toUpperCase()), { comment: "shouting" });
    expect(posted.statusCode).toBe(201);
    const listed = await send("bob", "GET", comments(id.toLowerCase()));
    expect(listed.json().comments.map((comment: { comment: string }) => comment.comment)).toContain("shouting");
  });
});
