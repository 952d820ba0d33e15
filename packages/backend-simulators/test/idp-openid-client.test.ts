import { decodeJwt } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignInBrowser } from "../src/idp/browser.js";
import { createIdentityProvider, type IdentityProvider } from "../src/idp/index.js";
import { DEV_AUDIENCE, SERVICE_ROLE } from "../src/index.js";

/** The realm driven by openid-client, a certified relying party library, as a web front end would drive it. */
const REDIRECT = "http://localhost:3000/callback";
let idp: IdentityProvider;
let config: oidc.Configuration;

beforeAll(async () => {
  idp = await createIdentityProvider({ issuerAtOwnAddress: true }).start();
  config = await oidc.discovery(new URL(idp.issuer), "de-ui", {}, oidc.ClientSecretBasic("de-ui-secret"), {
    execute: [oidc.allowInsecureRequests],
  });
});
afterAll(() => idp.stop());

/** Signs in as `username` through the sign-in page; answers the browser and the tokens. */
async function signIn(username: string, browser = new SignInBrowser()) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const authorizationUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: "openid profile email",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  const page = await browser.open(authorizationUrl);
  expect(page.status).toBe(200);
  const signedIn = await browser.pickUser(authorizationUrl, await page.text(), username);
  expect(signedIn.status).toBe(302);
  const callback = new URL(signedIn.headers.get("location") ?? "");
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
  return { browser, tokens, nonce };
}

describe("openid-client against the development realm", () => {
  it("discovers the realm at the issuer the gateway trusts", () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(idp.issuer);
    expect(metadata.authorization_endpoint).toBe(`${idp.issuer}/protocol/openid-connect/auth`);
    expect(metadata.jwks_uri).toBe(`${idp.issuer}/protocol/openid-connect/certs`);
    expect(metadata.code_challenge_methods_supported).toContain("S256");
  });

  it("signs alice in with the authorization code and PKCE; her tokens are shaped as Keycloak's", async () => {
    const { tokens, nonce } = await signIn("alice");
    expect(tokens.claims()).toMatchObject({
      iss: idp.issuer,
      typ: "ID",
      aud: "de-ui",
      azp: "de-ui",
      nonce,
      preferred_username: "alice",
      email: "alice@example.org",
    });
    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({
      iss: idp.issuer,
      aud: [DEV_AUDIENCE],
      typ: "Bearer",
      azp: "de-ui",
      preferred_username: "alice",
      email: "alice@example.org",
      given_name: "Alice",
      family_name: "Liddell",
      name: "Alice Liddell",
      realm_access: { roles: ["de-users"] },
      entitlement: ["de-users"],
    });
    const refresh = decodeJwt(tokens.refresh_token ?? "");
    expect(refresh).toMatchObject({ typ: "Refresh", azp: "de-ui", sid: access.sid });
    expect(refresh.exp).toBeGreaterThan(access.exp ?? Number.POSITIVE_INFINITY);
  });

  it("gives no ID token to a plain OAuth sign-in (no openid scope), and the default scopes", async () => {
    const browser = new SignInBrowser();
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, state: "plain" });
    const signedIn = await browser.pickUser(url, await (await browser.open(url)).text(), "bob");
    const tokens = await oidc.authorizationCodeGrant(config, new URL(signedIn.headers.get("location") ?? ""), {
      expectedState: "plain",
    });
    expect(tokens.id_token).toBeUndefined();
    expect(tokens.scope).toBe("profile email");
    expect(decodeJwt(tokens.access_token)).toMatchObject({ preferred_username: "bob", scope: "profile email" });
  });

  it("answers userinfo for the access token, and refreshes the tokens", async () => {
    const { tokens } = await signIn("carol");
    const info = await oidc.fetchUserInfo(config, tokens.access_token, "carol");
    expect(info).toMatchObject({ sub: "carol", preferred_username: "carol", entitlement: ["de-users", "de-admins"] });
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? "");
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.claims()).toMatchObject({ preferred_username: "carol", aud: "de-ui" });
    expect(decodeJwt(refreshed.access_token).sid).toBe(decodeJwt(tokens.access_token).sid);
  });

  it("signs in again without the page while the session lasts (prompt=none), not after sign-out", async () => {
    const { browser, tokens } = await signIn("bob");
    const silently = (state: string) =>
      browser.open(
        oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: "openid", prompt: "none", state }),
      );
    const again = new URL((await silently("s1")).headers.get("location") ?? "");
    expect(again.searchParams.get("code")).toBeTruthy();
    expect(again.searchParams.get("state")).toBe("s1");

    const signOut = await browser.open(
      oidc.buildEndSessionUrl(config, {
        id_token_hint: tokens.id_token ?? "",
        post_logout_redirect_uri: "http://localhost:3000/",
        state: "bye",
      }),
    );
    expect(signOut.status).toBe(302);
    expect(signOut.headers.get("location")).toBe("http://localhost:3000/?state=bye");

    const afterwards = new URL((await silently("s2")).headers.get("location") ?? "");
    expect(Object.fromEntries(afterwards.searchParams)).toMatchObject({ error: "login_required", state: "s2" });
    expect(afterwards.searchParams.get("code")).toBeNull();
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token ?? "")).rejects.toMatchObject({
      error: "invalid_grant",
    });
    await expect(oidc.fetchUserInfo(config, tokens.access_token, "bob")).rejects.toMatchObject({
      status: 401,
      cause: [
        expect.objectContaining({ scheme: "bearer", parameters: expect.objectContaining({ error: "invalid_token" }) }),
      ],
    });
  });

  it("authenticates the client by its secret in the form as well as by Basic", async () => {
    const byForm = await oidc.discovery(new URL(idp.issuer), "de-ui", "de-ui-secret", undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const { tokens } = await signIn("alice");
    const refreshed = await oidc.refreshTokenGrant(byForm, tokens.refresh_token ?? "");
    expect(refreshed.claims()?.preferred_username).toBe("alice");
  });

  it("gives the demo service account its own token by the client credentials grant", async () => {
    const updater = await oidc.discovery(
      new URL(idp.issuer),
      "qms-updater",
      {},
      oidc.ClientSecretBasic("qms-updater-secret"),
      {
        execute: [oidc.allowInsecureRequests],
      },
    );
    const tokens = await oidc.clientCredentialsGrant(updater);
    expect(tokens.refresh_token).toBeUndefined();
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      iss: idp.issuer,
      aud: [DEV_AUDIENCE],
      typ: "Bearer",
      azp: "qms-updater",
      preferred_username: "service-account-qms-updater",
      realm_access: { roles: [SERVICE_ROLE] },
    });
    await expect(oidc.clientCredentialsGrant(config)).rejects.toMatchObject({ error: "unauthorized_client" });
  });
});
