import { describe, expect, it } from "vitest";
import { q, seeded, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;

const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const entryTags = (entryId: string) => `/secured/filesystem/entry/${entryId}/tags`;
const recorder = () => service.platform.metadata.recorder;

async function createTag(user: string, value: string, description?: string): Promise<string> {
  const response = await send(user, "POST", "/secured/tags/user", { value, ...(description ? { description } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

async function tagValuesOn(user: string, entryId: string): Promise<string[]> {
  const response = await send(user, "GET", entryTags(entryId));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().tags.map((tag: { value: string }) => tag.value);
}

const attach = (user: string, entryId: string, tags: string[], type = "attach") =>
  send(user, "PATCH", `${entryTags(entryId)}?type=${type}`, { tags });

describe("the caller's own tags (passthroughs to the metadata backend)", () => {
  it("creates a tag as the caller, whoever the query names", async () => {
    const response = await send("alice", "POST", "/secured/tags/user?user=bob", {
      value: "  sequencing ",
      description: "runs",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: expect.any(String), value: "sequencing", owner_id: "alice" });
    expect(recorder().to("POST", "/tags/user")[0]?.query).toEqual({ user: "alice" });
    const duplicate = await send("alice", "POST", "/secured/tags/user", { value: "SEQUENCING" });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ error_code: "ERR_NOT_UNIQUE" });
  });

  it("changes a tag's value; another user's tag is refused as the backend says (403)", async () => {
    const id = await createTag("alice", "draft");
    const changed = await send("alice", "PATCH", `/secured/tags/user/${id}`, { value: "final" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id, value: "final" });
    const others = await send("bob", "PATCH", `/secured/tags/user/${id}`, { value: "mine" });
    expect(others.statusCode).toBe(403);
    expect(others.json()).toMatchObject({ error_code: "ERR_NOT_OWNER" });
    expect((await send("alice", "PATCH", `/secured/tags/user/${UNKNOWN}`, { value: "x" })).statusCode).toBe(404);
  });

  it("deletes a tag, detaching it from every entry", async () => {
    const id = await createTag("alice", "obsolete");
    const notes = seeded("alice", "notes.txt");
    expect((await attach("alice", notes, [id])).statusCode).toBe(200);
    expect(await tagValuesOn("alice", notes)).toEqual(["obsolete"]);
    const deleted = await send("alice", "DELETE", `/secured/tags/user/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await tagValuesOn("alice", notes)).toEqual([]);
    expect((await send("alice", "DELETE", `/secured/tags/user/${id}`)).statusCode).toBe(404);
  });

  it("suggests the caller's tags containing a fragment", async () => {
    for (const value of ["Sequencing", "sequence-qc", "imaging"]) await createTag("alice", value);
    await createTag("bob", "sequenced-by-bob");
    const response = await send("alice", "GET", `/secured/tags/suggestions?contains=${q("SEQU")}&limit=10`);
    expect(response.statusCode).toBe(200);
    const values = response.json().tags.map((tag: { value: string }) => tag.value);
    expect(values.sort()).toEqual(["Sequencing", "sequence-qc"]);
    expect((await send("alice", "GET", "/secured/tags/suggestions?contains=s&limit=1")).json().tags).toHaveLength(1);
    expect((await send("alice", "GET", "/secured/tags/suggestions?limit=0&contains=s")).statusCode).toBe(400);
  });

  it("answers 400 to a tag id that is not a UUID, without asking the backend", async () => {
    expect((await send("alice", "PATCH", "/secured/tags/user/draft", { value: "x" })).statusCode).toBe(400);
    expect((await send("alice", "DELETE", "/secured/tags/user/draft")).statusCode).toBe(400);
    expect(recorder().requests).toEqual([]);
  });
});

describe.each([
  { kind: "file", own: seeded("alice", "notes.txt"), shared: seeded("alice", "for-bob.txt") },
  { kind: "folder", own: seeded("alice", "analyses"), shared: seeded("alice", "shared-with-bob") },
])("tags on a $kind", ({ kind, own, shared }) => {
  it("attaches and detaches the caller's tags, telling the backend the data type, and lists them", async () => {
    const [red, blue] = [await createTag("alice", "red"), await createTag("alice", "blue")];
    const attached = await send("alice", "PATCH", `${entryTags(own)}?type=attach&data-type=bogus`, {
      tags: [red, blue],
    });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().tags).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: red, targets: [{ id: own, type: kind }] })]),
    );
    const forwarded = recorder().to("PATCH", `/filesystem/data/${own}/tags`);
    expect(forwarded.map((request) => request.query)).toEqual([{ type: "attach", "data-type": kind, user: "alice" }]);
    expect((await tagValuesOn("alice", own)).sort()).toEqual(["blue", "red"]);

    expect((await attach("alice", own, [red], "detach")).statusCode).toBe(200);
    expect(await tagValuesOn("alice", own)).toEqual(["blue"]);
  });

  it("lets a user tag what is shared with them; each user sees only their own tags", async () => {
    const bobs = await createTag("bob", "to-read");
    expect((await attach("bob", shared, [bobs])).statusCode).toBe(200);
    expect(await tagValuesOn("bob", shared)).toEqual(["to-read"]);
    expect(await tagValuesOn("alice", shared)).toEqual([]);
  });

  it("passes the backend's refusals on: an unknown tag (404), a body without tags (400)", async () => {
    const unknownTag = await attach("alice", own, [UNKNOWN]);
    expect(unknownTag.statusCode).toBe(404);
    expect(unknownTag.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    const noTags = await send("alice", "PATCH", `${entryTags(own)}?type=attach`, { labels: [] });
    expect(noTags.statusCode).toBe(400);
    expect((await send("alice", "PATCH", `${entryTags(own)}?type=glue`, { tags: [] })).statusCode).toBe(400);
  });

  it("answers 404 to an unknown or unreadable entry without any metadata call", async () => {
    const tag = await createTag("carol", "private");
    recorder().clear();
    for (const entryId of [UNKNOWN, own, shared]) {
      const listed = await send("carol", "GET", entryTags(entryId));
      expect(listed.statusCode, entryId).toBe(404);
      expect(listed.json()).toEqual({ error_code: "ERR_NOT_FOUND", reason: `file or folder ${entryId} not found` });
      expect((await attach("carol", entryId, [tag])).statusCode, entryId).toBe(404);
    }
    expect(recorder().requests).toEqual([]);
  });
});

it("answers 400 to an entry id that is not a UUID, without asking the backend", async () => {
  expect((await send("alice", "GET", entryTags("notes.txt"))).statusCode).toBe(400);
  expect((await attach("alice", "notes.txt", [UNKNOWN])).statusCode).toBe(400);
  expect(recorder().requests).toEqual([]);
});

it.each([
  ["POST", "/secured/tags/user"],
  ["PATCH", `/secured/tags/user/${UNKNOWN}`],
  ["DELETE", `/secured/tags/user/${UNKNOWN}`],
  ["GET", "/secured/tags/suggestions?contains=a&limit=5"],
  ["GET", entryTags(seeded("alice", "notes.txt"))],
  ["PATCH", `${entryTags(seeded("alice", "notes.txt"))}?type=attach`],
] as const)("answers 401 to %s %s without a token, without asking the backend", async (method, url) => {
  const response = await send(undefined, method, url, method === "GET" ? undefined : { value: "x", tags: [] });
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
  expect(recorder().requests).toEqual([]);
});
