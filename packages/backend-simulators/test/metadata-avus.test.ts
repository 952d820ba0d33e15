import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { as, expectSchemaRefusal, metadataSimulatorForTests } from "./metadata-http.js";

const simulator = metadataSimulatorForTests();
const alice = as(simulator, "alice");
const bob = as(simulator, "bob");

const avusOf = (type: string, id: string) => `/avus/${type}/${id}`;
type ShownAvu = { id: string; attr: string; value: string; unit: string; avus: ShownAvu[] };
const triples = (avus: ShownAvu[]): unknown[] =>
  avus.map(({ attr, value, unit, avus: nested }) => [attr, value, unit, triples(nested)]);

describe("metadata AVUs", () => {
  it("starts empty, adds AVUs with nested AVUs and shows them with their audit fields", async () => {
    const file = randomUUID();
    expect((await alice.get(avusOf("file", file))).body).toEqual({ avus: [] });
    const added = await alice.post(avusOf("file", file), {
      avus: [
        { attr: "organism", value: "E. coli", unit: "", avus: [{ attr: "source", value: "NCBI", unit: "" }] },
        { attr: "depth", value: "10", unit: "m" },
      ],
    });
    expect(added.status).toBe(200);
    const [organism, depth] = added.body.avus;
    expect(organism).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      attr: "organism",
      value: "E. coli",
      unit: "",
      target_id: file,
      created_by: "alice",
      modified_by: "alice",
      created_on: expect.any(Number),
      modified_on: organism.created_on,
      avus: [expect.objectContaining({ attr: "source", value: "NCBI", target_id: organism.id, avus: [] })],
    });
    expect(depth).toMatchObject({ attr: "depth", value: "10", unit: "m", avus: [] });
    expect((await bob.get(avusOf("file", file))).body).toEqual(added.body);
  });

  it("keeps AVUs per target type and id", async () => {
    const id = randomUUID();
    await alice.post(avusOf("file", id), { avus: [{ attr: "a", value: "1", unit: "" }] });
    expect((await alice.get(avusOf("folder", id))).body).toEqual({ avus: [] });
    expect((await alice.get(avusOf("file", randomUUID()))).body).toEqual({ avus: [] });
    expect((await alice.get(avusOf("file", id.toUpperCase()))).body.avus).toHaveLength(1);
  });

  it("on POST keeps identical AVUs, updates those named by id and adds the rest", async () => {
    const file = randomUUID();
    const first = (await alice.post(avusOf("file", file), { avus: [{ attr: "a", value: "1", unit: "" }] })).body
      .avus[0];
    const again = await bob.post(avusOf("file", file), { avus: [{ attr: "a", value: "1", unit: "" }] });
    expect(again.body.avus).toEqual([first]);

    const updated = await bob.post(avusOf("file", file), {
      avus: [
        { id: first.id, attr: "a", value: "2", unit: "cm" },
        { attr: "b", value: "x", unit: "" },
      ],
    });
    expect(updated.body.avus).toEqual([
      { ...first, value: "2", unit: "cm", modified_by: "bob", modified_on: expect.any(Number) },
      expect.objectContaining({ attr: "b", created_by: "bob" }),
    ]);
    expect(updated.body.avus[0].modified_on).toBeGreaterThan(first.modified_on);
  });

  it("refuses, without changing anything, to move an AVU that belongs to another target", async () => {
    const [one, other] = [randomUUID(), randomUUID()];
    const avu = (await alice.post(avusOf("file", one), { avus: [{ attr: "a", value: "1", unit: "" }] })).body.avus[0];
    const moved = await alice.post(avusOf("folder", other), {
      avus: [
        { attr: "kept?", value: "no", unit: "" },
        { id: avu.id, attr: "a", value: "2", unit: "" },
      ],
    });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ error_code: "ERR_EXISTS" });
    expect((await alice.get(avusOf("folder", other))).body).toEqual({ avus: [] });
    expect((await alice.get(avusOf("file", one))).body.avus).toEqual([avu]);
  });

  it("on PUT replaces the target's AVUs: named ones stay, the others go with their nested AVUs", async () => {
    const file = randomUUID();
    const [kept, dropped] = (
      await alice.post(avusOf("file", file), {
        avus: [
          { attr: "kept", value: "1", unit: "", avus: [{ attr: "old-child", value: "x", unit: "" }] },
          { attr: "dropped", value: "2", unit: "", avus: [{ attr: "child", value: "y", unit: "" }] },
        ],
      })
    ).body.avus;
    const set = await alice.put(avusOf("file", file), {
      avus: [
        { id: kept.id, attr: "kept", value: "1", unit: "", avus: [{ attr: "new-child", value: "z", unit: "" }] },
        { attr: "added", value: "3", unit: "" },
      ],
    });
    expect(set.status).toBe(200);
    expect(triples(set.body.avus)).toEqual([
      ["kept", "1", "", [["new-child", "z", "", []]]],
      ["added", "3", "", []],
    ]);
    expect(set.body.avus[0].id).toBe(kept.id);
    // Nothing of the dropped AVU or of the replaced nested one is left anywhere.
    const stored = [...simulator().state.avus.avus.values()];
    const under = (id: string): string[] =>
      stored.filter((avu) => avu.target_id === id).flatMap((avu) => [avu.attribute, ...under(avu.id)]);
    expect(under(file).sort()).toEqual(["added", "kept", "new-child"]);
    expect(stored.some((avu) => avu.id === dropped.id || avu.target_id === dropped.id)).toBe(false);

    const cleared = await alice.put(avusOf("file", file), {});
    expect(cleared.body).toEqual({ avus: [] });
  });

  it("copies a target's AVUs, nested ones included, to other targets without duplicating", async () => {
    const [source, file, folder] = [randomUUID(), randomUUID(), randomUUID()];
    await alice.post(avusOf("file", source), {
      avus: [{ attr: "a", value: "1", unit: "", avus: [{ attr: "n", value: "2", unit: "" }] }],
    });
    await bob.post(avusOf("folder", folder), { avus: [{ attr: "a", value: "1", unit: "" }] });
    const targets = [
      { id: file, type: "file" },
      { id: folder, type: "folder" },
    ];
    const copied = await bob.post(`${avusOf("file", source)}/copy`, { targets });
    expect(copied.status).toBe(200);
    expect(copied.body).toBe("");
    const expected = [["a", "1", "", [["n", "2", "", []]]]];
    expect(triples((await bob.get(avusOf("file", file))).body.avus)).toEqual(expected);
    expect(triples((await bob.get(avusOf("folder", folder))).body.avus)).toEqual(expected);
    expect((await bob.get(avusOf("file", file))).body.avus[0].created_by).toBe("bob");
  });

  it("refuses unknown target types, non-UUID ids, malformed AVUs and a missing user", async () => {
    const file = randomUUID();
    const refusals = [
      await alice.get(avusOf("dataset", file)),
      await alice.get(avusOf("file", "not-a-uuid")),
      await alice.post(avusOf("file", file), { avus: [{ attr: "a", value: "1" }] }),
      await alice.post(avusOf("file", file), { avus: [{ attr: "a", value: "1", unit: "", avus: [{ attr: 1 }] }] }),
      await alice.post(avusOf("file", file), {}),
      await alice.put(avusOf("file", file), { avus: "none" }),
      await alice.post(`${avusOf("file", file)}/copy`, { targets: [{ id: file, type: "dataset" }] }),
      await as(simulator).get(avusOf("file", file)),
    ];
    for (const refusal of refusals) expectSchemaRefusal(refusal);
    expect((await alice.get(avusOf("file", file))).body).toEqual({ avus: [] });
  });
});

