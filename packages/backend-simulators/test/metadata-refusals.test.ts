import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { as, metadataSimulatorForTests } from "./metadata-http.js";

const simulator = metadataSimulatorForTests();
const alice = as(simulator, "alice");
const bob = as(simulator, "bob");
const carol = as(simulator, "carol");
const nobody = as(simulator);

const FILE = { "data-type": "file" };
const illegal = (reason: unknown) => ({ error_code: "ERR_ILLEGAL_ARGUMENT", reason });

describe("metadata refusals by the service's request schemas (compojure-api, clojure-commons)", () => {
  it("names each refused path parameter as the service's routes name it", async () => {
    expect((await alice.get("/filesystem/data/nope/tags")).body).toEqual(
      illegal({ "data-id": '(not (instance? java.util.UUID "nope"))' }),
    );
    expect((await alice.delete("/favorites/filesystem/nope")).body).toEqual(
      illegal({ "data-id": '(not (instance? java.util.UUID "nope"))' }),
    );
    expect((await alice.get(`/apps/nope/comments`)).body).toEqual(
      illegal({ "app-id": '(not (instance? java.util.UUID "nope"))' }),
    );
    expect((await alice.get("/templates/attr/nope")).body).toEqual(
      illegal({ "attr-id": '(not (instance? java.util.UUID "nope"))' }),
    );
    const status = await alice.get(`/avus/dataset/${randomUUID()}`);
    expect(status.status).toBe(400);
    expect(status.body.reason["target-type"]).toMatch(/^\(not \(#\{"file" "folder" .*\} "dataset"\)\)$/);
  });

  it("refuses a missing or blank user, query values outside their enumerations and non-Boolean flags", async () => {
    expect((await nobody.get("/tags/user")).body).toEqual(illegal({ user: "missing-required-key" }));
    expect((await as(simulator, " ").get("/tags/user")).body).toEqual(
      illegal({ user: '(not (non-blank-string? " "))' }),
    );
    const item = randomUUID();
    expect((await alice.patch(`/filesystem/data/${item}/tags`, { tags: [] }, { ...FILE, type: "tag" })).body).toEqual(
      illegal({ type: '(not (#{"attach" "detach"} "tag"))' }),
    );
    expect((await alice.patch(`/filesystem/data/${item}/tags`, { tags: [] }, FILE)).body).toEqual(
      illegal({ type: "missing-required-key" }),
    );
    expect((await alice.get("/tags/suggestions", { contains: "x", limit: "0" })).body).toEqual(
      illegal({ limit: "(not (valid-tag-suggest-limit? 0))" }),
    );
    expect((await alice.get("/tags/suggestions", { contains: "x", limit: "many" })).body).toEqual(
      illegal({ limit: '(not (instance? java.lang.Long "many"))' }),
    );
    const comment = `/apps/${item}/comments/${randomUUID()}`;
    expect((await alice.patch(comment, undefined, { retracted: "maybe" })).body).toEqual(
      illegal({ retracted: '(not (instance? java.lang.Boolean "maybe"))' }),
    );
    expect((await alice.get("/admin/permanent-id-requests", { limit: "0" })).body).toEqual(
      illegal({ limit: '(not (positive-integer? "0"))' }),
    );
  });

  it("refuses bodies field by field, nested as the body is", async () => {
    expect((await alice.post(`/apps/${randomUUID()}/comments`, {})).body).toEqual(
      illegal({ comment: "missing-required-key" }),
    );
    expect((await alice.post(`/apps/${randomUUID()}/comments`, { comment: " " })).body).toEqual(
      illegal({ comment: '(not (non-blank-string? " "))' }),
    );
    const avus = {
      avus: [
        { attr: "a", value: "1", unit: "" },
        { attr: "b", value: "2" },
      ],
    };
    expect((await alice.post(`/avus/file/${randomUUID()}`, avus)).body).toEqual(
      illegal({ avus: [null, { unit: "missing-required-key" }] }),
    );
    expect((await alice.post("/favorites/filter", { filesystem: {} })).body).toEqual(
      illegal({ filesystem: "(not (sequential? {}))" }),
    );
    expect((await alice.post("/avus/search", { attribute: ["a", 1] })).body).toEqual(
      illegal({ attribute: [null, "(not (instance? java.lang.String 1))"] }),
    );
  });

  it("lists every refused field at once, as Prismatic schema does, merged as the request nests them", async () => {
    const avus = {
      avus: [
        { attr: 7, value: "1" },
        { attr: "b", value: "2", unit: "" },
        { value: 3, unit: "" },
      ],
    };
    expect((await alice.post(`/avus/file/${randomUUID()}`, avus)).body).toEqual(
      illegal({
        avus: [
          { attr: "(not (instance? java.lang.String 7))", unit: "missing-required-key" },
          null,
          { attr: "missing-required-key", value: "(not (instance? java.lang.String 3))" },
        ],
      }),
    );
    const item = randomUUID();
    expect((await alice.patch(`/filesystem/data/${item}/tags`, { tags: [] }, { "data-type": "disk" })).body).toEqual(
      illegal({ "data-type": '(not (#{"file" "folder"} "disk"))', type: "missing-required-key" }),
    );
  });
});

describe("metadata refusals of maps thrown without an error text (reason null, the map's keys kept)", () => {
  it("tags: unknown or another's, not unique, not the owner", async () => {
    const tag = (await alice.post("/tags/user", { value: "reads" })).body;
    const unknown = randomUUID();
    expect(await bob.delete(`/tags/user/${tag.id}`)).toMatchObject({
      status: 404,
      body: { error_code: "ERR_NOT_FOUND", reason: null, "tag-id": tag.id },
    });
    expect(await alice.patch(`/tags/user/${unknown.toUpperCase()}`, { value: "x" })).toMatchObject({
      status: 404,
      body: { error_code: "ERR_NOT_FOUND", reason: null, "tag-id": unknown },
    });
    expect((await bob.patch(`/tags/user/${tag.id}`, { value: "x" })).body).toEqual({
      error_code: "ERR_NOT_OWNER",
      reason: null,
      user: "bob",
    });
    expect((await alice.post("/tags/user", { value: " Reads " })).body).toEqual({
      error_code: "ERR_NOT_UNIQUE",
      reason: null,
      user: "alice",
      value: "Reads",
    });
    const attach = { ...FILE, type: "attach" };
    expect((await bob.patch(`/filesystem/data/${randomUUID()}/tags`, { tags: [tag.id] }, attach)).body).toEqual({
      error_code: "ERR_NOT_FOUND",
      reason: null,
      "tag-ids": [tag.id],
    });
  });

  it("comments: not on the target", async () => {
    const app = randomUUID();
    const comment = randomUUID();
    expect((await alice.patch(`/apps/${app}/comments/${comment}`, undefined, { retracted: "true" })).body).toEqual({
      error_code: "ERR_NOT_FOUND",
      reason: null,
      "comment-id": comment,
      "target-id": app,
    });
  });
});

describe("metadata refusals with the service's texts and what they name", () => {
  it("favorites: not a favorite", async () => {
    const item = randomUUID();
    expect((await alice.delete(`/favorites/filesystem/${item}`)).body).toEqual({
      error_code: "ERR_NOT_FOUND",
      reason: "The target-id wasn't marked as a favorite by the user",
      user: "alice",
      "target-id": item,
    });
  });

  it("permanent-id requests: not found, not unique, an identifier already set", async () => {
    const unknown = randomUUID();
    expect((await alice.get(`/permanent-id-requests/${unknown}`)).body).toEqual({
      error_code: "ERR_NOT_FOUND",
      reason: "A Permanent ID Request with this ID was not found for this user.",
      user: "alice",
      id: unknown,
    });
    expect((await carol.get(`/admin/permanent-id-requests/${unknown}`)).body).toEqual({
      error_code: "ERR_NOT_FOUND",
      reason: "A Permanent ID Request with this ID was not found.",
      id: unknown,
    });
    const asked = { type: "ARK", target_id: randomUUID(), target_type: "folder" };
    const first = (await alice.post("/permanent-id-requests", asked)).body;
    const again = await bob.post("/permanent-id-requests", asked);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error_code: "ERR_NOT_UNIQUE",
      reason: "A Permanent ID Request of this type for this item was already submitted.",
      request: {
        id: first.id,
        type: "ARK",
        target_id: asked.target_id,
        target_type: "folder",
        requested_by: "alice",
        date_submitted: expect.any(Number),
        status: "Submitted",
        date_updated: expect.any(Number),
        updated_by: "alice",
      },
    });
    const status = `/admin/permanent-id-requests/${first.id}/status`;
    expect((await carol.post(status, { permanent_id: "ark:/1" })).status).toBe(200);
    expect((await carol.post(status, { permanent_id: "ark:/2" })).body).toEqual({
      error_code: "ERR_EXISTS",
      reason: "This Permanent ID Request already has an associated identifier.",
      identifier: "ark:/1",
    });
  });

  it("AVUs: an id attached to another target, with that AVU's row", async () => {
    const first = randomUUID();
    const saved = (await alice.post(`/avus/file/${first}`, { avus: [{ attr: "a", value: "1", unit: "" }] })).body;
    const avu = saved.avus[0];
    const moved = await alice.post(`/avus/folder/${randomUUID()}`, {
      avus: [{ id: avu.id, attr: "a", value: "2", unit: "" }],
    });
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual({
      error_code: "ERR_EXISTS",
      reason: "AVU already attached to another target item.",
      avu: {
        id: avu.id,
        attribute: "a",
        value: "1",
        unit: "",
        target_id: first,
        target_type: "file",
        created_by: "alice",
        modified_by: "alice",
        created_on: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        modified_on: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      },
    });
  });
});
