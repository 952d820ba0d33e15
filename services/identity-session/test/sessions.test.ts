import {
  qualifiedUsername as qualified,
  type ServiceUnderTest,
  startServiceUnderTest,
} from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300", JSON_BODY_LIMIT: "2048" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const session = { openWindows: [{ tag: "data", path: "/iplant/home/alice" }], theme: "dark" };

describe("/secured/sessions", () => {
  it("needs a token: 401 with the error model", async () => {
    const response = await service.app.inject({ method: "GET", url: "/secured/sessions" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
  });

  it("stores any JSON and gives it back as saved", async () => {
    const headers = await service.as("alice");
    const saved = await service.app.inject({ method: "POST", url: "/secured/sessions", headers, payload: session });
    expect(saved.statusCode).toBe(200);
    const read = await service.app.inject({ method: "GET", url: "/secured/sessions", headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(session);
  });

  it("gives back any JSON, an object with a session key of its own and a list too, though user-info keeps only objects and unwraps a session key", async () => {
    const headers = await service.as("alice");
    for (const document of [{ session: { tab: 1 }, theme: "dark" }, [1, "two"], "text", null]) {
      const saved = await service.app.inject({
        method: "POST",
        url: "/secured/sessions",
        headers: { ...headers, "content-type": "application/json" },
        payload: JSON.stringify(document),
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual(document);
      const read = await service.app.inject({ method: "GET", url: "/secured/sessions", headers });
      expect(read.json()).toEqual(document);
    }
  });

  it("keeps each user's session apart", async () => {
    await service.app.inject({
      method: "POST",
      url: "/secured/sessions",
      headers: await service.as("alice"),
      payload: session,
    });
    const bobs = await service.app.inject({
      method: "GET",
      url: "/secured/sessions",
      headers: await service.as("bob"),
    });
    expect(bobs.statusCode).toBe(200);
    expect(bobs.json()).toEqual({});
  });

  it("DELETE removes the session, then GET answers {}; deleting again is silent", async () => {
    const headers = await service.as("alice");
    await service.app.inject({ method: "POST", url: "/secured/sessions", headers, payload: session });
    expect((await service.app.inject({ method: "DELETE", url: "/secured/sessions", headers })).statusCode).toBe(200);
    const read = await service.app.inject({ method: "GET", url: "/secured/sessions", headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({});
    expect((await service.app.inject({ method: "DELETE", url: "/secured/sessions", headers })).statusCode).toBe(200);
  });

  it("refuses a save without a body, keeping what is stored, and deletes with an empty JSON body", async () => {
    const headers = await service.as("alice");
    await service.app.inject({ method: "POST", url: "/secured/sessions", headers, payload: session });
    const json = { ...headers, "content-type": "application/json" };
    for (const request of [{ headers }, { headers: json, payload: "" }]) {
      const refused = await service.app.inject({ method: "POST", url: "/secured/sessions", ...request });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    }
    expect((await service.app.inject({ method: "GET", url: "/secured/sessions", headers })).json()).toEqual(session);
    const deleted = await service.app.inject({
      method: "DELETE",
      url: "/secured/sessions",
      headers: json,
      payload: "",
    });
    expect(deleted.statusCode).toBe(200);
    expect(service.platform.preferences.state.sessions.has(qualified("alice"))).toBe(false);
  });

  it("takes the user from the token, never from parameters", async () => {
    const headers = await service.as("alice");
    await service.app.inject({ method: "POST", url: "/secured/sessions?user=bob", headers, payload: session });
    const calls = service.platform.preferences.recorder.to("PUT", /^\/sessions\//);
    expect(calls.map((call) => call.path)).toEqual([`/sessions/${encodeURIComponent(qualified("alice"))}`]);
    expect(calls[0]?.query).toEqual({});
    expect(service.platform.preferences.state.sessions.has(qualified("bob"))).toBe(false);
  });

  it("rejects malformed JSON with 400 and an oversized body with 413, storing nothing", async () => {
    const headers = { ...(await service.as("alice")), "content-type": "application/json" };
    const malformed = await service.app.inject({
      method: "POST",
      url: "/secured/sessions",
      headers,
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    const big = await service.app.inject({
      method: "POST",
      url: "/secured/sessions",
      headers,
      payload: JSON.stringify({ blob: "x".repeat(4096) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error_code: "ERR_REQUEST_TOO_LARGE" });
    expect(service.platform.preferences.state.sessions.size).toBe(0);
  });

  it("answers 502 when the preferences backend is down and 504 when it hangs", async () => {
    const headers = await service.as("alice");
    await service.platform.preferences.stop();
    try {
      const down = await service.app.inject({ method: "GET", url: "/secured/sessions", headers });
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service.platform.preferences.start();
    }
    service.platform.preferences.faults.set({ mode: "hang" });
    const hung = await service.app.inject({ method: "GET", url: "/secured/sessions", headers });
    expect(hung.statusCode).toBe(504);
    expect(hung.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });

  it("answers 502 when the preferences backend succeeds with something that is not JSON, on a read and a save", async () => {
    const headers = await service.as("alice");
    for (const [mode, reason] of [
      ["garbled-200", "the preferences backend answered with something that is not JSON"],
      ["html-200", "the preferences backend answered with an HTML page, not its answer"],
    ] as const) {
      service.platform.preferences.faults.set({ mode });
      for (const request of [
        { method: "GET" as const, url: "/secured/sessions", headers },
        { method: "POST" as const, url: "/secured/sessions", headers, payload: session },
      ]) {
        const answer = await service.app.inject(request);
        expect([answer.statusCode, answer.json()], `${mode} ${request.method}`).toEqual([
          502,
          { error_code: "ERR_BAD_GATEWAY", reason },
        ]);
      }
    }
  });
});
