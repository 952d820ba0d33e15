import type { AddressInfo } from "node:net";
import {
  createIdentityProvider,
  demoUser,
  type IdentityProvider,
  SignInBrowser,
  SimulatedPlatform,
} from "@de-gateway/backend-simulators";
import { buildEdge, type EdgeConfig, edgeConfigSchema, loadEdgeRouting, upstreamsFrom } from "@de-gateway/edge";
import { buildApp as buildIdentitySession } from "@de-gateway/identity-session/src/app.js";
import { Config as IdentitySessionConfig } from "@de-gateway/identity-session/src/config.js";
import { loadConfig, type Service } from "@de-gateway/service-kit";
import { buildApp as buildSubscriptions } from "@de-gateway/subscriptions/src/app.js";
import { Config as SubscriptionsConfig } from "@de-gateway/subscriptions/src/config.js";
import { decodeJwt } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A web front end's sign-in, end to end: openid-client signs alice in at the development realm (as the front
 * end's server does), and her access token calls the gateway through the edge, at identity-session's
 * `/secured/bootstrap`; the demo service account signs in by the client credentials grant and calls
 * subscriptions' `/service/qms`. Both services run in this process against the simulated platform and trust
 * the realm.
 */
const REDIRECT = "http://localhost:3000/callback";
const OTHER_APP = { clientId: "other-app", secret: "other-secret", redirectUris: [REDIRECT], audience: ["other-api"] };
let platform: SimulatedPlatform;
let idp: IdentityProvider;
/** Another realm: its own keys and issuer, the same clients. */
let otherRealm: IdentityProvider;
let services: Service[] = [];
let edge: Service;
let gateway: string;

const listen = async (app: Service) => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  [platform, idp, otherRealm] = await Promise.all([
    SimulatedPlatform.start(),
    createIdentityProvider({ issuerAtOwnAddress: true, clients: [OTHER_APP] }).start(),
    createIdentityProvider({ issuerAtOwnAddress: true }).start(),
  ]);
  const env = {
    ...(await platform.env()),
    AUTH_ISSUER: idp.issuer,
    AUTH_JWKS_URL: `${idp.issuer}/protocol/openid-connect/certs`,
    LOG_LEVEL: "silent",
  };
  services = await Promise.all([
    buildIdentitySession(loadConfig(IdentitySessionConfig, env)),
    buildSubscriptions(loadConfig(SubscriptionsConfig, env)),
  ]);
  const [identitySession, subscriptions] = await Promise.all(services.map(listen));
  const routing = loadEdgeRouting();
  const edgeConfig = loadConfig(edgeConfigSchema(routing.services), {
    UPSTREAM_IDENTITY_SESSION: identitySession,
    UPSTREAM_SUBSCRIPTIONS: subscriptions,
    LOG_LEVEL: "silent",
  }) as EdgeConfig;
  edge = await buildEdge({
    routing,
    upstreams: upstreamsFrom(routing.services, edgeConfig),
    logLevel: edgeConfig.LOG_LEVEL,
    upstreamTimeoutMs: edgeConfig.EDGE_UPSTREAM_TIMEOUT_MS,
  });
  gateway = await listen(edge);
});
afterAll(async () => {
  await edge?.close();
  await Promise.all(services.map((service) => service.close()));
  await Promise.all([idp?.stop(), otherRealm?.stop(), platform?.stop()]);
});

/** Signs `username` in to `client` with the authorization code and PKCE; answers the token endpoint's answer. */
async function signIn(clientId: string, secret: string, username: string, realm = idp) {
  const config = await oidc.discovery(new URL(realm.issuer), clientId, {}, oidc.ClientSecretBasic(secret), {
    execute: [oidc.allowInsecureRequests],
  });
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: "openid",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
  });
  const browser = new SignInBrowser();
  const signedIn = await browser.pickUser(url, await (await browser.open(url)).text(), username);
  const callback = new URL(signedIn.headers.get("location") ?? "");
  return oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
}

const bootstrap = (token: string) =>
  fetch(`${gateway}/secured/bootstrap?ip-address=127.0.0.1`, { headers: { authorization: `Bearer ${token}` } });

describe("a token from the web front end's sign-in, at the gateway", () => {
  it("is accepted: bootstrap answers for the user who signed in", async () => {
    const tokens = await signIn("de-ui", "de-ui-secret", "carol");
    const answer = await bootstrap(tokens.access_token);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ user_info: { username: "carol", email: "carol@example.org" } });
  });

  it("is refused when it comes from another realm, is another client's, or is no access token", async () => {
    const keys = await idp.state.keys;
    const carol = demoUser("carol");
    if (!carol) throw new Error("no demo user carol");
    const renamedRealm = await keys.mint(carol, { issuer: idp.issuer.replace(/\/realms\/de$/, "/realms/other") });
    const otherRealmSignIn = await signIn("de-ui", "de-ui-secret", "carol", otherRealm);
    const otherClient = await signIn(OTHER_APP.clientId, OTHER_APP.secret, "carol");
    expect(decodeJwt(otherClient.access_token).aud).toEqual(["other-api"]);
    const ui = await signIn("de-ui", "de-ui-secret", "alice");
    const refused = [
      renamedRealm,
      otherRealmSignIn.access_token,
      otherClient.access_token,
      ui.id_token ?? "",
      ui.refresh_token ?? "",
    ];
    for (const token of refused) {
      const answer = await bootstrap(token);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
    }
  });
});

describe("the demo service account's own token, at the gateway", () => {
  it("is had by the client credentials grant and accepted on service routes, where a user's token is not", async () => {
    const updater = await oidc.discovery(
      new URL(idp.issuer),
      "qms-updater",
      {},
      oidc.ClientSecretBasic("qms-updater-secret"),
      { execute: [oidc.allowInsecureRequests] },
    );
    const { access_token } = await oidc.clientCredentialsGrant(updater);
    const plan = (token: string) =>
      fetch(`${gateway}/service/qms/users/alice/plan`, { headers: { authorization: `Bearer ${token}` } });
    const asService = await plan(access_token);
    expect(asService.status).toBe(200);
    expect(((await asService.json()) as { result: unknown }).result).toMatchObject({ user: { username: "alice" } });
    const alice = await signIn("de-ui", "de-ui-secret", "alice");
    expect((await plan(alice.access_token)).status).toBe(403);
  });
});
