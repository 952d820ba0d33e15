import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { buildService } from "@de-gateway/service-kit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { identitySession } from "../src/app.js";
import { Config } from "../src/config.js";

const lines: Array<Record<string, unknown>> = [];
let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(
    Config,
    (config) =>
      buildService("identity-session", identitySession, config, {
        logStream: { write: (line) => lines.push(JSON.parse(line)) },
      }),
    { BACKEND_TIMEOUT_MS: "300", LOG_LEVEL: "info" },
  );
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const IP = "198.51.100.23";

async function get(url: string, username = "alice", headers: Record<string, string> = {}) {
  return service.app.inject({ method: "GET", url, headers: { ...(await service.as(username)), ...headers } });
}

async function login(username = "alice", headers: Record<string, string> = {}): Promise<number> {
  const response = await get(`/secured/bootstrap?ip-address=${IP}`, username, headers);
  return response.json().session.login_time;
}

/** The logout lines the service wrote since `from`. */
const logoutsSince = (from: number) =>
  lines.slice(from).flatMap((line) => (line.msg === "logout" ? [line.logout] : []));

describe("GET /secured/logout", () => {
  it("needs a token", async () => {
    const response = await service.app.inject({ method: "GET", url: `/secured/logout?ip-address=${IP}&login-time=1` });
    expect(response.statusCode).toBe(401);
  });

  it("records the end of the session in the service's log, for the caller whatever `user` says; the apps backend keeps no logout times", async () => {
    const loginTime = await login();
    service.platform.apps.recorder.clear();
    const from = lines.length;
    const response = await get(`/secured/logout?ip-address=${IP}&login-time=${loginTime}&user=bob`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(logoutsSince(from)).toEqual([{ user: "alice", login_time: loginTime, ip_address: IP }]);
    expect(service.platform.apps.recorder.requests).toEqual([]);
  });

  it.each([
    ["login-time missing", `ip-address=${IP}`],
    ["login-time not a number", `ip-address=${IP}&login-time=yesterday`],
    ["login-time not an integer", `ip-address=${IP}&login-time=1.5`],
    ["login-time negative", `ip-address=${IP}&login-time=-3`],
    ["ip-address not an IP address", "ip-address=localhost&login-time=1700000000000"],
  ])("answers 400 when %s, recording nothing", async (_case, query) => {
    const from = lines.length;
    const response = await get(`/secured/logout?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    expect(logoutsSince(from)).toEqual([]);
  });

  it("without ip-address (the web client), records the address the front router saw, as bootstrap does", async () => {
    const forwarded = { "x-forwarded-for": "198.51.100.77" };
    const loginTime = await login("alice", forwarded);
    const from = lines.length;
    const response = await get(`/secured/logout?login-time=${loginTime}`, "alice", forwarded);
    expect(response.statusCode).toBe(200);
    expect(logoutsSince(from)).toEqual([{ user: "alice", login_time: loginTime, ip_address: "198.51.100.77" }]);
  });

  it("answers while the apps backend is down: nothing of the logout is asked of it", async () => {
    await service.platform.apps.stop();
    try {
      expect((await get(`/secured/logout?ip-address=${IP}&login-time=1700000000000`)).statusCode).toBe(200);
    } finally {
      await service.platform.apps.start();
    }
  });
});
