import { createPublicKey, generateKeyPairSync } from "node:crypto";
import {
  DATACITE_ACCOUNT,
  demoUser,
  type ServiceUnderTest,
  startServiceUnderTest,
} from "@de-gateway/backend-simulators";
import { ConfigError, GatewayError, loadConfig } from "@de-gateway/service-kit";
import { Type } from "typebox";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { backendCredentialsFrom, backendSettings, basicAuth, DeJwtSigner, signedUserToken } from "../src/index.js";
import { buildRolesFixture, RolesConfig } from "./roles-fixture.js";

/** The claims of a JWT, unverified: what the gateway put in it. */
const decodeJwt = (token: string): Record<string, unknown> & { iat?: number; exp?: number } =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(RolesConfig, buildRolesFixture);
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const get = (url: string, user?: string, headers: Record<string, string> = {}) =>
  service.send(user, "GET", url, undefined, headers);
const genomeIds = (body: { genomes: Array<{ id: number }> }) => body.genomes.map((genome) => genome.id);

describe("the CoGe role", () => {
  it("sends the caller as an X-Iplant-De-Jwt that CoGe trusts, and no user parameter", async () => {
    const response = await get("/genomes/sorghum?user=alice", "bob");
    expect(response.statusCode).toBe(200);
    // Only bob may read this restricted genome: CoGe verified the token and found bob in it.
    expect(genomeIds(response.json())).toEqual([35030]);
    const [received] = service.platform.coge.recorder.to("GET", "/genomes/search/sorghum");
    expect(received?.query).toEqual({});
    expect(received?.headers.authorization).toBeUndefined();
    const claims = decodeJwt(String(received?.headers["x-iplant-de-jwt"]));
    expect(claims).toMatchObject({ sub: "bob", email: "bob@example.org", given_name: "Bob", family_name: "Builder" });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(300);
    // Seconds since the epoch, issued now (a minute's leeway for a slow machine).
    expect(Math.abs((claims.iat ?? 0) - Date.now() / 1000)).toBeLessThan(60);
  });

  it("hands a JSON answer back as its text when asked to (asText), for the caller to parse", async () => {
    const response = await get("/genomes-text/sorghum", "bob");
    const { type, text } = response.json() as { type: string; text: unknown };
    expect(type).toMatch(/json/);
    expect(typeof text).toBe("string");
    expect(genomeIds(JSON.parse(text as string))).toEqual([35030]);
  });

  it("signs its own token on forwards, never passing on the one the caller sent", async () => {
    const callersToken = await service.platform.deJwt("alice");
    const response = await get("/forwarded-genomes/sorghum", undefined, { "x-iplant-de-jwt": callersToken });
    expect(response.statusCode).toBe(200);
    const sent = service.platform.coge.recorder.to("GET", "/genomes/search/sorghum")[0]?.headers["x-iplant-de-jwt"];
    expect(sent).not.toBe(callersToken);
    expect(decodeJwt(String(sent)).sub).toBe("alice");
  });

  it("signs tokens the gateway never takes back as a caller's, even were its key pairs the same", async () => {
    const signingKey = (await service.platform.env()).DE_JWT_SIGNING_KEY as string;
    const samePair = createPublicKey(signingKey).export({ type: "spki", format: "pem" }).toString();
    const mixedUp = await startServiceUnderTest(RolesConfig, buildRolesFixture, { DE_JWT_PUBLIC_KEY: samePair });
    try {
      expect((await mixedUp.send("carol", "GET", "/genomes/sorghum")).statusCode).toBe(200);
      const [received] = mixedUp.platform.coge.recorder.to("GET", "/genomes/search/sorghum");
      const signed = String(received?.headers["x-iplant-de-jwt"]);
      expect(decodeJwt(signed)).toMatchObject({ sub: "carol", iss: "de-gateway", aud: "de-backends" });
      const replayed = await mixedUp.app.inject({ url: "/genomes/sorghum", headers: { "x-iplant-de-jwt": signed } });
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
    } finally {
      await mixedUp.close();
    }
  });

  it("calls without a token on anonymous routes", async () => {
    const response = await get("/public-genomes/sorghum");
    expect(genomeIds(response.json())).toEqual([]);
    expect(service.platform.coge.recorder.requests[0]?.headers["x-iplant-de-jwt"]).toBeUndefined();
  });

  it("refuses to call on a user's behalf without a signing key (503), and refuses unusable keys at start", () => {
    const user = { ...(demoUser("alice") as NonNullable<ReturnType<typeof demoUser>>), commonName: "", isAdmin: false };
    const unsigned = signedUserToken(undefined);
    expect(unsigned.headers?.(undefined)).toEqual({});
    expect(() => unsigned.headers?.(user)).toThrow(GatewayError);
    try {
      unsigned.headers?.(user);
    } catch (error) {
      expect((error as GatewayError).statusCode).toBe(503);
      expect((error as GatewayError).errorCode).toBe("ERR_UNAVAILABLE");
    }
    expect(() => new DeJwtSigner("not a key")).toThrow(ConfigError);
    const ecKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    });
    expect(() => new DeJwtSigner(ecKey.toString())).toThrow(/RSA/);
    // An RSA key is taken, also from a one-line setting whose line breaks are written as \n.
    const rsaKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    });
    const oneLine = new DeJwtSigner(rsaKey.toString().trim().replace(/\n/g, "\\n"));
    expect(decodeJwt(oneLine.tokenFor(user, Date.UTC(2026, 0, 1)))).toMatchObject({ sub: "alice", iat: 1_767_225_600 });
  });
});

