import { request } from "node:http";
import type { AddressInfo } from "node:net";
import {
  DEMO_USERS,
  DEV_AUDIENCE,
  DEV_ISSUER,
  type ServiceUnderTest,
  startServiceUnderTest,
} from "@de-gateway/backend-simulators";
import { buildService, portSetting, ServerConfig, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { base64url, generateKeyPair, SignJWT } from "jose";
import { type Static, Type } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthConfig, auth, authOptionsFrom } from "../src/index.js";
import { createVerifier } from "../src/verifier.js";

const Config = Type.Object({ ...portSetting(0), ...ServerConfig, ...AuthConfig });
type Config = Static<typeof Config>;

const plugin: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  app.get("/who", async (request) => request.user);
  app.get("/admin/who", { config: { auth: "admin" } }, async (request) => request.user);
  app.get("/admin/forgot-to-say", async (request) => request.user);
  app.get("/open", { config: { auth: "none" } }, async () => ({ open: true }));
  app.get("/maybe", { config: { auth: "optional" } }, async (request) => ({
    caller: request.user.username,
    kind: request.user.kind ?? "user",
  }));
  app.get("/service/thing", { config: { auth: "service" } }, async (request) => request.user);
  // Which user object a request was given: services tie what they remember of a caller to it (one per token).
  const userObjects = new WeakMap<object, number>();
  app.get("/user-object", async (request) => {
    if (!userObjects.has(request.user)) userObjects.set(request.user, ++userObjectCount);
    return { object: userObjects.get(request.user) };
  });
};
let userObjectCount = 0;
const build = (config: Config): Promise<Service> => buildService("auth-fixture", plugin, config);

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, build, { AUTH_SERVICE_ROLES: "qms-jobs, usage-reports" });
});
afterAll(() => service.close());

const get = (url: string, headers: Record<string, string> = {}) => service.app.inject({ method: "GET", url, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("bearer tokens", () => {
  it("accepts a valid token and takes the user from its claims", async () => {
    const response = await get("/who", await service.as("alice"));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: "alice",
      email: "alice@example.org",
      firstName: "Alice",
      lastName: "Liddell",
      isAdmin: false,
    });
  });

  it("answers 401 with the error model when the header is missing or not a bearer token", async () => {
    const valid = await service.platform.token("alice");
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Basic YWxpY2U6eA==" },
      { authorization: "Bearer" },
      // A valid token is not enough: the header must be exactly the scheme and one token.
      { authorization: `Token Bearer ${valid}` },
      { authorization: `Bearer ${valid} ${valid}` },
    ];
    for (const headers of attempts) {
      const response = await get("/who", headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        error_code: "ERR_NOT_AUTHORIZED",
        reason: "an Authorization: Bearer token is required",
      });
    }
  });

  it("takes the username from preferred_username, never from the opaque sub, and refuses a token without one", async () => {
    const who = async (claims: Record<string, unknown>) =>
      get("/who", bearer(await service.platform.token("alice", { claims })));
    expect((await who({ sub: "0b7c7f2e-5b1e-4c7a-9a0e-3d5f1c2b4a6e" })).json()).toMatchObject({ username: "alice" });
    for (const claims of [
      { preferred_username: undefined },
      { preferred_username: "" },
      { preferred_username: 42 },
      // A Keycloak client's own token (client credentials grant) names the client, not a user.
      { preferred_username: "service-account-de-gateway" },
    ]) {
      const nameless = await who(claims);
      expect(nameless.statusCode).toBe(401);
      expect(nameless.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED", reason: "the token names no user" });
    }
  });

  it("reads the other claims only where they have the expected type", async () => {
    const who = async (claims: Record<string, unknown>) =>
      (await get("/who", bearer(await service.platform.token("alice", { claims })))).json();
    expect(await who({ name: undefined })).toMatchObject({ commonName: "Alice Liddell" });
    expect(await who({ name: undefined, given_name: undefined, family_name: ["Liddell"] })).toMatchObject({
      firstName: "",
      lastName: "",
      commonName: "",
    });
    // The demo users' tokens carry their groups in three claims (groups, realm roles, entitlement) as Keycloak's do.
    expect(
      await who({
        email: 7,
        groups: ["de-admins", 7, { name: "x" }],
        realm_access: { roles: "de-admins" },
        entitlement: undefined,
      }),
    ).toMatchObject({ email: "", groups: ["de-admins"], isAdmin: true });
    expect(await who({ groups: undefined, realm_access: undefined, entitlement: ["ops", "de-admins"] })).toMatchObject({
      groups: ["ops", "de-admins"],
      isAdmin: true,
    });
    expect(await who({ groups: "de-admins", realm_access: undefined, entitlement: undefined })).toMatchObject({
      groups: [],
      isAdmin: false,
    });
  });

  it("refuses expired tokens and tokens for another issuer or audience", async () => {
    const tokens = await Promise.all([
      service.platform.token("alice", { expiresInSeconds: -60 }),
      service.platform.token("alice", { issuer: "https://elsewhere.example.org" }),
      service.platform.token("alice", { audience: "another-api" }),
    ]);
    for (const token of tokens) expect((await get("/who", bearer(token))).statusCode).toBe(401);
  });

  it("refuses unsigned (alg none) tokens and HS256 tokens keyed with the public key", async () => {
    const header = base64url.encode(JSON.stringify({ alg: "none", typ: "JWT" }));
    const claims = { preferred_username: "carol", iss: "http://localhost:4007/realms/de", aud: "de-gateway" };
    const unsigned = `${header}.${base64url.encode(JSON.stringify({ ...claims, exp: 9_999_999_999 }))}.`;
    expect((await get("/who", bearer(unsigned))).statusCode).toBe(401);

    const publicJwk = (await service.platform.idp.state.keys).jwk;
    const confused = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", kid: publicJwk.kid })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    expect((await get("/who", bearer(confused))).statusCode).toBe(401);
  });

  it("refuses a token signed by a key the identity provider does not publish", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({ preferred_username: "carol", groups: ["de-admins"] })
      .setProtectedHeader({ alg: "RS256", kid: "dev-1" })
      .setIssuer("http://localhost:4007/realms/de")
      .setAudience("de-gateway")
      .setExpirationTime("1h")
      .sign(privateKey);
    expect((await get("/who", bearer(forged))).statusCode).toBe(401);
  });
});

