import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SignInBrowser } from "../src/idp/browser.js";
import { createIdentityProvider, type IdentityProvider } from "../src/idp/index.js";

/** Every refusal of the realm is the OAuth error the specifications name, never a server error. */
const REDIRECT = "http://localhost:3000/callback";
const UI_BASIC = `Basic ${Buffer.from("de-ui:de-ui-secret").toString("base64")}`;
let idp: IdentityProvider;

beforeAll(async () => {
  idp = await createIdentityProvider({ issuerAtOwnAddress: true }).start();
});
afterAll(() => idp.stop());
afterEach(() => {
  vi.useRealTimers();
});

const endpoint = (name: string) => `${idp.issuer}/protocol/openid-connect/${name}`;

function authorizationUrl(parameters: Record<string, string> = {}): URL {
  const url = new URL(endpoint("auth"));
  const defaults = { client_id: "de-ui", redirect_uri: REDIRECT, response_type: "code", scope: "openid", state: "st" };
  for (const [name, value] of Object.entries({ ...defaults, ...parameters })) url.searchParams.set(name, value);
  return url;
}

/** A code for alice, through the sign-in page. */
async function codeFor(parameters: Record<string, string> = {}): Promise<string> {
  const url = authorizationUrl(parameters);
  const browser = new SignInBrowser();
  const answer = await browser.pickUser(url, await (await browser.open(url)).text(), "alice");
  const code = new URL(answer.headers.get("location") ?? "").searchParams.get("code");
  if (!code) throw new Error("no code");
  return code;
}

/** A token request with the client authentication given (de-ui's by Basic unless told), or none (null). */
async function tokenRequest(form: Record<string, string>, authorization: string | null = UI_BASIC) {
  const response = await fetch(endpoint("token"), {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(authorization ? { authorization } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const refused = (status: number, error: string) => ({
  status,
  body: { error, error_description: expect.any(String) },
});

describe("the token endpoint refuses", () => {
  it("an unknown client, a wrong secret or none, by Basic or in the form: invalid_client", async () => {
    const grant = { grant_type: "authorization_code", code: "x", redirect_uri: REDIRECT };
    const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
    expect(await tokenRequest(grant, basic("nobody", "x"))).toEqual(refused(401, "invalid_client"));
    expect(await tokenRequest(grant, basic("de-ui", "wrong"))).toEqual(refused(401, "invalid_client"));
    expect(await tokenRequest({ ...grant, client_id: "de-ui", client_secret: "wrong" }, null)).toEqual(
      refused(401, "invalid_client"),
    );
    expect(await tokenRequest({ ...grant, client_id: "de-ui" }, null)).toEqual(refused(401, "invalid_client"));
    expect(await tokenRequest(grant, null)).toEqual(refused(401, "invalid_client"));
    expect(await tokenRequest(grant, "Bearer abc")).toEqual(refused(401, "invalid_client"));
  });

  it("a request without grant_type or code (invalid_request), an unknown grant (unsupported_grant_type)", async () => {
    expect(await tokenRequest({ code: "x" })).toEqual(refused(400, "invalid_request"));
    expect(await tokenRequest({ grant_type: "authorization_code" })).toEqual(refused(400, "invalid_request"));
    expect(await tokenRequest({ grant_type: "password", username: "alice" })).toEqual(
      refused(400, "unsupported_grant_type"),
    );
  });

  it("a body that is no form or empty, a repeated parameter: invalid_request", async () => {
    const asJson = await fetch(endpoint("token"), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: UI_BASIC },
      body: JSON.stringify({ grant_type: "client_credentials", nested: { a: 1 } }),
    });
    expect(asJson.status).toBe(400);
    expect(await asJson.json()).toMatchObject({ error: "invalid_request" });
    const asText = await fetch(endpoint("token"), {
      method: "POST",
      headers: { "content-type": "text/plain", authorization: UI_BASIC },
      body: "grant_type=client_credentials",
    });
    expect(asText.status).toBe(400);
    expect(await asText.json()).toMatchObject({ error: "invalid_request" });
    const noTypeOrForm: Record<string, string>[] = [{}, { "content-type": "application/x-www-form-urlencoded" }];
    for (const headers of noTypeOrForm) {
      const empty = await fetch(endpoint("token"), {
        method: "POST",
        headers: { ...headers, authorization: UI_BASIC },
      });
      expect(empty.status).toBe(400);
      expect(await empty.json()).toMatchObject({ error: "invalid_request" });
    }
    const repeated = await fetch(endpoint("token"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: UI_BASIC },
      body: "grant_type=refresh_token&grant_type=password",
    });
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toMatchObject({ error: "invalid_request" });
  });

  it("a code used twice, for another redirect address, or past its minute: invalid_grant", async () => {
    const code = await codeFor();
    const exchange = { grant_type: "authorization_code", code, redirect_uri: REDIRECT };
    expect((await tokenRequest(exchange)).status).toBe(200);
    expect(await tokenRequest(exchange)).toEqual(refused(400, "invalid_grant"));

    const elsewhere = { grant_type: "authorization_code", code: await codeFor(), redirect_uri: `${REDIRECT}/x` };
    expect(await tokenRequest(elsewhere)).toEqual(refused(400, "invalid_grant"));

    const late = { grant_type: "authorization_code", code: await codeFor(), redirect_uri: REDIRECT };
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await tokenRequest(late)).toEqual(refused(400, "invalid_grant"));
  });

  it("a code asked with a PKCE challenge but exchanged with the wrong verifier or none: invalid_grant", async () => {
    const challenge = { code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256" };
    const wrong = "a".repeat(43);
    const base = { grant_type: "authorization_code", redirect_uri: REDIRECT };
    expect(await tokenRequest({ ...base, code: await codeFor(challenge), code_verifier: wrong })).toEqual(
      refused(400, "invalid_grant"),
    );
    expect(await tokenRequest({ ...base, code: await codeFor(challenge) })).toEqual(refused(400, "invalid_grant"));
    const right = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    expect((await tokenRequest({ ...base, code: await codeFor(challenge), code_verifier: right })).status).toBe(200);
  });

  it("a tampered refresh token, an access token in its place, another client's: invalid_grant", async () => {
    const code = await codeFor();
    const { body } = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: REDIRECT });
    const refresh = String(body.refresh_token);
    const [header, payload, signature] = refresh.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: "carol" })).toString("base64url");
    const grant = (token: string) => ({ grant_type: "refresh_token", refresh_token: token });
    expect(await tokenRequest(grant(`${header}.${forged}.${signature}`))).toEqual(refused(400, "invalid_grant"));
    expect(await tokenRequest(grant("not-a-token"))).toEqual(refused(400, "invalid_grant"));
    expect(await tokenRequest(grant(String(body.access_token)))).toEqual(refused(400, "invalid_grant"));
    const updater = `Basic ${Buffer.from("qms-updater:qms-updater-secret").toString("base64")}`;
    expect(await tokenRequest(grant(refresh), updater)).toEqual(refused(400, "invalid_grant"));
    expect((await tokenRequest(grant(refresh))).status).toBe(200);
  });
});