describe("the DataCite role", () => {
  const resource =
    "<resource><creators/><titles/><publisher/><publicationYear>2026</publicationYear><resourceType/></resource>";
  const publish = {
    data: {
      type: "dois",
      attributes: {
        event: "publish",
        prefix: DATACITE_ACCOUNT.prefix,
        url: "https://data.example.org/x",
        xml: Buffer.from(resource).toString("base64"),
      },
    },
  };

  it("mints with the repository account's basic auth instead of the caller's credentials", async () => {
    const response = await service.send("carol", "POST", "/dois", publish);
    expect(response.statusCode).toBe(200);
    const minted = response.json().data.id as string;
    expect(service.platform.datacite.state.dois.dois.has(minted)).toBe(true);
    const [received] = service.platform.datacite.recorder.to("POST", "/dois");
    const expected = Buffer.from(`${DATACITE_ACCOUNT.username}:${DATACITE_ACCOUNT.password}`).toString("base64");
    expect(received?.headers.authorization).toBe(`Basic ${expected}`);
    expect(received?.query).toEqual({});
  });

  it("refuses to call without an account (503)", () => {
    expect(() => basicAuth(undefined).headers?.(undefined)).toThrow(/DataCite account/);
  });
});

describe("the file-info role", () => {
  const missing = `?path=${encodeURIComponent("/iplant/home/alice/nothing.txt")}`;

  it("reads data-info's refusals, which it answers with 500, as the caller's mistakes they are", async () => {
    expect((await fetch(`${service.platform.fileInfo.url}/data/uuid${missing}&user=alice`)).status).toBe(500);
    for (const route of ["/file-id", "/forwarded-file-id"]) {
      const answer = await get(`${route}${missing}`, "alice");
      expect(answer.statusCode, route).toBe(404);
      // clj-irods' existence check names what it missed in a list (validate.clj).
      expect(answer.json()).toMatchObject({
        error_code: "ERR_DOES_NOT_EXIST",
        paths: ["/iplant/home/alice/nothing.txt"],
      });
    }
  });

  it("still treats any other 500 as the backend failing", async () => {
    service.platform.fileInfo.faults.set({ mode: "json-500", path: "^/data/uuid" });
    expect((await get(`/file-id${missing}`, "alice")).statusCode).toBe(502);
    expect((await get(`/forwarded-file-id${missing}`, "alice")).statusCode).toBe(502);
  });
});

describe("a successful answer that cannot be one", () => {
  const notes = `?path=${encodeURIComponent("/iplant/home/alice/notes.txt")}`;

  it("is the backend failing (502): JSON that does not parse, or not of the shape the handler reads", async () => {
    expect((await get(`/file-id-checked${notes}`, "alice")).json()).toMatchObject({ id: expect.any(String) });
    service.platform.fileInfo.faults.set({ mode: "garbled-200" });
    for (const route of ["/file-id", "/file-id-checked"]) {
      const garbled = await get(`${route}${notes}`, "alice");
      expect(garbled.statusCode, route).toBe(502);
      expect(garbled.json()).toEqual({
        error_code: "ERR_BAD_GATEWAY",
        reason: "the file-info backend answered malformed JSON",
      });
    }
    service.platform.fileInfo.faults.set({ mode: "json-200", body: { id: 5 } });
    const misshapen = await get(`/file-id-checked${notes}`, "alice");
    expect(misshapen.statusCode).toBe(502);
    expect(misshapen.json()).toEqual({
      error_code: "ERR_BAD_GATEWAY",
      reason: "the file-info backend answered in an unexpected shape at /id",
    });
  });
});

describe("the search role", () => {
  it("takes the caller as ?user=, replacing any other", async () => {
    await get("/search", "alice");
    const [received] = service.platform.search.recorder.to("GET", "/search");
    expect(received?.query).toEqual({ q: "notes", user: "alice" });
  });
});

describe("role settings", () => {
  const base = { SEARCH_URL: "http://search", COGE_URL: "http://coge", DATACITE_URL: "http://datacite" };

  it("require a DataCite account with the URL, and leave the CoGe signing key optional", () => {
    const Settings = Type.Object(backendSettings("coge", "datacite"));
    expect(() => loadConfig(Settings, base)).toThrow(/DATACITE_USER[\s\S]*DATACITE_PASSWORD|DATACITE_PASSWORD/);
    const loaded = loadConfig(Settings, {
      ...base,
      DATACITE_USER: "REPO.ONE",
      DATACITE_PASSWORD: "pw",
      DATACITE_DOI_PREFIX: "10.80000",
    });
    expect(backendCredentialsFrom(loaded)).toEqual({ datacite: { username: "REPO.ONE", password: "pw" } });
    expect(() =>
      loadConfig(Settings, { ...base, DATACITE_USER: "u", DATACITE_PASSWORD: "p", DATACITE_DOI_PREFIX: "doi" }),
    ).toThrow(/DATACITE_DOI_PREFIX/);
  });

  it("add nothing for roles without credentials", () => {
    expect(Object.keys(backendSettings("apps", "search")).sort()).toEqual([
      "APPS_URL",
      "BACKEND_TIMEOUT_MS",
      "SEARCH_URL",
    ]);
  });
});
