import { createPrivateKey, createPublicKey } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultEndpoints, generateStackKeys, SimulatedPlatform, type StackKeys } from "../src/index.js";
import { publicKeyPem, STACK_KEY_SETTINGS, stackKeySettings, stackKeysFrom } from "../src/stack-keys.js";

let keys: StackKeys;
let platform: SimulatedPlatform;
beforeAll(async () => {
  keys = await generateStackKeys();
  platform = await SimulatedPlatform.start({ keys });
});
afterAll(() => platform.stop());

const cogeTokenSignedWith = (pem: string) =>
  new SignJWT({})
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setSubject("alice")
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(createPrivateKey(pem));

const cogeSearchWith = async (token: string) =>
  (await fetch(`${platform.coge.url}/genomes/search/arabidopsis`, { headers: { "x-iplant-de-jwt": token } })).status;

describe("the stack's keys, made by whoever starts the stack", () => {
  it("sign the identity provider's X-Iplant-De-Jwt, which the services verify with the public half they are told", async () => {
    const told = await platform.env();
    expect(told.DE_JWT_PUBLIC_KEY).toBe(publicKeyPem(keys.deJwtKey));
    const { payload } = await jwtVerify(await platform.deJwt("alice"), createPublicKey(told.DE_JWT_PUBLIC_KEY ?? ""));
    expect(payload.sub).toBe("alice");
  });

  it("are what CoGe trusts: a token signed with the services' key passes, one signed with another key does not", async () => {
    expect((await platform.env()).DE_JWT_SIGNING_KEY).toBe(keys.gatewayKey);
    expect(await cogeSearchWith(await cogeTokenSignedWith(keys.gatewayKey))).toBe(200);
    expect(await cogeSearchWith(await cogeTokenSignedWith(keys.deJwtKey))).toBe(401);
  });

  it("tell the services what the simulators were handed, wherever they run", () => {
    const endpoints = defaultEndpoints("127.0.0.1", keys);
    expect(endpoints.deJwtPublicKey).toBe(publicKeyPem(keys.deJwtKey));
    expect(endpoints.deJwtSigningKey).toBe(keys.gatewayKey);
    expect(endpoints.apps).toBe("http://127.0.0.1:4001");
    expect(defaultEndpoints("simulators")).toEqual(expect.objectContaining({ deJwtPublicKey: "" }));
    expect(defaultEndpoints("simulators").deJwtSigningKey).toBeUndefined();
  });

  it("reach the simulators' command through its environment, both or neither", () => {
    expect(stackKeysFrom(stackKeySettings(keys))).toEqual(keys);
    expect(stackKeysFrom({})).toBeUndefined();
    expect(() => stackKeysFrom({ [STACK_KEY_SETTINGS.deJwtKey]: keys.deJwtKey })).toThrow(/set together/);
    expect(() => stackKeysFrom({ ...stackKeySettings(keys), [STACK_KEY_SETTINGS.gatewayKey]: "not a key" })).toThrow(
      `${STACK_KEY_SETTINGS.gatewayKey} is not a private key in PEM`,
    );
  });
});
