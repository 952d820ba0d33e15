import { Readable } from "node:stream";
import { qualifiedUsername, type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildFixture, FixtureConfig } from "./gateway-fixture.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(FixtureConfig, buildFixture, {
    BACKEND_TIMEOUT_MS: "300",
    JSON_BODY_LIMIT: "2048",
  });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const notification = { type: "data", user: "alice", subject: "upload done" };
/** The notification service's refusal of a request without a field (model/main.go validate tags). */
const required = (field: string) =>
  `Key: 'V1NotificationRequest.${field}' Error:Field validation for '${field}' failed on the 'required' tag`;
const post = async (url: string, user: string) =>
  service.app.inject({ method: "POST", url, headers: await service.as(user), payload: notification });

describe("forward()", () => {
  it("sets the identity from the token and drops the one the caller sent, keeping other parameters", async () => {
    const response = await service.app.inject({
      method: "POST",
      url: "/send?user=bob&keep=1&user=carol",
      headers: { ...(await service.as("alice")), "x-request-id": "req-7" },
      payload: notification,
    });
    expect(response.statusCode).toBe(200);
    const [received] = service.platform.notifications.recorder.to("POST", "/notification");
    expect(received?.query).toEqual({ keep: "1", user: "alice" });
    expect(received?.body).toEqual(notification);
    expect(received?.headers.authorization).toBeUndefined();
    expect(received?.headers["x-request-id"]).toBe("req-7");
  });

  it("sends a body Fastify parsed with the length of its re-encoding, not the caller's", async () => {
    // Spaces the re-encoding drops: with the caller's content-length the backend would wait for bytes never sent.
    const spaced = JSON.stringify(notification, null, 2);
    const response = await service.app.inject({
      method: "POST",
      url: "/send-parsed",
      headers: { ...(await service.as("alice")), "content-type": "application/json" },
      payload: spaced,
    });
    expect(response.statusCode).toBe(200);
    const [received] = service.platform.notifications.recorder.to("POST", "/notification");
    expect(received?.body).toEqual(notification);
    expect(received?.headers["content-length"]).toBe(String(JSON.stringify(notification).length));
    expect(received?.headers["content-type"]).toBe("application/json");
  });

  it("passes the caller's content negotiation and conditions on, and no other header of the caller's", async () => {
    const sent = {
      accept: "application/json",
      "accept-language": "de",
      "if-none-match": '"v1"',
      "if-modified-since": "Wed, 21 Oct 2026 07:28:00 GMT",
      range: "bytes=0-9",
      cookie: "session=secret",
      "x-forwarded-for": "10.0.0.1",
      "x-custom": "kept out",
    };
    const response = await service.app.inject({
      method: "GET",
      url: "/base-paths",
      headers: { ...(await service.as("alice")), ...sent },
    });
    expect(response.statusCode).toBe(200);
    const received = service.platform.fileInfo.recorder.to("GET", "/navigation/base-paths")[0]?.headers ?? {};
    for (const name of ["accept", "accept-language", "if-none-match", "if-modified-since", "range"] as const) {
      expect(received[name], name).toBe(sent[name]);
    }
    for (const name of ["cookie", "x-forwarded-for", "x-custom", "authorization"])
      expect(received[name], name).toBeUndefined();
    expect(received["x-request-id"]).toBe(response.headers["x-request-id"]);
    expect(received.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  it("drops a caller's identity parameter on unsecured routes too", async () => {
    await service.app.inject({ method: "POST", url: "/send-anonymously?user=bob", payload: notification });
    expect(service.platform.notifications.recorder.to("POST", "/notification")[0]?.query).toEqual({});
  });

  it("answers the notification service's {message} refusal in the error model with its status, a 5xx as the gateway's own error", async () => {
    const response = await service.app.inject({
      method: "POST",
      url: "/send",
      headers: await service.as("alice"),
      payload: { subject: "no type, no user" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const refusal = { message: `invalid request body: ${required("Type")}\n${required("User")}` };
    expect(response.json()).toEqual({
      error_code: "ERR_BAD_REQUEST",
      reason: refusal.message,
      backend_response: refusal,
    });

    service.platform.notifications.faults.set({ mode: "html-500" });
    const html = await post("/send", "alice");
    expect(html.statusCode).toBe(502);
    expect(html.headers["content-type"]).toMatch(/^application\/json/);
    expect(html.json()).toEqual({
      error_code: "ERR_BAD_GATEWAY",
      reason: "the notification backend answered with status 500",
      backend_status: 500,
      request_id: html.headers["x-request-id"],
    });
  });

  it("refuses a streamed body over the limit with 413, declared or chunked, and sends nothing", async () => {
    const headers = { ...(await service.as("alice")), "content-type": "application/json" };
    const big = JSON.stringify({ ...notification, padding: "x".repeat(4096) });
    const declared = await service.app.inject({ method: "POST", url: "/send", headers, payload: big });
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toMatchObject({ error_code: "ERR_REQUEST_TOO_LARGE" });

    const chunked = await service.app.inject({
      method: "POST",
      url: "/send",
      headers,
      payload: Readable.from([big.slice(0, 1500), big.slice(1500)]),
    });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json()).toMatchObject({ error_code: "ERR_REQUEST_TOO_LARGE" });
    expect(service.platform.notifications.recorder.to("POST", "/notification")).toEqual([]);
  });

  it("keeps an encoded value inside one backend path segment", async () => {
    service.platform.preferences.state.sessions.set(qualifiedUsername("a/b"), { nested: true });
    const response = await service.app.inject({
      method: "GET",
      url: `/session-of/${encodeURIComponent(qualifiedUsername("a/b"))}`,
      headers: await service.as("alice"),
    });
    expect(response.json()).toEqual({ nested: true });
    expect(service.platform.preferences.recorder.requests.at(-1)?.path).toBe(
      "/sessions/a%2Fb%40iplantcollaborative.org",
    );
  });

  it("never sends a path parameter that is a dot segment, by forward() or call(), raw or encoded", async () => {
    // The template refuses a value that is a dot segment once decoded; any path is checked as it is sent.
    const templated = ["..", ".", "%2E%2E", "%2e.", "%2E"].map(
      (name) => `/session-forward?name=${encodeURIComponent(name)}`,
    );
    for (const url of [...templated, "/session-read?name=..", "/session-read?name=."]) {
      const refused = await service.app.inject({ method: "GET", url, headers: await service.as("alice") });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_PATH" });
    }
    expect(service.platform.preferences.recorder.requests).toEqual([]);
  });

  it("answers 502 when the backend is down and 504 when it does not answer in time", async () => {
    const headers = await service.as("alice");
    await service.platform.notifications.stop();
    try {
      const down = await service.app.inject({ method: "POST", url: "/send", headers, payload: notification });
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({
        error_code: "ERR_BAD_GATEWAY",
        reason: expect.stringContaining("notification"),
      });
    } finally {
      await service.platform.notifications.start();
    }
    service.platform.notifications.faults.set({ mode: "hang" });
    const slow = await service.app.inject({ method: "POST", url: "/send", headers, payload: notification });
    expect(slow.statusCode).toBe(504);
    expect(slow.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });

  it("answers 504 when a small forwarded answer stops coming: it is read whole before anything is sent", async () => {
    service.platform.notifications.faults.set({ mode: "stall-body" });
    const stalled = await post("/send", "alice");
    expect(stalled.statusCode).toBe(504);
    expect(stalled.json()).toMatchObject({
      error_code: "ERR_GATEWAY_TIMEOUT",
      reason: expect.stringContaining("notification"),
    });
    // None of the broken answer's headers: its length would not fit the error.
    expect(stalled.headers["content-length"]).toBe(String(stalled.rawPayload.length));
  });

  it("cuts a large forwarded answer off when its body stops coming, rather than hold the caller", async () => {
    service.platform.notifications.faults.set({ mode: "stall-body", declaredBytes: 1024 * 1024 });
    const outcome = post("/send", "alice");
    // A large answer flows as it comes: its status went out with the backend's headers, so all that is left is to
    // end the broken answer.
    await expect(outcome).rejects.toThrow(/destroyed before completion/);
  });
});

describe("forward() from a backend that answers some mistakes with 500", () => {
  const basePaths = async (user: string) =>
    service.app.inject({ method: "GET", url: "/base-paths", headers: await service.as(user) });

  it("answers a 500 whose code means no mistake of the caller's as the backend failing", async () => {
    service.platform.fileInfo.faults.set({ mode: "json-500" });
    const failed = await basePaths("alice");
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      error_code: "ERR_BAD_GATEWAY",
      reason: "the file-info backend answered with status 500",
      backend_status: 500,
      request_id: failed.headers["x-request-id"],
    });
  });

  it("answers a refusal whose reason is a map of refused fields, or null, in the error model, its code and keys kept", async () => {
    const fields = { user: "missing-required-key" };
    service.platform.fileInfo.faults.set({
      mode: "json-status",
      status: 400,
      body: { error_code: "ERR_ILLEGAL_ARGUMENT", reason: fields },
    });
    const refused = await basePaths("alice");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error_code: "ERR_ILLEGAL_ARGUMENT",
      reason: "user: missing-required-key",
      backend_reason: fields,
    });
    // A 500 whose code means a 404 (clojure-commons' assert-found), thrown as a map without a reason.
    service.platform.fileInfo.faults.set({
      mode: "json-status",
      status: 500,
      body: { error_code: "ERR_DOES_NOT_EXIST", reason: null, path: "/iplant/home/alice/gone" },
    });
    const missing = await basePaths("alice");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error_code: "ERR_DOES_NOT_EXIST",
      reason: "the file-info backend answered with status 404",
      path: "/iplant/home/alice/gone",
    });
  });

  it("answers 504 when such an answer stops partway, rather than hold the caller", async () => {
    service.platform.fileInfo.faults.set({ mode: "stall-body", status: 500 });
    const stalled = await basePaths("alice");
    expect(stalled.statusCode).toBe(504);
    expect(stalled.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });
});

describe("call() and json()", () => {
  it("replaces an identity given as an override with the caller's and sends JSON", async () => {
    const response = await post("/notify-json", "bob");
    expect(response.statusCode).toBe(200);
    expect(service.platform.notifications.recorder.to("POST", "/notification")[0]?.query).toEqual({
      extra: "1",
      user: "bob",
    });
  });

  it("sends accept: application/json or the call's own, the request id and trace, none of the caller's headers", async () => {
    const response = await service.app.inject({
      method: "POST",
      url: "/notify-json",
      headers: { ...(await service.as("alice")), "x-custom": "kept out", accept: "text/html" },
      payload: notification,
    });
    expect(response.statusCode).toBe(200);
    const sent = service.platform.notifications.recorder.to("POST", "/notification")[0]?.headers ?? {};
    expect(sent.accept).toBe("application/json");
    expect(sent["content-type"]).toBe("application/json");
    expect(sent["x-request-id"]).toBe(response.headers["x-request-id"]);
    expect(sent.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    for (const name of ["authorization", "x-custom"]) expect(sent[name], name).toBeUndefined();

    const streamed = await service.app.inject({
      method: "GET",
      url: "/base-paths-as-text",
      headers: await service.as("alice"),
    });
    expect(streamed.json()).toEqual({ status: 200 });
    expect(service.platform.fileInfo.recorder.to("GET", "/navigation/base-paths")[0]?.headers.accept).toBe(
      "text/plain",
    );
  });

  it("acts as a service account only where the handler says so, never as a user the caller names", async () => {
    const response = await post("/notify-as-service?user=bob", "alice");
    expect(response.statusCode).toBe(200);
    expect(service.platform.notifications.recorder.to("POST", "/notification")[0]?.query).toEqual({
      user: "de_grouper",
    });
  });

  it("passes a backend's 4xx status to the client, its {message} as the reason", async () => {
    const response = await service.app.inject({
      method: "POST",
      url: "/notify-json",
      headers: await service.as("bob"),
      payload: { nothing: true },
    });
    expect(response.statusCode).toBe(400);
    const refusal = { message: `invalid request body: ${["Type", "User", "Subject"].map(required).join("\n")}` };
    expect(response.json()).toEqual({
      error_code: "ERR_BAD_REQUEST",
      reason: refusal.message,
      backend_response: refusal,
    });
  });

  it("answers 504 when the backend's answer stops partway", async () => {
    service.platform.notifications.faults.set({ mode: "stall-body" });
    const stalled = await post("/notify-json", "bob");
    expect(stalled.statusCode).toBe(504);
    expect(stalled.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });

  it("maps a hanging backend to 504 and an unconfigured one to a 500 without internals", async () => {
    service.platform.notifications.faults.set({ mode: "hang" });
    const slow = await post("/notify-json", "bob");
    expect(slow.statusCode).toBe(504);
    const unconfigured = await service.app.inject({
      method: "GET",
      url: "/unconfigured",
      headers: await service.as("bob"),
    });
    expect(unconfigured.statusCode).toBe(500);
    expect(unconfigured.json()).toEqual({
      error_code: "ERR_UNCHECKED_EXCEPTION",
      reason: expect.any(String),
      request_id: expect.any(String),
    });
    expect(unconfigured.body).not.toContain("at ");
  });
});

// A proxy's sign-in or maintenance page in front of the backend, not the backend's answer.
it.each(["/send", "/notify-json"])("answers 502 to an HTML page a backend answers with 200 (%s)", async (url) => {
  service.platform.notifications.faults.set({ mode: "html-200" });
  const page = await post(url, "alice");
  expect(page.statusCode).toBe(502);
  expect(page.headers["content-type"]).toMatch(/^application\/json/);
  expect(page.headers["set-cookie"]).toBeUndefined();
  expect(page.headers["x-request-id"]).toEqual(expect.any(String));
  expect(page.json()).toEqual({
    error_code: "ERR_BAD_GATEWAY",
    reason: "the notification backend answered with an HTML page, not its answer",
  });
  service.platform.notifications.faults.clear();
  expect((await post(url, "alice")).statusCode).toBe(200);
});

describe("a backend failing behind a custom handler", () => {
  it("answers 502 with the backend's status and the request id, its body kept for the log", async () => {
    service.platform.notifications.faults.set({ mode: "json-500" });
    const response = await post("/notify-json", "bob");
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error_code: "ERR_BAD_GATEWAY",
      reason: "the notification backend answered with status 500",
      backend_status: 500,
      request_id: response.headers["x-request-id"],
    });
  });
});
