import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { as, expectSchemaRefusal, expectUnreadableBody, metadataSimulatorForTests } from "./metadata-http.js";

const simulator = metadataSimulatorForTests();
const alice = as(simulator, "alice");
const bob = as(simulator, "bob");

const favorite = (path: string) => `/favorites/filesystem/${path}`;

describe("metadata favorites", () => {
  it("marks files and folders, lists them by entity type and unmarks them", async () => {
    const file = randomUUID();
    const folder = randomUUID();
    const put = await alice.put(favorite(file), undefined, { "data-type": "file" });
    expect(put.status).toBe(200);
    expect(put.body).toBe("");
    expect((await alice.put(favorite(folder), undefined, { "data-type": "folder" })).status).toBe(200);
    // Marking again changes nothing, not even the recorded type.
    expect((await alice.put(favorite(file), undefined, { "data-type": "folder" })).status).toBe(200);

    const list = async (entityType: string) =>
      (await alice.get("/favorites/filesystem", { "entity-type": entityType })).body;
    expect(await list("any")).toEqual({ filesystem: [file, folder] });
    expect(await list("file")).toEqual({ filesystem: [file] });
    expect(await list("folder")).toEqual({ filesystem: [folder] });

    const removed = await alice.delete(favorite(file));
    expect(removed.status).toBe(200);
    expect(await list("any")).toEqual({ filesystem: [folder] });
    const again = await alice.delete(favorite(file));
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error_code: "ERR_NOT_FOUND" });
  });

  it("keeps UUIDs in lower case whatever case the caller used", async () => {
    const id = randomUUID();
    await alice.put(favorite(id.toUpperCase()), undefined, { "data-type": "file" });
    expect((await alice.get("/favorites/filesystem", { "entity-type": "any" })).body).toEqual({ filesystem: [id] });
    expect((await alice.delete(favorite(id.toUpperCase()))).status).toBe(200);
  });

  it("filters a set of UUIDs down to the caller's favorites", async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await alice.put(favorite(a), undefined, { "data-type": "file" });
    await alice.put(favorite(c), undefined, { "data-type": "folder" });
    const filtered = await alice.post("/favorites/filter", { filesystem: [c, b, a] });
    expect(filtered.status).toBe(200);
    expect(filtered.body).toEqual({ filesystem: [c, a] });
    expect((await alice.post("/favorites/filter", { filesystem: [] })).body).toEqual({ filesystem: [] });
  });

  it("keeps each user's favorites apart", async () => {
    const file = randomUUID();
    await alice.put(favorite(file), undefined, { "data-type": "file" });
    expect((await bob.get("/favorites/filesystem", { "entity-type": "any" })).body).toEqual({ filesystem: [] });
    expect((await bob.post("/favorites/filter", { filesystem: [file] })).body).toEqual({ filesystem: [] });
    expect((await bob.delete(favorite(file))).status).toBe(404);
    expect((await alice.get("/favorites/filesystem", { "entity-type": "any" })).body).toEqual({ filesystem: [file] });
  });

  it("refuses requests without a user, a data type, an entity type, a UUID or a data id collection", async () => {
    const nobody = as(simulator);
    const missingUser = await nobody.get("/favorites/filesystem", { "entity-type": "any" });
    expect(missingUser.status).toBe(400);
    expect(missingUser.body).toEqual({ error_code: "ERR_ILLEGAL_ARGUMENT", reason: { user: "missing-required-key" } });

    const refusals = [
      await alice.put(favorite(randomUUID())),
      await alice.put(favorite(randomUUID()), undefined, { "data-type": "dir" }),
      await alice.put(favorite("not-a-uuid"), undefined, { "data-type": "file" }),
      await alice.delete(favorite("not-a-uuid")),
      await alice.get("/favorites/filesystem"),
      await alice.get("/favorites/filesystem", { "entity-type": "app" }),
      await alice.post("/favorites/filter", { files: [] }),
      await alice.post("/favorites/filter", { filesystem: ["not-a-uuid"] }),
      await alice.post("/favorites/filter", [randomUUID()]),
    ];
    for (const refusal of refusals) expectSchemaRefusal(refusal);
    expectUnreadableBody(await alice.post("/favorites/filter", "{not json"));
  });
});