describe("the user of a token", () => {
  it("is one object for every request with that token, bearer or X-Iplant-De-Jwt, and another for another token", async () => {
    const objectOf = async (headers: Record<string, string>) => (await get("/user-object", headers)).json().object;
    let minted = 0;
    for (const tokenHeaders of [
      async () => service.as("alice"),
      // Two signed within one second are the same token, unless a claim differs.
      async () => ({ "x-iplant-de-jwt": await service.platform.deJwt("alice", { claims: { n: ++minted } }) }),
    ]) {
      const headers = await tokenHeaders();
      const first = await objectOf(headers);
      expect(await objectOf(headers)).toBe(first);
      expect(await objectOf(await tokenHeaders())).not.toBe(first);
    }
  });

  it("is one object for requests that arrive together with a token not yet verified", async () => {
    const objectOf = async (headers: Record<string, string>) => (await get("/user-object", headers)).json().object;
    for (const headers of [
      await service.as("bob"),
      { "x-iplant-de-jwt": await service.platform.deJwt("bob", { claims: { together: true } }) },
    ]) {
      const objects = await Promise.all([objectOf(headers), objectOf(headers), objectOf(headers)]);
      expect(new Set(objects).size).toBe(1);
    }
  });
});

describe("service-signed X-Iplant-De-Jwt", () => {
  it("accepts the header signed with the configured key", async () => {
    const response = await get("/who", { "x-iplant-de-jwt": await service.platform.deJwt("bob") });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: "bob", lastName: "Builder" });
  });

  it("takes the key from a one-line setting whose line breaks are written as \\n", async () => {
    const pem = (await service.platform.idp.state.keys).deJwtPublicKeyPem;
    const verifier = createVerifier({
      jwksUrl: "http://127.0.0.1:9/unused",
      issuer: "unused",
      audience: "unused",
      deJwtPublicKey: pem.trim().replace(/\n/g, "\\n"),
    });
    await expect(verifier.deJwt(await service.platform.deJwt("bob"))).resolves.toMatchObject({ sub: "bob" });
  });

  it("refuses one signed with another key", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: "RS256" })
      .setSubject("carol")
      .setExpirationTime("1h")
      .sign(privateKey);
    expect((await get("/who", { "x-iplant-de-jwt": forged })).statusCode).toBe(401);
  });
});

