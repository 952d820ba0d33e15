import { createLocalJWKSet, decodeJwt, type JSONWebKeySet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_AUDIENCE, DEV_ISSUER, SERVICE_ROLE, SimulatedPlatform } from "../src/index.js";

let platform: SimulatedPlatform;
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());

const keySet = async () =>
  createLocalJWKSet((await (await fetch(`${platform.idp.url}/.well-known/jwks.json`)).json()) as JSONWebKeySet);

describe("the demo service account", () => {
  it("mints a token shaped as Keycloak's client credentials token, for the gateway's audience", async () => {
    const token = await platform.serviceToken();
    const { payload } = await jwtVerify(token, await keySet(), { issuer: DEV_ISSUER, audience: DEV_AUDIENCE });
    expect(payload).toMatchObject({
      typ: "Bearer",
      azp: "qms-updater",
      preferred_username: "service-account-qms-updater",
      realm_access: { roles: [SERVICE_ROLE] },
    });
    expect(payload).not.toHaveProperty("email");
  });

  it("is what the services are told to accept on service routes", async () => {
    expect((await platform.env()).AUTH_SERVICE_ROLES).toBe(SERVICE_ROLE);
  });

  it("refuses to mint for a client that has no service account", async () => {
    await expect(platform.serviceToken("de-ui")).rejects.toThrow(/no demo service account de-ui/);
  });
});

describe("a demo user's token", () => {
  it("carries what Keycloak's access token carries for the web front end", async () => {
    const payload = decodeJwt(await platform.token("carol"));
    expect(payload).toMatchObject({
      typ: "Bearer",
      azp: "de-ui",
      preferred_username: "carol",
      entitlement: ["de-users", "de-admins"],
      realm_access: { roles: ["de-users", "de-admins"] },
    });
  });
});
