import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { buildService, portSetting, ServerConfig, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { base64url, generateKeyPair, SignJWT } from "jose";
import { type Static, Type } from "typebox";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthConfig, type AuthOptions, auth, authOptionsFrom } from "../src/index.js";

const Config = Type.Object({ ...portSetting(0), ...ServerConfig, ...AuthConfig });
type Config = Static<typeof Config>;

const REFUSED = {
  error_code: "ERR_NOT_AUTHORIZED",
  reason: "the authentication token is missing, malformed, expired or not trusted",
};

/** The auth plugin on a one-route service, with `extra` options (signing-key timings) on top of the config's. */
function serviceWith(extra: Partial<AuthOptions> = {}) {
  const plugin: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
    await app.register(auth, { ...authOptionsFrom(config), ...extra });
    app.get("/who", async (request) => request.user);
    app.get("/admin/who", async (request) => request.user);
    // A handler that tries to change the caller it was given: it must not reach the next request's caller.
    app.get("/rename", async (request) => {
      try {
        (request.user as { username: string }).username = "mallory";
        request.user.groups.push("de-admins");
      } catch {
        return { changed: false };
      }
      return { changed: true };
    });
  };
  return startServiceUnderTest(
    Config,
    (config: Config): Promise<Service> => buildService("cache-fixture", plugin, config),
  );
}

let service: ServiceUnderTest | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await service?.close();
  service = undefined;
});

const who = (target: ServiceUnderTest, headers: Record<string, string>) =>
  target.app.inject({ method: "GET", url: "/who", headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("verified tokens are remembered", () => {
  it("checks a token's signature once, not on every request", async () => {
    service = await serviceWith();
    const token = await service.platform.token("alice");
    const signatureChecks = vi.spyOn(crypto.subtle, "verify");
    for (let request = 0; request < 5; request++) {
      const response = await who(service, bearer(token));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ username: "alice", email: "alice@example.org", isAdmin: false });
    }
    expect(signatureChecks).toHaveBeenCalledTimes(1);
    await who(service, bearer(await service.platform.token("bob")));
    expect(signatureChecks).toHaveBeenCalledTimes(2);
  });

  it("answers from memory as it would after verifying: administrators only on /admin/, the same user each time", async () => {
    service = await serviceWith();
    const alice = await service.platform.token("alice");
    const admin = await service.platform.token("carol");
    for (let request = 0; request < 3; request++) {
      const refused = await service.app.inject({ method: "GET", url: "/admin/who", headers: bearer(alice) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
      const admitted = await service.app.inject({ method: "GET", url: "/admin/who", headers: bearer(admin) });
      expect(admitted.json()).toMatchObject({ username: "carol", isAdmin: true });
    }
    // A handler cannot change the remembered user for the requests after it.
    const attempt = await service.app.inject({ method: "GET", url: "/rename", headers: bearer(alice) });
    expect(attempt.json()).toEqual({ changed: false });
    const after = (await who(service, bearer(alice))).json() as { username: string; groups: string[] };
    expect(after.username).toBe("alice");
    expect(after.groups).not.toContain("de-admins");
  });

  it("still compares a remembered bearer token with an X-Iplant-De-Jwt sent beside it", async () => {
    service = await serviceWith();
    const alice = await service.platform.token("alice");
    expect((await who(service, bearer(alice))).statusCode).toBe(200);
    const two = await who(service, { ...bearer(alice), "x-iplant-de-jwt": await service.platform.deJwt("bob") });
    expect(two.statusCode).toBe(401);
    const same = await who(service, { ...bearer(alice), "x-iplant-de-jwt": await service.platform.deJwt("alice") });
    expect(same.json()).toMatchObject({ username: "alice" });
  });

  it("remembers service-signed X-Iplant-De-Jwt tokens the same way", async () => {
    service = await serviceWith();
    const token = await service.platform.deJwt("bob");
    const signatureChecks = vi.spyOn(crypto.subtle, "verify");
    for (let request = 0; request < 3; request++) {
      expect((await who(service, { "x-iplant-de-jwt": token })).json()).toMatchObject({ username: "bob" });
    }
    expect(signatureChecks).toHaveBeenCalledTimes(1);
  });

  it("refuses a token that expires while remembered, with the answer an expired token gets", async () => {
    service = await serviceWith();
    const token = await service.platform.token("alice", { expiresInSeconds: 2 });
    expect((await who(service, bearer(token))).statusCode).toBe(200);
    const { exp } = JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString()) as { exp: number };
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 20));
    const late = await who(service, bearer(token));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(REFUSED);
    const expired = await who(service, bearer(await service.platform.token("alice", { expiresInSeconds: -60 })));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(late.json());
  });

  it("refuses forged, tampered, wrong-audience and wrong-issuer tokens exactly as before, after a valid one is remembered", async () => {
    service = await serviceWith();
    const valid = await service.platform.token("alice");
    expect((await who(service, bearer(valid))).statusCode).toBe(200);
    const [header, payload] = valid.split(".") as [string, string, string];

    const { privateKey } = await generateKeyPair("RS256");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "dev-1" }).sign(privateKey);
    const tampered = `${header}.${base64url.encode(JSON.stringify({ ...claims, groups: ["de-admins"] }))}.${valid.split(".")[2]}`;
    const others = await Promise.all([
      service.platform.token("alice", { audience: "another-api" }),
      service.platform.token("alice", { issuer: "https://elsewhere.example.org" }),
    ]);
    for (const token of [forged, tampered, ...others]) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await who(service, bearer(token));
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(REFUSED);
      }
    }
    expect((await who(service, bearer(valid))).statusCode).toBe(200);
  });
});

