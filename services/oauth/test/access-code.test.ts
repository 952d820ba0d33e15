import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { API, pendingAuthorization, redirectUris, visit } from "./authorization.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const accessCodeUrl = (query: Record<string, string>, api = API) =>
  `/secured/oauth/access-code/${api}?${new URLSearchParams(query)}`;

async function redeem(username: string, query: Record<string, string>, api = API) {
  return service.app.inject({ method: "GET", url: accessCodeUrl(query, api), headers: await service.as(username) });
}

const oauth = () => service.platform.apps.state.oauth;
const accessCodeCalls = () => service.platform.apps.recorder.to("GET", /^\/oauth\/access-code\//);

describe("GET /secured/oauth/access-code/:apiName", () => {
  it("needs a token: 401 with the error model", async () => {
    const { state, code } = pendingAuthorization(service.platform, "alice", "");
    const response = await service.app.inject({ method: "GET", url: accessCodeUrl({ code, state }) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
    expect(accessCodeCalls()).toHaveLength(0);
  });

  it("returns the stored state info, stores the token for the user and API, and a second use of the state fails", async () => {
    const stateInfo = JSON.stringify({ window: "apps", app_id: "wc-1.00" });
    const { state, code } = pendingAuthorization(service.platform, "alice", stateInfo);
    const before = Date.now();

    const redeemed = await redeem("alice", { code, state });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual({ state_info: stateInfo });

    const token = oauth().store.accessToken("alice", API);
    expect(token).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const lifetimeMs = oauth().server.tokenLifetimeSeconds * 1000;
    expect(token?.expiresAt).toBeGreaterThanOrEqual(before + lifetimeMs);
    expect(token?.expiresAt).toBeLessThanOrEqual(Date.now() + lifetimeMs);
    expect(oauth().store.authorizationRequests.has(state)).toBe(false);

    const again = await redeem("alice", { code, state });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: expect.stringMatching(/not found/),
    });
    expect(oauth().store.accessToken("alice", API)).toEqual(token);
  });

  it("forwards code and state to the apps backend with the caller's identity, never the one sent as a parameter", async () => {
    const { state, code } = pendingAuthorization(service.platform, "alice", "from-alice");
    const redeemed = await redeem("alice", { code, state, user: "bob", email: "bob@example.org" });
    expect(redeemed.statusCode).toBe(200);
    expect(accessCodeCalls().map((call) => call.path)).toEqual([`/oauth/access-code/${API}`]);
    expect(accessCodeCalls()[0]?.query).toEqual({
      code,
      state,
      user: "alice",
      email: "alice@example.org",
      "first-name": "Alice",
      "last-name": "Liddell",
    });
    expect(oauth().store.accessToken("bob", API)).toBeUndefined();
  });

  it("runs the whole procedure from the backend's authorization URL to a stored token", async () => {
    const uris = await redirectUris(service.platform, "alice");
    const authorizationUrl = new URL(uris[API] ?? "");
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      response_type: "code",
      client_id: expect.any(String),
      redirect_uri: expect.stringMatching(new RegExp(`/oauth/callback/${API}$`)),
      state: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    const callback = await visit(authorizationUrl.toString());
    expect(callback.pathname).toBe(`/oauth/callback/${API}`);
    const code = callback.searchParams.get("code") ?? "";
    const state = callback.searchParams.get("state") ?? "";
    expect(state).toBe(authorizationUrl.searchParams.get("state"));

    const redeemed = await redeem("alice", { code, state });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual({ state_info: "" });
    const exchange = service.platform.apps.recorder.to("POST", "/oauth-server/token");
    expect(exchange.map((call) => call.body)).toEqual([
      {
        grant_type: "authorization_code",
        code,
        redirect_uri: authorizationUrl.searchParams.get("redirect_uri"),
        client_id: authorizationUrl.searchParams.get("client_id"),
      },
    ]);
    expect(oauth().store.accessToken("alice", API)).toBeDefined();
    expect(await redirectUris(service.platform, "alice")).toEqual({});
  });

  it("a user who denies at the OAuth server gets no code back, only the error and the state", async () => {
    const uris = await redirectUris(service.platform, "alice");
    const callback = await visit(uris[API] ?? "", "deny");
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("code")).toBeNull();
    expect(callback.searchParams.get("state")).toBe(new URL(uris[API] ?? "").searchParams.get("state"));
  });

  it("bob cannot redeem alice's state, and alice still can afterwards", async () => {
    const { state, code } = pendingAuthorization(service.platform, "alice", "alice's window");
    const bobs = await redeem("bob", { code, state });
    expect(bobs.statusCode).toBe(400);
    expect(bobs.json()).toMatchObject({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: expect.stringMatching(/wrong user/),
    });
    expect(oauth().store.accessToken("bob", API)).toBeUndefined();
    expect(service.platform.apps.recorder.to("POST", "/oauth-server/token")).toHaveLength(0);

    const alices = await redeem("alice", { code, state });
    expect(alices.statusCode).toBe(200);
    expect(alices.json()).toEqual({ state_info: "alice's window" });
  });

  it("an unknown state gives 400 JSON and no token", async () => {
    const { code } = pendingAuthorization(service.platform, "alice", "");
    const response = await redeem("alice", { code, state: crypto.randomUUID() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD", reason: expect.any(String) });
    expect(oauth().store.accessToken("alice", API)).toBeUndefined();
  });

  it("a code the OAuth server refuses gives 400 JSON, stores no token and uses the state up", async () => {
    const { state } = pendingAuthorization(service.platform, "alice", "");
    const refused = await redeem("alice", { code: "not-a-code-the-server-issued", state });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error_code: "ERR_BAD_REQUEST",
      reason: expect.stringMatching(/refused the authorization code/),
      oauth_error: "invalid_grant",
    });
    expect(oauth().store.accessToken("alice", API)).toBeUndefined();
    expect(oauth().store.authorizationRequests.has(state)).toBe(false);
  });

  it("an authorization code works once: brought again with a fresh state, the OAuth server refuses it", async () => {
    const first = pendingAuthorization(service.platform, "alice", "");
    expect((await redeem("alice", first)).statusCode).toBe(200);
    const token = oauth().store.accessToken("alice", API);
    const state = oauth().store.storeAuthorizationRequest("alice", "");
    const reused = await redeem("alice", { code: first.code, state });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", oauth_error: "invalid_grant" });
    expect(oauth().store.accessToken("alice", API)).toEqual(token);
  });

  it("a code issued for another redirect_uri is refused too", async () => {
    const client = oauth().store.apis.get(API);
    const state = oauth().store.storeAuthorizationRequest("alice", "");
    const code = oauth().server.issueCode(client?.clientId ?? "", "https://elsewhere.example.org/callback");
    const refused = await redeem("alice", { code, state });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", oauth_error: "invalid_grant" });
    expect(oauth().store.accessToken("alice", API)).toBeUndefined();
  });

  it("the platform's own OAuth failures give 502, never a 401 the caller would take for its own", async () => {
    let pending = pendingAuthorization(service.platform, "alice", "");
    oauth().server.clients.clear();
    const revoked = await redeem("alice", pending);
    expect(revoked.statusCode).toBe(502);
    expect(revoked.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", oauth_error: "invalid_client" });

    service.platform.reset();
    pending = pendingAuthorization(service.platform, "alice", "");
    service.platform.apps.faults.set({ mode: "html-500", path: "^/oauth-server/token$" });
    const broken = await redeem("alice", pending);
    expect(broken.statusCode).toBe(502);
    expect(broken.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", backend_status: 500 });
    expect(oauth().store.accessToken("alice", API)).toBeUndefined();
  });

  it("answers 504 when the token exchange hangs, 502 when the apps backend is down and 504 when it hangs", async () => {
    service.platform.apps.faults.set({ mode: "hang", path: "^/oauth-server/token$" });
    const slowExchange = await redeem("alice", pendingAuthorization(service.platform, "alice", ""));
    expect(slowExchange.statusCode).toBe(504);
    expect(slowExchange.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });

    service.platform.apps.faults.clear();
    const pending = pendingAuthorization(service.platform, "alice", "");
    await service.platform.apps.stop();
    try {
      const down = await redeem("alice", pending);
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service.platform.apps.start();
    }
    service.platform.apps.faults.set({ mode: "hang", path: "^/oauth/access-code/" });
    const hung = await redeem("alice", pending);
    expect(hung.statusCode).toBe(504);
    expect(hung.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });

  it("answers 502 when the apps backend succeeds without the state info", async () => {
    for (const body of [{}, { state_info: 7 }, []]) {
      service.platform.apps.faults.set({ mode: "json-200", path: "^/oauth/access-code/", body });
      const answer = await redeem("alice", pendingAuthorization(service.platform, "alice", ""));
      expect([answer.statusCode, answer.json()]).toEqual([
        502,
        { error_code: "ERR_BAD_GATEWAY", reason: "the apps backend answered the access-code call without state_info" },
      ]);
    }
  });

  it.each([
    ["code missing", (state: string) => ({ state })],
    ["code blank", (state: string) => ({ code: "  ", state })],
    ["state missing", () => ({ code: "abc" })],
    ["state not a UUID", () => ({ code: "abc", state: "not-a-uuid" })],
    ["state a UUID with extra text", (state: string) => ({ code: "abc", state: `${state}x` })],
    ["state a URN rather than a UUID", (state: string) => ({ code: "abc", state: `urn:uuid:${state}` })],
  ])("rejects a request with %s: 400 JSON, nothing sent to the backend", async (_case, query) => {
    const { state } = pendingAuthorization(service.platform, "alice", "");
    const response = await redeem("alice", query(state));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    expect(accessCodeCalls()).toHaveLength(0);
    expect(oauth().store.authorizationRequests.has(state)).toBe(true);
  });

  it("rejects an API name it does not support: 400 JSON naming the supported ones, nothing sent to the backend", async () => {
    const { state, code } = pendingAuthorization(service.platform, "alice", "");
    const response = await redeem("alice", { code, state }, "dropbox");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error_code: "ERR_BAD_REQUEST",
      api_name: "dropbox",
      supported_api_names: [API],
    });
    expect(accessCodeCalls()).toHaveLength(0);
    expect(oauth().store.authorizationRequests.has(state)).toBe(true);
  });
});

