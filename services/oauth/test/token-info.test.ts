import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { API, visit } from "./authorization.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

async function call(method: "GET" | "DELETE", url: string, username?: string) {
  return service.app.inject({ method, url, headers: username ? await service.as(username) : {} });
}

/**
 * The web client's authorization round: its settings page reads the redirect URIs, the browser visits one, and the
 * callback page hands code and state to `/oauth/access-code/{api}` (the root name its oauth.js calls).
 */
async function authorize(username: string) {
  const uris = (await call("GET", "/secured/oauth/redirect-uris", username)).json();
  const back = await visit(uris[API]);
  const code = back.searchParams.get("code") ?? "";
  const state = back.searchParams.get("state") ?? "";
  return call("GET", `/oauth/access-code/${API}?code=${encodeURIComponent(code)}&state=${state}`, username);
}

describe("OAuth redirect URIs and token info", () => {
  it("offers the authorization URL while alice holds no token, and none once she does (both names)", async () => {
    for (const url of ["/secured/oauth/redirect-uris", "/oauth/redirect-uris"]) {
      const response = await call("GET", url, "alice");
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json())).toEqual([API]);
      expect(new URL(response.json()[API]).searchParams.get("response_type")).toBe("code");
    }
    const redeemed = await authorize("alice");
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual({ state_info: "" });
    expect((await call("GET", "/secured/oauth/redirect-uris", "alice")).json()).toEqual({});
    expect(Object.keys((await call("GET", "/oauth/redirect-uris", "bob")).json())).toEqual([API]);
  });

  it("reads the token's expiry and API, never the token, and deletes it as the settings page does", async () => {
    await authorize("alice");
    const stored = service.platform.apps.state.oauth.store.accessToken("alice", API);
    for (const url of [`/secured/oauth/token-info/${API}`, `/oauth/token-info/${API}`]) {
      const info = await call("GET", `${url}?user=bob`, "alice");
      expect(info.statusCode).toBe(200);
      expect(info.json()).toEqual({ expires_at: stored?.expiresAt, webapp: API });
    }
    // sonora's resetToken: DELETE /secured/oauth/token-info/{systemId}
    const removed = await call("DELETE", `/secured/oauth/token-info/${API}`, "alice");
    expect(removed.statusCode).toBe(200);
    const gone = await call("GET", `/secured/oauth/token-info/${API}`, "alice");
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: "access token not found", api_name: API });
    expect((await call("DELETE", `/oauth/token-info/${API}`, "alice")).statusCode).toBe(404);
    expect(Object.keys((await call("GET", "/oauth/redirect-uris", "alice")).json())).toEqual([API]);
  });

  it("answers 404 for a token of an API nobody authorized", async () => {
    const response = await call("GET", "/secured/oauth/token-info/elsewhere", "alice");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
  });

  it("lets carol (an administrator) read and delete another user's whole token; others get 403", async () => {
    await authorize("alice");
    const stored = service.platform.apps.state.oauth.store.accessToken("alice", API);
    const url = `/admin/oauth/token-info/${API}?proxy-user=alice`;
    expect((await call("GET", url, "bob")).statusCode).toBe(403);
    const info = await call("GET", url, "carol");
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      access_token: stored?.accessToken,
      refresh_token: stored?.refreshToken,
      expires_at: stored?.expiresAt,
      webapp: API,
    });
    expect((await call("GET", `/admin/oauth/token-info/${API}`, "carol")).statusCode).toBe(404);
    expect((await call("DELETE", url, "bob")).statusCode).toBe(403);
    expect((await call("DELETE", url, "carol")).statusCode).toBe(200);
    expect(service.platform.apps.state.oauth.store.accessToken("alice", API)).toBeUndefined();
  });

  it("needs a token everywhere", async () => {
    for (const url of [
      "/oauth/redirect-uris",
      `/oauth/token-info/${API}`,
      `/oauth/access-code/${API}?code=x&state=y`,
    ]) {
      expect((await call("GET", url)).statusCode, url).toBe(401);
    }
  });

  it("answers 502 when the apps backend is down", async () => {
    await service.platform.apps.stop();
    try {
      expect((await call("GET", `/secured/oauth/token-info/${API}`, "alice")).statusCode).toBe(502);
    } finally {
      await service.platform.apps.start();
    }
  });
});