describe("searching AVUs", () => {
  it("finds AVUs whose fields equal any of the values given, by body or query, with their nested AVUs", async () => {
    const file = randomUUID();
    const folder = randomUUID();
    await alice.post(avusOf("file", file), {
      avus: [{ attr: "organism", value: "E. coli", unit: "", avus: [{ attr: "source", value: "NCBI", unit: "" }] }],
    });
    await alice.post(avusOf("folder", folder), { avus: [{ attr: "organism", value: "yeast", unit: "" }] });
    await alice.post(avusOf("app", randomUUID()), { avus: [{ attr: "organism", value: "yeast", unit: "" }] });

    const byAttribute = await bob.post("/avus/search", { attribute: ["organism"], "target-type": ["file", "folder"] });
    expect(byAttribute.status).toBe(200);
    expect(triples(byAttribute.body.avus)).toEqual([
      ["organism", "E. coli", "", [["source", "NCBI", "", []]]],
      ["organism", "yeast", "", []],
    ]);
    const byTarget = await alice.post("/avus/search", { "target-id": [folder.toUpperCase()] });
    expect(byTarget.body.avus.map((avu: ShownAvu & { target_id: string }) => avu.target_id)).toEqual([folder]);
    const byQuery = await alice.get("/avus", { value: ["yeast", "E. coli"], "target-type": "file" });
    expect(triples(byQuery.body.avus)).toEqual([["organism", "E. coli", "", [["source", "NCBI", "", []]]]]);
    expect((await alice.post("/avus/search", { attribute: "organism" })).status).toBe(400);
    expect((await as(simulator).post("/avus/search", {})).status).toBe(400);
  });
});
