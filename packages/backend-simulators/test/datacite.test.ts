import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DATACITE_ACCOUNT, SimulatedPlatform } from "../src/index.js";

let platform: SimulatedPlatform;
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());
beforeEach(() => platform.reset());

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
const accountAuth = basic(DATACITE_ACCOUNT.username, DATACITE_ACCOUNT.password);

const resourceXml = `<?xml version="1.0" encoding="UTF-8"?>
<resource xmlns="http://datacite.org/schema/kernel-4">
  <identifier identifierType="DOI">10.5072/placeholder</identifier>
  <creators><creator><creatorName>Liddell, Alice</creatorName></creator></creators>
  <titles><title>Rabbit hole measurements</title></titles>
  <publisher>CyVerse Data Commons</publisher>
  <publicationYear>2026</publicationYear>
  <resourceType resourceTypeGeneral="Dataset">Folder</resourceType>
</resource>`;
const encodedXml = Buffer.from(resourceXml).toString("base64");

const publish = (attributes: Record<string, unknown>) => ({
  data: {
    type: "dois",
    attributes: {
      event: "publish",
      prefix: DATACITE_ACCOUNT.prefix,
      url: "https://data.example.org/rabbit-hole",
      xml: encodedXml,
      ...attributes,
    },
  },
});

async function mint(body: unknown, authorization = accountAuth) {
  const response = await fetch(`${platform.datacite.url}/dois`, {
    method: "POST",
    headers: { authorization, "content-type": "application/vnd.api+json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("DataCite DOIs", () => {
  it("mints a findable DOI under the account's prefix, stores it and shows it publicly", async () => {
    const { status, body } = await mint(publish({}));
    expect(status).toBe(201);
    const data = body.data as { id: string; attributes: Record<string, unknown> };
    expect(data.id).toMatch(/^10\.5072\/[0-9a-z]{4}-[0-9a-z]{4}$/);
    expect(data.attributes).toMatchObject({
      doi: data.id,
      prefix: "10.5072",
      state: "findable",
      url: "https://data.example.org/rabbit-hole",
      xml: encodedXml,
    });
    expect(platform.datacite.state.dois.dois.get(data.id)?.attributes.state).toBe("findable");
    const shown = await fetch(`${platform.datacite.url}/dois/${data.id}`);
    expect(((await shown.json()) as { data: { id: string } }).data.id).toBe(data.id);
  });

  it("answers 401 to missing or wrong credentials and stores nothing", async () => {
    expect(await mint(publish({}), basic(DATACITE_ACCOUNT.username, "wrong"))).toEqual({
      status: 401,
      body: { errors: [{ status: "401", title: "Bad credentials." }] },
    });
    expect((await mint(publish({}), "")).status).toBe(401);
    expect(platform.datacite.state.dois.dois.size).toBe(0);
  });

  it("refuses another account's prefix, a DOI already taken, and incomplete metadata", async () => {
    expect((await mint(publish({ prefix: "10.1234" }))).status).toBe(403);
    const doi = `${DATACITE_ACCOUNT.prefix}/fixed-1`;
    expect((await mint(publish({ doi }))).status).toBe(201);
    expect(await mint(publish({ doi }))).toEqual({
      status: 422,
      body: { errors: [{ status: "422", source: "doi", title: "This DOI has already been taken" }] },
    });
    const noTitles = Buffer.from(resourceXml.replace(/<titles>.*<\/titles>/, "")).toString("base64");
    expect((await mint(publish({ xml: noTitles, url: undefined }))).body).toEqual({
      errors: [
        { status: "422", source: "url", title: "Can't be blank" },
        { status: "422", source: "metadata", title: "Missing child element titles" },
      ],
    });
  });

  it("answers its heartbeat", async () => {
    const response = await fetch(`${platform.datacite.url}/heartbeat`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("OK");
  });
});
