import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { as, expectSchemaRefusal, expectUnreadableBody, metadataSimulatorForTests } from "./metadata-http.js";

const simulator = metadataSimulatorForTests();
const alice = as(simulator, "alice");
const bob = as(simulator, "bob");

const attach = (user: typeof alice, item: string, tags: string[]) =>
  user.patch(`/filesystem/data/${item}/tags`, { tags }, { type: "attach", "data-type": "file" });
const detach = (user: typeof alice, item: string, tags: string[]) =>
  user.patch(`/filesystem/data/${item}/tags`, { tags }, { type: "detach", "data-type": "file" });

async function created(user: typeof alice, value: string, description?: string) {
  const answer = await user.post("/tags/user", description === undefined ? { value } : { value, description });
  expect(answer.status).toBe(200);
  return answer.body as { id: string; value: string };
}

describe("metadata user tags", () => {
  it("creates tags with trimmed values and full details", async () => {
    const before = Date.now();
    const answer = await alice.post("/tags/user", { value: "  reads ", description: " raw reads " });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      value: "reads",
      description: "raw reads",
      owner_id: "alice",
      public: false,
      created_on: expect.any(Number),
      modified_on: answer.body.created_on,
    });
    expect(answer.body.created_on).toBeGreaterThanOrEqual(before);
    expect((await alice.post("/tags/user", { value: "plain" })).body).toMatchObject({ description: "" });
    expect((await alice.get("/tags/user")).body).toEqual({
      tags: [
        { id: answer.body.id, value: "reads", description: "raw reads" },
        { id: expect.any(String), value: "plain", description: "" },
      ],
    });
  });

  it("refuses a value its owner already uses, ignoring case, but not another owner's", async () => {
    await created(alice, "Reads");
    const duplicate = await alice.post("/tags/user", { value: "reads " });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toMatchObject({ error_code: "ERR_NOT_UNIQUE" });
    expect((await bob.post("/tags/user", { value: "reads" })).status).toBe(200);
  });

  it("refuses blank, overlong and missing values in the words of the service's schema", async () => {
    const refusals: [unknown, unknown][] = [
      [{ value: "   " }, { value: '(not (non-blank-string? "   "))' }],
      [{ value: "x".repeat(256) }, { value: "(not (valid-tag-value-size? a-java.lang.String))" }],
      [{ description: "no value" }, { value: "missing-required-key" }],
      [[], "(not (map? []))"],
    ];
    for (const [body, reason] of refusals) {
      expect((await alice.post("/tags/user", body)).body).toEqual({ error_code: "ERR_ILLEGAL_ARGUMENT", reason });
    }
    expectUnreadableBody(await alice.post("/tags/user", "{broken"));
    expect((await alice.post("/tags/user", { value: "x".repeat(255) })).status).toBe(200);
  });

  it("updates value and description separately, for the owner only", async () => {
    const tag = await created(alice, "reads", "raw reads");
    const renamed = await alice.patch(`/tags/user/${tag.id}`, { value: "sequences" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: tag.id, value: "sequences", description: "raw reads", owner_id: "alice" });
    expect(renamed.body.modified_on).toBeGreaterThan(renamed.body.created_on);
    const described = await alice.patch(`/tags/user/${tag.id}`, { description: "" });
    expect(described.body).toMatchObject({ value: "sequences", description: "" });

    const foreign = await bob.patch(`/tags/user/${tag.id}`, { value: "mine" });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ error_code: "ERR_NOT_OWNER" });
    expect((await alice.patch(`/tags/user/${randomUUID()}`, { value: "x" })).status).toBe(404);
    expect((await alice.patch(`/tags/user/${tag.id}`, { value: " " })).status).toBe(400);
    expect((await alice.patch("/tags/user/not-a-uuid", { value: "x" })).status).toBe(400);
    expect((await alice.get("/tags/user")).body.tags).toEqual([{ id: tag.id, value: "sequences", description: "" }]);
  });

  it("deletes the owner's tag and its attachments; anyone else's tag is not found", async () => {
    const tag = await created(alice, "reads");
    const item = randomUUID();
    await attach(alice, item, [tag.id]);
    const foreign = await bob.delete(`/tags/user/${tag.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error_code: "ERR_NOT_FOUND" });

    const deleted = await alice.delete(`/tags/user/${tag.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe("");
    expect((await alice.get("/tags/user")).body).toEqual({ tags: [] });
    expect((await alice.get(`/filesystem/data/${item}/tags`)).body).toEqual({ tags: [] });
    expect((await alice.delete(`/tags/user/${tag.id}`)).status).toBe(404);
  });
});