describe("X-Iplant-De-Jwt is checked like a bearer token", () => {
  const deJwt = (username: string, options?: Parameters<typeof service.platform.deJwt>[1]) =>
    service.platform.deJwt(username, options);
  const now = () => Math.floor(Date.now() / 1000);

  it("refuses one without exp, signed too long ago, or naming another issuer or audience, admin or not", async () => {
    const tokens = await Promise.all([
      deJwt("carol", { expiresInSeconds: null }),
      // Signed three years ago, valid for ten: its age is past the greatest, whatever its exp says.
      deJwt("carol", { issuedAt: now() - 3 * 365 * 86_400, expiresInSeconds: 10 * 365 * 86_400 }),
      deJwt("carol", { audience: "another-api" }),
      // The audience of the tokens the gateway signs for its backends (CoGe).
      deJwt("carol", { audience: "de-backends" }),
      deJwt("carol", { issuer: DEV_ISSUER }),
      deJwt("carol", { expiresInSeconds: -60 }),
    ]);
    for (const token of tokens) {
      for (const url of ["/who", "/admin/who"]) {
        const refused = await get(url, { "x-iplant-de-jwt": token });
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
      }
    }
    const fresh = await get("/admin/who", { "x-iplant-de-jwt": await deJwt("carol") });
    expect(fresh.json()).toMatchObject({ username: "carol", isAdmin: true });
  });

  it("takes its issuer, audience and greatest age from the configuration", async () => {
    const strict = await startServiceUnderTest(Config, build, {
      AUTH_DE_JWT_ISSUER: "https://de.example.org",
      AUTH_DE_JWT_AUDIENCE: "gateway-prod",
      AUTH_DE_JWT_MAX_AGE_SECONDS: "60",
    });
    try {
      const who = (token: string) => strict.app.inject({ url: "/who", headers: { "x-iplant-de-jwt": token } });
      const mint = (options: Parameters<typeof service.platform.deJwt>[1]) => strict.platform.deJwt("bob", options);
      const own = { issuer: "https://de.example.org", audience: "gateway-prod" };
      expect((await who(await mint(own))).statusCode).toBe(200);
      expect((await who(await mint({ ...own, issuedAt: now() - 120 }))).statusCode).toBe(401);
      expect((await who(await mint({}))).statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });

  it("refuses a request whose two tokens name different users, and takes the bearer's claims when they agree", async () => {
    const bobBearer = await service.as("bob");
    const both = await get("/admin/who", { ...bobBearer, "x-iplant-de-jwt": await deJwt("carol") });
    expect(both.statusCode).toBe(401);
    expect(both.json()).toEqual({
      error_code: "ERR_NOT_AUTHORIZED",
      reason: "the Authorization and X-Iplant-De-Jwt headers name different users",
    });
    const mismatched = await get("/who", { ...bobBearer, "x-iplant-de-jwt": await deJwt("alice") });
    expect(mismatched.statusCode).toBe(401);
    // The same user in both: the identity provider's groups count, not those the service token claims.
    const elevated = await deJwt("bob", { claims: { entitlement: ["de-admins"] } });
    const agreed = await get("/who", { ...bobBearer, "x-iplant-de-jwt": elevated });
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json()).toMatchObject({ username: "bob", isAdmin: false });
    expect((await get("/admin/who", { ...bobBearer, "x-iplant-de-jwt": elevated })).statusCode).toBe(403);
  });
});

describe("one token header of each kind", () => {
  const TWO_HEADERS = (name: string) => ({
    error_code: "ERR_BAD_REQUEST",
    reason: `a request carries one ${name} header at most`,
  });

  it("refuses two Authorization or two X-Iplant-De-Jwt headers with 400, never letting the first win", async () => {
    const [alice, carol] = [(await service.as("alice")).authorization, (await service.as("carol")).authorization];
    const [aliceJwt, carolJwt] = [await service.platform.deJwt("alice"), await service.platform.deJwt("carol")];
    const twice: [Record<string, string[]>, string][] = [
      [{ authorization: [alice, carol] }, "Authorization"],
      [{ authorization: [alice, alice] }, "Authorization"],
      [{ "x-iplant-de-jwt": [aliceJwt, carolJwt] }, "X-Iplant-De-Jwt"],
      [{ "x-iplant-de-jwt": [carolJwt, carolJwt] }, "X-Iplant-De-Jwt"],
    ];
    for (const [headers, name] of twice) {
      for (const url of ["/who", "/maybe", "/admin/who", "/service/thing"]) {
        const refused = await service.app.inject({ method: "GET", url, headers });
        expect(refused.statusCode, `${url} ${name}`).toBe(400);
        expect(refused.json()).toEqual(TWO_HEADERS(name));
      }
    }
    // The token, once, is still taken, remembered or not.
    expect((await get("/who", { authorization: alice })).json()).toMatchObject({ username: "alice" });
  });

  it("refuses them as sent over a connection, where Node keeps only the first Authorization header", async () => {
    const [alice, carol] = [(await service.as("alice")).authorization, (await service.as("carol")).authorization];
    await service.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = service.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      // Raw header pairs (an object could not hold the header twice), which get no Host of their own.
      const headers = ["Host", `127.0.0.1:${port}`, "Authorization", alice, "authorization", carol];
      const sent = request({ host: "127.0.0.1", port, path: "/admin/who", headers }, (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      sent.on("error", reject).end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual(TWO_HEADERS("Authorization"));
  });
});

describe("access levels", () => {
  it("lets anyone call unsecured routes", async () => {
    expect((await get("/open")).json()).toEqual({ open: true });
  });

  it("runs a visitor without a token as the anonymous user on optional routes, a signed-in caller as themselves", async () => {
    expect((await get("/maybe")).json()).toEqual({ caller: "anonymous", kind: "anonymous" });
    expect((await get("/maybe", await service.as("bob"))).json()).toEqual({ caller: "bob", kind: "user" });
    expect((await get("/maybe", { "x-iplant-de-jwt": await service.platform.deJwt("bob") })).json()).toEqual({
      caller: "bob",
      kind: "user",
    });
  });

  it("never treats a bad, expired or forged token on an optional route as anonymous", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({ preferred_username: "alice" })
      .setProtectedHeader({ alg: "RS256", kid: "forged" })
      .setIssuer(DEV_ISSUER)
      .setAudience(DEV_AUDIENCE)
      .setExpirationTime("1h")
      .sign(privateKey);
    const expired = await service.platform.token("alice", { expiresInSeconds: -60 });
    for (const headers of [
      bearer("not.a.token"),
      bearer(expired),
      bearer(forged),
      { authorization: "Basic YWxpY2U6eA==" },
      { "x-iplant-de-jwt": "not.a.token" },
    ]) {
      const refused = await get("/maybe", headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
    }
  });

  it("answers an unknown path 404, token or not", async () => {
    for (const headers of [{}, bearer("not.a.token")]) {
      const response = await get("/nowhere", headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    }
  });

  it("keeps /admin/ routes for administrators, even when a route forgets to say so or the path is encoded", async () => {
    const carol = DEMO_USERS.find((user) => user.username === "carol");
    expect(carol?.groups).toContain("de-admins");
    for (const url of ["/admin/who", "/admin/forgot-to-say", "/%61dmin/forgot-to-say", "/%61%64min/forgot-to-say"]) {
      const bob = await get(url, await service.as("bob"));
      expect(bob.statusCode).toBe(403);
      expect(bob.json()).toMatchObject({ error_code: "ERR_FORBIDDEN", reason: "this endpoint is for administrators" });
      expect((await get(url)).statusCode).toBe(401);
      const admin = await get(url, await service.as("carol"));
      expect(admin.statusCode).toBe(200);
      expect(admin.json()).toMatchObject({ username: "carol", isAdmin: true });
    }
  });
});

describe("service accounts", () => {
  /** A Keycloak client-credentials token: the client's own account, with its realm roles. */
  const serviceAccountToken = (roles: string[], name = "service-account-qms-updater") =>
    service.platform.token("alice", {
      claims: {
        preferred_username: name,
        azp: "qms-updater",
        email: undefined,
        given_name: undefined,
        family_name: undefined,
        name: undefined,
        entitlement: undefined,
        groups: undefined,
        realm_access: { roles },
      },
    });

  it("lets a service account holding a configured role call service routes, as itself", async () => {
    const response = await get("/service/thing", bearer(await serviceAccountToken(["offline_access", "qms-jobs"])));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      kind: "service-account",
      username: "service-account-qms-updater",
      commonName: "qms-updater",
      isAdmin: false,
      groups: ["offline_access", "qms-jobs"],
    });
  });

  it("refuses a service account without a configured role, and a user's token, with 403", async () => {
    for (const headers of [
      bearer(await serviceAccountToken(["offline_access"])),
      await service.as("alice"),
      await service.as("carol"),
      { "x-iplant-de-jwt": await service.platform.deJwt("carol") },
    ]) {
      const refused = await get("/service/thing", headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
    }
  });

  it("answers 401 without a token or with a bad one, and keeps service accounts off user routes", async () => {
    for (const headers of [{}, bearer("not.a.token")]) {
      const refused = await get("/service/thing", headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
    }
    const onUserRoute = await get("/who", bearer(await serviceAccountToken(["qms-jobs"])));
    expect(onUserRoute.statusCode).toBe(401);
  });
});

describe("identity provider outage", () => {
  it("answers 502, not 401, when the signing keys cannot be fetched", async () => {
    const fresh = await startServiceUnderTest(Config, build);
    try {
      const token = await fresh.platform.token("alice");
      await fresh.platform.idp.stop();
      const response = await fresh.app.inject({ method: "GET", url: "/who", headers: bearer(token) });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await fresh.close();
    }
  });

  // An identity provider behind a proxy answers an error page, or something that is no key set, while it is down.
  it.each([
    ["an error status", { mode: "html-500" }],
    ["an answer that is not JSON", { mode: "garbled-200" }],
    ["an HTML page with 200", { mode: "html-200" }],
    ["JSON that is no key set", { mode: "json-200", body: { keys: "none" } }],
    ["no answer within the 5 s the gateway waits", { mode: "hang" }],
  ] as const)("answers 502, not 401, when the signing keys come back as %s", async (_what, fault) => {
    const fresh = await startServiceUnderTest(Config, build);
    try {
      const token = await fresh.platform.token("alice");
      fresh.platform.idp.faults.set({ ...fault, path: "^/\\.well-known/jwks\\.json$" });
      const response = await fresh.app.inject({ method: "GET", url: "/who", headers: bearer(token) });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
      fresh.platform.idp.faults.clear();
      expect((await fresh.app.inject({ method: "GET", url: "/who", headers: bearer(token) })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe("access in the OpenAPI document", () => {
  it("states each route's access, and no security requirement where no token is needed", () => {
    const paths = service.app.swagger().paths ?? {};
    const operation = (path: string) => paths[path]?.get as Record<string, unknown> | undefined;
    expect(operation("/who")).toMatchObject({ "x-access": "user" });
    expect(operation("/who")?.security).toBeUndefined();
    expect(operation("/admin/who")).toMatchObject({ "x-access": "admin" });
    expect(operation("/admin/forgot-to-say")).toMatchObject({ "x-access": "admin" });
    expect(operation("/open")).toMatchObject({ "x-access": "none", security: [] });
    expect(operation("/service/thing")).toMatchObject({ "x-access": "service" });
    expect(operation("/maybe")).toMatchObject({
      "x-access": "optional",
      security: [{}, { bearer: [] }, { deJwt: [] }],
    });
  });
});
