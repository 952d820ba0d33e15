import { describe, expect, it } from "vitest";
import { useDataService } from "./support.js";

/**
 * Administrators adding and changing metadata templates. The metadata service checks a template's fields but not its
 * ids against its database's keys: a repeated or taken id is a 500 there, after the change is rolled back. The
 * gateway refuses those first, naming what to mend, and sends nothing.
 */
const service = useDataService();
const send = service.send;
const TEMPLATES = "/admin/filesystem/metadata/templates";

const ID = (n: number) => `0b0b0b0b-0000-4000-8000-${String(n).padStart(12, "0")}`;
const attribute = (id: string | undefined, more: Record<string, unknown> = {}) => ({
  ...(id ? { id } : {}),
  name: `attribute ${id ?? "new"}`,
  description: "",
  type: "String",
  ...more,
});
const enumeration = (id: string, values: Array<{ id?: string; value: string }>) =>
  attribute(id, { type: "Enum", values: values.map((value) => ({ is_default: false, ...value })) });

/** The template requests the metadata simulator was sent. */
const templateWrites = () =>
  service.platform.metadata.recorder.requests.filter(
    ({ method, path }) => method !== "GET" && path.includes("/templates"),
  );

async function refused(url: string, body: object, status: number, errorCode: string, reason: RegExp) {
  const answer = await send("carol", "POST", url, body);
  expect(answer.statusCode, answer.body).toBe(status);
  expect(answer.json()).toMatchObject({ error_code: errorCode, reason: expect.stringMatching(reason) });
  expect(templateWrites()).toEqual([]);
  return answer.json();
}

describe("adding a metadata template", () => {
  it("refuses an attribute id given twice, at any depth, before anything is sent", async () => {
    const nested = attribute(ID(2), { attributes: [attribute(ID(1))] });
    await refused(
      TEMPLATES,
      { name: "Twice", attributes: [attribute(ID(1)), nested] },
      400,
      "ERR_BAD_OR_MISSING_FIELD",
      /attribute id .* more than once/,
    );
  });

  it("refuses a copy of a template with its ids, naming the ids in use, and adds it without them", async () => {
    const listed = (await send("alice", "GET", "/secured/filesystem/metadata/templates")).json().metadata_templates;
    const original = (await send("alice", "GET", `/secured/filesystem/metadata/template/${listed[0].id}`)).json();
    const copy = { name: `${original.name} (copy)`, attributes: original.attributes };
    const body = await refused(TEMPLATES, copy, 409, "ERR_EXISTS", /metadata attributes with these ids exist/);
    expect(body.ids).toEqual(original.attributes.map(({ id }: { id: string }) => id));

    await refused(TEMPLATES, { ...copy, id: original.id, attributes: [] }, 409, "ERR_EXISTS", /template with id/);

    const fresh = original.attributes.map(({ id: _id, ...rest }: { id: string }) => rest);
    const added = await send("carol", "POST", TEMPLATES, { name: copy.name, attributes: fresh });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().attributes).toHaveLength(original.attributes.length);
  });

  it("keeps ids that are new, and answers 502 when the metadata service cannot say whether an id is taken", async () => {
    const added = await send("carol", "POST", TEMPLATES, {
      id: ID(9),
      name: "Given ids",
      attributes: [attribute(ID(1))],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ id: ID(9), attributes: [{ id: ID(1) }] });

    service.platform.metadata.faults.set({ mode: "json-500", path: "^/templates/attr/" });
    const failed = await send("carol", "POST", TEMPLATES, { name: "Unsure", attributes: [attribute(ID(3))] });
    expect(failed.statusCode).toBe(502);
    expect(service.platform.metadata.recorder.to("POST", "/admin/templates")).toHaveLength(1);
  });
});

describe("changing a metadata template", () => {
  const templateId = async () =>
    (await send("alice", "GET", "/secured/filesystem/metadata/templates")).json().metadata_templates[0].id as string;

  it("refuses an attribute nested in two attributes or in itself, and a value twice, before anything is sent", async () => {
    const url = `${TEMPLATES}/${await templateId()}`;
    const change = (attributes: unknown[]) => ({ name: "Changed", attributes });
    const child = attribute(ID(5));
    await refused(
      url,
      change([attribute(ID(1), { attributes: [child] }), attribute(ID(2), { attributes: [child] })]),
      400,
      "ERR_BAD_OR_MISSING_FIELD",
      /nested in more than one attribute/,
    );
    await refused(
      url,
      change([attribute(ID(1), { attributes: [attribute(ID(1))] })]),
      400,
      "ERR_BAD_OR_MISSING_FIELD",
      /nested in itself/,
    );
    await refused(
      url,
      change([attribute(undefined, { attributes: [child, child] })]),
      400,
      "ERR_BAD_OR_MISSING_FIELD",
      /given twice in one attribute/,
    );
    await refused(
      url,
      change([enumeration(ID(1), [{ value: "a" }, { value: "a" }])]),
      400,
      "ERR_BAD_OR_MISSING_FIELD",
      /value "a" is given twice/,
    );
    await refused(
      url,
      change([enumeration(ID(1), [{ id: ID(7), value: "a" }]), enumeration(ID(2), [{ id: ID(7), value: "b" }])]),
      400,
      "ERR_BAD_OR_MISSING_FIELD",
      /value id .* more than one attribute/,
    );
  });

  it("sends on what the metadata service takes: an attribute named twice, with what is nested in it", async () => {
    const id = await templateId();
    const twice = attribute(ID(1), { attributes: [attribute(ID(5))] });
    const changed = await send("carol", "POST", `${TEMPLATES}/${id}`, { name: "Twice", attributes: [twice, twice] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().attributes.map(({ id: shown }: { id: string }) => shown)).toEqual([ID(1), ID(1)]);
  });
});