describe("metadata tag suggestions", () => {
  it("suggests the caller's tags containing a fragment, ignoring case, up to a limit", async () => {
    await created(alice, "RNA-seq");
    await created(alice, "rnaseq-2024");
    await created(alice, "genome");
    await created(bob, "rna");
    const suggestions = await alice.get("/tags/suggestions", { contains: "rna" });
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.tags.map((tag: { value: string }) => tag.value)).toEqual(["RNA-seq", "rnaseq-2024"]);
    expect(Object.keys(suggestions.body.tags[0]).sort()).toEqual(["description", "id", "value"]);
    expect((await alice.get("/tags/suggestions", { contains: "RNA", limit: "1" })).body.tags).toHaveLength(1);
    expect((await alice.get("/tags/suggestions", { contains: "" })).body.tags).toHaveLength(3);
  });

  it("needs a fragment and takes only a positive limit", async () => {
    expect((await alice.get("/tags/suggestions")).status).toBe(400);
    expect((await alice.get("/tags/suggestions", { contains: "a", limit: "0" })).status).toBe(400);
    expect((await alice.get("/tags/suggestions", { contains: "a", limit: "many" })).status).toBe(400);
  });
});

describe("metadata tags on data items", () => {
  it("attaches and detaches tags, answering each tag with its current targets", async () => {
    const reads = await created(alice, "reads");
    const raw = await created(alice, "raw");
    const [first, second] = [randomUUID(), randomUUID()];
    const attached = await attach(alice, first, [reads.id, raw.id]);
    expect(attached.status).toBe(200);
    expect(attached.body.tags).toEqual([
      expect.objectContaining({
        id: reads.id,
        value: "reads",
        owner_id: "alice",
        targets: [{ id: first, type: "file" }],
      }),
      expect.objectContaining({ id: raw.id, targets: [{ id: first, type: "file" }] }),
    ]);
    // Attaching again adds nothing.
    const secondAttach = await attach(alice, second, [reads.id, reads.id]);
    expect(secondAttach.body.tags).toEqual([
      expect.objectContaining({
        id: reads.id,
        targets: [
          { id: first, type: "file" },
          { id: second, type: "file" },
        ],
      }),
    ]);
    expect((await attach(alice, first, [reads.id])).body.tags[0].targets).toHaveLength(2);

    // The metadata service has no /filesystem/entry paths (the gateway catalogue's form), so neither does this.
    expect((await alice.get(`/filesystem/entry/${first}/tags`)).status).toBe(404);
    expect((await alice.get(`/filesystem/data/${first}/tags`)).body).toEqual({
      tags: [
        { id: reads.id, value: "reads", description: "" },
        { id: raw.id, value: "raw", description: "" },
      ],
    });

    const detached = await detach(alice, first, [reads.id, randomUUID()]);
    expect(detached.status).toBe(200);
    expect(detached.body.tags).toEqual([
      expect.objectContaining({ id: reads.id, targets: [{ id: second, type: "file" }] }),
    ]);
    expect((await alice.get(`/filesystem/data/${first}/tags`)).body.tags.map((tag: { id: string }) => tag.id)).toEqual([
      raw.id,
    ]);
  });

  it("refuses to attach unknown or foreign tags and never shows another owner's tags", async () => {
    const alices = await created(alice, "reads");
    const bobs = await created(bob, "bobs");
    const item = randomUUID();
    const foreign = await attach(alice, item, [alices.id, bobs.id]);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    expect((await alice.get(`/filesystem/data/${item}/tags`)).body).toEqual({ tags: [] });

    await attach(alice, item, [alices.id]);
    await attach(bob, item, [bobs.id]);
    expect((await bob.get(`/filesystem/data/${item}/tags`)).body.tags).toEqual([
      { id: bobs.id, value: "bobs", description: "" },
    ]);
    // Detaching alice's tag as bob does nothing.
    expect((await detach(bob, item, [alices.id])).body).toEqual({ tags: [] });
    expect((await alice.get(`/filesystem/data/${item}/tags`)).body.tags).toHaveLength(1);
  });

  it("refuses a missing or unknown type, data type, item id or tag list", async () => {
    const tag = await created(alice, "reads");
    const item = randomUUID();
    const path = `/filesystem/data/${item}/tags`;
    const refusals = [
      await alice.patch(path, { tags: [tag.id] }, { "data-type": "file" }),
      await alice.patch(path, { tags: [tag.id] }, { type: "tag", "data-type": "file" }),
      await alice.patch(path, { tags: [tag.id] }, { type: "attach" }),
      await alice.patch(path, { tags: [tag.id] }, { type: "attach", "data-type": "dir" }),
      await alice.patch(path, { tags: ["nope"] }, { type: "attach", "data-type": "file" }),
      await alice.patch(path, { tag: [tag.id] }, { type: "attach", "data-type": "file" }),
      await alice.patch("/filesystem/data/nope/tags", { tags: [tag.id] }, { type: "attach", "data-type": "file" }),
      await alice.get("/filesystem/data/nope/tags"),
      await as(simulator).get(path),
    ];
    for (const refusal of refusals) expectSchemaRefusal(refusal);
  });
});