describe("the authorization endpoint", () => {
  it("shows the refusal without redirecting for an unknown client, an unregistered redirect address or one with a fragment", async () => {
    const refusedRequests: Record<string, string>[] = [
      { client_id: "nobody" },
      { redirect_uri: "http://evil.example.org/callback" },
      { redirect_uri: "http://localhost:3000.evil.example.org/" },
      { redirect_uri: "" },
      // A fragment, which the redirect address must not have (RFC 6749 3.1.2, OpenID Connect Core 3.1.2.1).
      { redirect_uri: `${REDIRECT}#fragment` },
      { redirect_uri: `${REDIRECT}#` },
    ];
    for (const parameters of refusedRequests) {
      const answer = await new SignInBrowser().open(authorizationUrl(parameters));
      expect(answer.status).toBe(400);
      expect(answer.headers.get("location")).toBeNull();
      expect(await answer.text()).toContain("invalid_request");
    }
  });

  it("sends other refusals back to the client with its state", async () => {
    for (const [parameters, error] of [
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ code_challenge: "x".repeat(43), code_challenge_method: "S512" }, "invalid_request"],
      [{ code_challenge: "short", code_challenge_method: "S256" }, "invalid_request"],
      [{ response_mode: "form_post" }, "invalid_request"],
    ] as const) {
      const answer = await new SignInBrowser().open(authorizationUrl(parameters));
      expect(answer.status).toBe(302);
      const back = new URL(answer.headers.get("location") ?? "");
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
      expect(Object.fromEntries(back.searchParams)).toMatchObject({ error, state: "st", iss: idp.issuer });
    }
  });

  it("refuses a sign-in as someone who is no demo user, or for a redirect address changed in the form", async () => {
    const url = authorizationUrl();
    const browser = new SignInBrowser();
    const page = await (await browser.open(url)).text();
    const mallory = await browser.pickUser(url, page.replace('value="alice"', 'value="mallory"'), "mallory");
    expect(mallory.status).toBe(400);
    const moved = await browser.pickUser(url, page.replace(encodeURI(REDIRECT), "http://evil.example.org/"), "alice");
    expect(moved.status).toBe(400);
    expect(moved.headers.get("location")).toBeNull();
  });
});

describe("sign-out and userinfo", () => {
  it("refuse an unregistered address to return to and a hint that is no ID token of the realm", async () => {
    const logout = (parameters: Record<string, string>) => {
      const url = new URL(endpoint("logout"));
      for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
      return new SignInBrowser().open(url);
    };
    const away = await logout({ client_id: "de-ui", post_logout_redirect_uri: "http://evil.example.org/" });
    expect(away.status).toBe(400);
    expect(away.headers.get("location")).toBeNull();
    expect((await logout({ post_logout_redirect_uri: "http://localhost:3000/" })).status).toBe(400);
    expect(
      (await logout({ id_token_hint: "garbage", post_logout_redirect_uri: "http://localhost:3000/" })).status,
    ).toBe(400);
    expect((await logout({})).status).toBe(200);
  });

  it("answer invalid_token without an access token of the realm", async () => {
    const { body } = await tokenRequest({
      grant_type: "authorization_code",
      code: await codeFor(),
      redirect_uri: REDIRECT,
    });
    for (const authorization of [undefined, "Bearer nonsense", `Bearer ${String(body.refresh_token)}`]) {
      const answer = await fetch(endpoint("userinfo"), { headers: authorization ? { authorization } : {} });
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
      expect(await answer.json()).toMatchObject({ error: "invalid_token" });
    }
    const good = await fetch(endpoint("userinfo"), {
      headers: { authorization: `Bearer ${String(body.access_token)}` },
    });
    expect(await good.json()).toMatchObject({ preferred_username: "alice" });
  });
});
