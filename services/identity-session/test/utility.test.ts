import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp);
});
afterAll(() => service.close());

describe("unsecured utility endpoints", () => {
  it("GET / answers a plain-text welcome without a token", async () => {
    const response = await service.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/welcome/i);
  });

  it("GET /uuid answers a fresh UUID each time", async () => {
    const first = await service.app.inject({ method: "GET", url: "/uuid" });
    const second = await service.app.inject({ method: "GET", url: "/uuid" });
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.body).not.toBe(first.body);
  });

  it("an unknown path is a 404 with the error model, even without a token", async () => {
    const response = await service.app.inject({ method: "GET", url: "/no/such/thing" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.any(String) });
  });

  it("echoes a caller's request id and makes one otherwise", async () => {
    const given = await service.app.inject({ method: "GET", url: "/", headers: { "x-request-id": "trace-42" } });
    expect(given.headers["x-request-id"]).toBe("trace-42");
    const made = await service.app.inject({ method: "GET", url: "/" });
    expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("serves health, readiness and an OpenAPI document built from the route schemas", async () => {
    expect((await service.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect((await service.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    const openapi = (await service.app.inject({ method: "GET", url: "/openapi.json" })).json();
    expect(openapi.openapi).toBe("3.1.0");
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(["/", "/uuid", "/secured/sessions"]));
  });
});