describe("an API name the gateway accepts but the apps backend does not know", () => {
  let wider: ServiceUnderTest;
  beforeAll(async () => {
    wider = await startServiceUnderTest(Config, buildApp, { OAUTH_API_NAMES: `${API}, agave` });
  });
  afterAll(() => wider.close());

  it("passes the backend's 400 JSON on", async () => {
    const { state, code } = pendingAuthorization(wider.platform, "alice", "");
    const response = await wider.app.inject({
      method: "GET",
      url: `/secured/oauth/access-code/agave?${new URLSearchParams({ code, state })}`,
      headers: await wider.as("alice"),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: "unknown API name: agave",
    });
    expect(wider.platform.apps.state.oauth.store.authorizationRequests.has(state)).toBe(true);
  });
});

describe("GET /oauth/access-code/:apiName (the web client's callback page)", () => {
  it("redeems the code as the /secured name does, and refuses the same bad input", async () => {
    const { state, code } = pendingAuthorization(service.platform, "alice", "root");
    const url = (query: Record<string, string>) => `/oauth/access-code/${API}?${new URLSearchParams(query)}`;
    const redeemed = await service.app.inject({
      method: "GET",
      url: url({ code, state }),
      headers: await service.as("alice"),
    });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual({ state_info: "root" });
    const malformed = await service.app.inject({
      method: "GET",
      url: url({ code, state: "not-a-uuid" }),
      headers: await service.as("alice"),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
  });
});
