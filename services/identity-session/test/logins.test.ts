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

async function get(url: string, username = "alice") {
  return service.app.inject({ method: "GET", url, headers: await service.as(username) });
}

/** Bootstraps as the web client does (no ip-address), from the given forwarded address. */
async function bootstrapFrom(address: string, username = "alice") {
  const response = await service.app.inject({
    method: "GET",
    url: "/secured/bootstrap",
    headers: { ...(await service.as(username)), "x-forwarded-for": address },
  });
  return response.json().session.login_time as number;
}

describe("GET /secured/logins (the web client's settings page: /api/logins?limit=)", () => {
  it("needs a token", async () => {
    expect((await service.app.inject({ method: "GET", url: "/secured/logins" })).statusCode).toBe(401);
  });

  it("lists the caller's recent logins, newest first, limited as asked, as the verified user", async () => {
    const times = [];
    for (const address of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) times.push(await bootstrapFrom(address));
    await bootstrapFrom("192.0.2.99", "bob");
    const response = await get("/secured/logins?limit=2&user=bob");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      logins: [
        { ip_address: "192.0.2.3", login_time: times[2] },
        { ip_address: "192.0.2.2", login_time: times[1] },
      ],
    });
    expect(service.platform.apps.recorder.to("GET", "/users/logins")[0]?.query).toMatchObject({
      user: "alice",
      limit: "2",
    });
  });

  it("lists five when no limit is given", async () => {
    for (let index = 1; index <= 6; index++) await bootstrapFrom(`192.0.2.${index}`);
    expect((await get("/secured/logins")).json().logins).toHaveLength(5);
  });

  it.each([["0"], ["-1"], ["many"]])("passes on the backend's 400 for limit=%s", async (limit) => {
    const response = await get(`/secured/logins?limit=${limit}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: expect.any(String), reason: expect.stringMatching(/limit/) });
  });

  it("answers 502 when the apps backend is down", async () => {
    await service.platform.apps.stop();
    try {
      expect((await get("/secured/logins")).statusCode).toBe(502);
    } finally {
      await service.platform.apps.start();
    }
  });
});
