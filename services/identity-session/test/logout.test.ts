import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const IP = "198.51.100.23";

async function get(url: string, username = "alice") {
  return service.app.inject({ method: "GET", url, headers: await service.as(username) });
}

async function login(username = "alice"): Promise<number> {
  const response = await get(`/secured/bootstrap?ip-address=${IP}`, username);
  return response.json().session.login_time;
}

describe("GET /secured/logout", () => {
  it("needs a token", async () => {
    const response = await service.app.inject({ method: "GET", url: `/secured/logout?ip-address=${IP}&login-time=1` });
    expect(response.statusCode).toBe(401);
  });

  it("records the logout time on the login record bootstrap created, and on no other", async () => {
    const earlier = await login();
    const loginTime = await login();
    await login("bob");
    const response = await get(`/secured/logout?ip-address=${IP}&login-time=${loginTime}&user=bob`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    const logins = service.platform.apps.state.login.logins;
    expect(logins.find((entry) => entry.username === "alice" && entry.login_time === loginTime)).toMatchObject({
      ip_address: IP,
      logout_time: expect.any(Number),
    });
    expect(logins.find((entry) => entry.login_time === earlier)?.logout_time).toBeNull();
    expect(logins.find((entry) => entry.username === "bob")?.logout_time).toBeNull();
    expect(service.platform.apps.recorder.to("POST", "/users/logout")[0]?.query).toMatchObject({
      user: "alice",
      "ip-address": IP,
      "login-time": String(loginTime),
    });
  });

  it.each([
    ["login-time missing", `ip-address=${IP}`],
    ["login-time not a number", `ip-address=${IP}&login-time=yesterday`],
    ["login-time not an integer", `ip-address=${IP}&login-time=1.5`],
    ["login-time negative", `ip-address=${IP}&login-time=-3`],
    ["ip-address not an IP address", "ip-address=localhost&login-time=1700000000000"],
  ])("answers 400 when %s, without calling the apps backend", async (_case, query) => {
    const response = await get(`/secured/logout?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    expect(service.platform.apps.recorder.requests).toEqual([]);
  });

  it("without ip-address (the web client), uses the address the front router saw, as bootstrap does", async () => {
    const forwarded = { "x-forwarded-for": "198.51.100.77" };
    const bootstrapped = await service.app.inject({
      method: "GET",
      url: "/secured/bootstrap",
      headers: { ...(await service.as("alice")), ...forwarded },
    });
    const loginTime = bootstrapped.json().session.login_time;
    const response = await service.app.inject({
      method: "GET",
      url: `/secured/logout?login-time=${loginTime}`,
      headers: { ...(await service.as("alice")), ...forwarded },
    });
    expect(response.statusCode).toBe(200);
    expect(service.platform.apps.state.login.logins).toEqual([
      expect.objectContaining({ ip_address: "198.51.100.77", login_time: loginTime, logout_time: expect.any(Number) }),
    ]);
    expect(service.platform.apps.recorder.to("POST", "/users/logout")[0]?.query).toMatchObject({
      "ip-address": "198.51.100.77",
    });
  });

  it("answers 502 when the apps backend is down and 504 when it hangs", async () => {
    const url = `/secured/logout?ip-address=${IP}&login-time=1700000000000`;
    await service.platform.apps.stop();
    try {
      expect((await get(url)).statusCode).toBe(502);
    } finally {
      await service.platform.apps.start();
    }
    service.platform.apps.faults.set({ mode: "hang", path: "^/users/logout$" });
    const hung = await get(url);
    expect(hung.statusCode).toBe(504);
    expect(hung.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });
});
