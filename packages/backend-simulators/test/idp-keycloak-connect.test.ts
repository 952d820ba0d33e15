import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import session from "express-session";
import Keycloak from "keycloak-connect";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SignInBrowser } from "../src/idp/browser.js";
import { createIdentityProvider, type IdentityProvider } from "../src/idp/index.js";

/**
 * keycloak-connect, the middleware the real web front end (cyverse-de/sonora) signs people in with, in a small
 * Express app: a protected page, and an anonymous one that first asks the realm whether someone is signed in
 * (`prompt=none`), as every page of the front end does.
 */
const CLIENT = {
  clientId: "test-ui",
  secret: "test-ui-secret",
  redirectUris: ["http://127.0.0.1:*"],
  audience: ["de-gateway"],
};
/** A token as keycloak-connect keeps it, decoded (its typings leave `content` out). */
type DecodedToken = Keycloak.Token & { content: Record<string, unknown> };
let idp: IdentityProvider;
let server: Server;
let app: string;

beforeAll(async () => {
  idp = await createIdentityProvider({ issuerAtOwnAddress: true, clients: [CLIENT] }).start();
  const store = new session.MemoryStore();
  // The settings as sonora hands them over (src/server/auth.js); keycloak-connect's typings know other names only.
  const config = { serverUrl: idp.url, realm: "de", clientId: CLIENT.clientId, secret: CLIENT.secret };
  const keycloak = new Keycloak({ store }, config as unknown as Keycloak.KeycloakConfig);
  const web = express();
  web.use(session({ secret: "test-only", resave: false, saveUninitialized: true, store }));
  web.use(keycloak.middleware());
  web.get("/protected", keycloak.protect(), (request, response) => {
    const { grant } = (request as unknown as { kauth: { grant: Record<"access_token" | "id_token", DecodedToken> } })
      .kauth;
    response.json({ access: grant.access_token.content, id: grant.id_token.content });
  });
  web.get("/", (_request, response) => {
    response.send("home");
  });
  web.get("/anonymous", keycloak.checkSso(), (request, response) => {
    const kauth = (request as unknown as { kauth?: { grant?: Keycloak.Grant } }).kauth;
    response.json({ signedIn: Boolean(kauth?.grant) });
  });
  await new Promise<void>((resolve) => {
    server = web.listen(0, "127.0.0.1", () => resolve());
  });
  app = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await idp.stop();
});

describe("keycloak-connect against the development realm", () => {
  it("sends a visitor of a protected page to the sign-in page; signed in as alice, the page sees her token; /logout ends it", async () => {
    const browser = new SignInBrowser();
    const toSignIn = await browser.follow(`${app}/protected`);
    expect(toSignIn.url.href.startsWith(`${idp.issuer}/protocol/openid-connect/auth?`)).toBe(true);
    expect(toSignIn.response.status).toBe(200);
    const page = await toSignIn.response.text();
    expect(page).toContain("Alice Liddell");

    const signedIn = await browser.pickUser(toSignIn.url, page, "alice");
    expect(signedIn.status).toBe(302);
    const landed = await browser.follow(signedIn.headers.get("location") ?? "");
    // keycloak-connect strips what it reads (code, state); the realm's `iss` stays, as with Keycloak.
    expect(`${landed.url.origin}${landed.url.pathname}`).toBe(`${app}/protected`);
    expect(landed.url.searchParams.has("code")).toBe(false);
    expect(landed.response.status).toBe(200);
    const { access, id } = (await landed.response.json()) as Record<string, Record<string, unknown>>;
    expect(access).toMatchObject({
      typ: "Bearer",
      iss: idp.issuer,
      azp: "test-ui",
      preferred_username: "alice",
      email: "alice@example.org",
      name: "Alice Liddell",
      realm_access: { roles: ["de-users"] },
      entitlement: ["de-users"],
    });
    expect(id).toMatchObject({ typ: "ID", aud: "test-ui", preferred_username: "alice" });

    // Signed in at the realm, a new session of the app learns who it is by prompt=none, without the sign-in page.
    browser.forgetCookies(app);
    const silent: URL[] = [];
    const again = await browser.follow(`${app}/anonymous`, silent);
    expect(await again.response.json()).toEqual({ signedIn: true });
    const check = silent.find((address) => address.href.startsWith(`${idp.issuer}/protocol/openid-connect/auth?`));
    expect(check?.searchParams.get("prompt")).toBe("none");

    // keycloak-connect's /logout ends the session at the realm too and comes back to the app.
    const visited: URL[] = [];
    await browser.follow(`${app}/logout`, visited);
    const signOut = visited.find((address) => address.href.startsWith(`${idp.issuer}/protocol/openid-connect/logout?`));
    expect(signOut?.searchParams.get("post_logout_redirect_uri")).toBe(`${app}/`);
    expect(visited.at(-1)?.href).toBe(`${app}/`);
    const afterwards = await browser.follow(`${app}/anonymous`);
    expect(await afterwards.response.json()).toEqual({ signedIn: false });
  });

  it("keeps alice signed in past her access token's five minutes, refreshing it at the realm", async () => {
    const browser = new SignInBrowser();
    const toSignIn = await browser.follow(`${app}/protected`);
    const signedIn = await browser.pickUser(toSignIn.url, await toSignIn.response.text(), "alice");
    const first = (await (await browser.follow(signedIn.headers.get("location") ?? "")).response.json()) as {
      access: { jti: string; exp: number };
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime((first.access.exp + 60) * 1000);
      const visited: URL[] = [];
      const later = await browser.follow(`${app}/protected`, visited);
      expect(later.url.pathname).toBe("/protected");
      // Refreshed by the app itself: the browser was not sent to the realm again.
      expect(visited.map((address) => address.origin)).toEqual([app]);
      const { access } = (await later.response.json()) as { access: { jti: string; exp: number } };
      expect(access.jti).not.toBe(first.access.jti);
      expect(access.exp).toBeGreaterThan(first.access.exp);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers an anonymous page's prompt=none with login_required, and the page stays anonymous", async () => {
    const browser = new SignInBrowser();
    const seen: URL[] = [];
    const landed = await browser.follow(`${app}/anonymous`, seen);
    const check = seen.find((address) => address.href.startsWith(`${idp.issuer}/protocol/openid-connect/auth?`));
    expect(check?.searchParams.get("prompt")).toBe("none");
    const back = seen.find((address) => address.origin === app && address.searchParams.has("error"));
    // As Keycloak answers it (keycloak/keycloak#25584, with `iss` since #25588): no error_description, which
    // keycloak-connect would leave in the page's address (it strips only error, state and auth_callback).
    const state = check?.searchParams.get("state");
    expect([...(back?.searchParams ?? [])]).toEqual([
      ["auth_callback", "1"],
      ["error", "login_required"],
      ["state", state],
      ["iss", idp.issuer],
    ]);
    expect(`${landed.url.origin}${landed.url.pathname}`).toBe(`${app}/anonymous`);
    expect([...landed.url.searchParams.keys()]).toEqual(["iss"]);
    expect(await landed.response.json()).toEqual({ signedIn: false });
    expect(browser.hasCookies(new URL(idp.url).origin)).toBe(false);
  });
});