describe("one token, one form", () => {
  /** Other spellings of the same token: each decodes to the same bytes, or to the same token once URL-decoded. */
  function respellings(token: string): string[] {
    const [header, payload, signature] = token.split(".") as [string, string, string];
    // The last character of an unpadded base64url part carries unused low bits: flip one, the bytes stay.
    const lastBitFlipped = (part: string) => {
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      const index = alphabet.indexOf(part.at(-1) as string);
      return `${part.slice(0, -1)}${alphabet[index ^ 1]}`;
    };
    return [
      `${header}.${payload}.${lastBitFlipped(signature)}`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.${signature.slice(0, 10)}%${signature.charCodeAt(10).toString(16)}${signature.slice(11)}`,
      `${header}.${payload}.${signature.slice(0, 10)}\t${signature.slice(10)}`,
      `${header}.${payload}.${signature}${"A".repeat(17 * 1024)}`,
    ];
  }

  it("refuses every other spelling of a valid token without verifying it, and remembers the token once", async () => {
    service = await serviceWith();
    const bearerToken = await service.platform.token("alice");
    const deJwt = await service.platform.deJwt("bob");
    const signatureChecks = vi.spyOn(crypto.subtle, "verify");
    expect((await who(service, bearer(bearerToken))).statusCode).toBe(200);
    expect((await who(service, { "x-iplant-de-jwt": deJwt })).statusCode).toBe(200);
    expect(signatureChecks).toHaveBeenCalledTimes(2);
    for (const respelled of respellings(bearerToken)) {
      const refused = await who(service, bearer(respelled));
      expect(refused.statusCode).toBe(401);
    }
    for (const respelled of [...respellings(deJwt), ` ${deJwt}`]) {
      const refused = await who(service, { "x-iplant-de-jwt": respelled });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(REFUSED);
    }
    expect(signatureChecks).toHaveBeenCalledTimes(2);
    expect((await who(service, bearer(bearerToken))).statusCode).toBe(200);
    expect((await who(service, { "x-iplant-de-jwt": deJwt })).statusCode).toBe(200);
    expect(signatureChecks).toHaveBeenCalledTimes(2);
  });

  it("keeps other users' tokens remembered while one token is sent in hundreds of forms", async () => {
    service = await serviceWith({ verifiedTokens: { maxEntries: 100 } });
    const alice = await service.platform.token("alice");
    expect((await who(service, bearer(alice))).statusCode).toBe(200);
    const deJwt = await service.platform.deJwt("bob");
    const [header, payload, signature] = deJwt.split(".") as [string, string, string];
    for (let form = 0; form < 300; form++) {
      const spaced = `${header}.${payload}.${signature.slice(0, form % signature.length)}%20${signature.slice(form % signature.length)}`;
      expect((await who(service, { "x-iplant-de-jwt": spaced })).statusCode).toBe(401);
    }
    const signatureChecks = vi.spyOn(crypto.subtle, "verify");
    expect((await who(service, bearer(alice))).statusCode).toBe(200);
    expect(signatureChecks).not.toHaveBeenCalled();
  });
});

describe("a key rotation of the identity provider", () => {
  it("drops remembered tokens as soon as the rotated keys are fetched", async () => {
    service = await serviceWith({ signingKeys: { maxAgeMs: 10 * 60_000, cooldownMs: 0 } });
    const before = await service.platform.token("alice");
    expect((await who(service, bearer(before))).statusCode).toBe(200);

    await service.platform.rotateSigningKey();
    // A token under the new key makes the gateway fetch the keys again, and so learn of the rotation.
    const after = await service.platform.token("alice");
    expect((await who(service, bearer(after))).statusCode).toBe(200);

    const stale = await who(service, bearer(before));
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual(REFUSED);
    expect((await who(service, bearer(after))).statusCode).toBe(200);
  });

  it("answers for a remembered token no longer than the signing keys' maximum age", async () => {
    service = await serviceWith({ signingKeys: { maxAgeMs: 300, cooldownMs: 0 } });
    const before = await service.platform.token("alice");
    expect((await who(service, bearer(before))).statusCode).toBe(200);
    await service.platform.rotateSigningKey();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await who(service, bearer(before))).statusCode).toBe(401);
  });

  it("still answers 502 for a remembered token once the keys are due and the identity provider is down", async () => {
    service = await serviceWith({ signingKeys: { maxAgeMs: 300, cooldownMs: 0 } });
    const token = await service.platform.token("alice");
    expect((await who(service, bearer(token))).statusCode).toBe(200);
    await service.platform.idp.stop();
    await new Promise((resolve) => setTimeout(resolve, 350));
    const response = await who(service, bearer(token));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
  });
});
