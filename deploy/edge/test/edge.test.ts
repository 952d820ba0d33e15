import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { loadConfig, type Service } from "@de-gateway/service-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEdge, type EdgeConfig, edgeConfigSchema, loadEdgeRouting, upstreamsFrom } from "../src/index.js";
import { send } from "./client.js";
import { type Received, startUpstream } from "./upstream.js";

// The edge over real loopback sockets, in front of stand-in services that echo what reached them.
let edge: Service;
let port: number;
const upstreams: Array<Awaited<ReturnType<typeof startUpstream>>> = [];
// The notifications service is down: nothing listens at its address. A port below 1024, which the kernel never hands
// out for port 0, so no server of this run can take it and answer in its place. A stopped stand-in's ephemeral port
// can be handed out again, to another test's server or to the edge itself, which then sends the request round in a
// loop until it times out (a 504 where a 502 was due).
const DOWN_SERVICE_ORIGIN = "http://127.0.0.1:9";

beforeAll(async () => {
  const [groups, data, identity, apps, docs] = await Promise.all([
    startUpstream("groups"),
    startUpstream("data"),
    startUpstream("identity-session"),
    startUpstream("apps-proxy"),
    startUpstream("docs"),
  ]);
  upstreams.push(groups, data, identity, apps, docs);
  const routing = loadEdgeRouting();
  const config = loadConfig(edgeConfigSchema(routing.services), {
    UPSTREAM_GROUPS: groups.origin,
    UPSTREAM_DATA: `${data.origin}/`,
    UPSTREAM_IDENTITY_SESSION: identity.origin,
    UPSTREAM_APPS_PROXY: apps.origin,
    UPSTREAM_DOCS: docs.origin,
    UPSTREAM_NOTIFICATIONS: DOWN_SERVICE_ORIGIN,
    LOG_LEVEL: "silent",
    EDGE_UPSTREAM_TIMEOUT_MS: "500",
  }) as EdgeConfig;
  edge = await buildEdge({
    routing,
    upstreams: upstreamsFrom(routing.services, config),
    logLevel: config.LOG_LEVEL,
    upstreamTimeoutMs: config.EDGE_UPSTREAM_TIMEOUT_MS,
  });
  await edge.listen({ port: 0, host: "127.0.0.1" });
  port = (edge.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await edge?.close();
  await Promise.all(upstreams.map(({ app }) => app.close()));
});

const received = (answer: { json<T>(): T }) => answer.json<Received>();

describe("local edge", () => {
  it("delivers a team name with %3A unchanged to the groups service", async () => {
    const answer = await send(port, "GET", "/teams/alice%3Ateam1/members");
    expect(answer.status).toBe(200);
    expect(received(answer)).toMatchObject({ service: "groups", url: "/teams/alice%3Ateam1/members", method: "GET" });
  });

  it("delivers %2F and other reserved escapes unchanged", async () => {
    const dataPath = "/secured/filesystem/folder%2Fsub%2Ffile.txt/metadata";
    expect(received(await send(port, "GET", dataPath))).toMatchObject({ service: "data", url: dataPath });
    const iriPath = "/admin/ontologies/v1/http%3A%2F%2Fpurl.example.org%2Fonto.owl%23Term/apps";
    expect(received(await send(port, "GET", iriPath))).toMatchObject({ service: "apps-proxy", url: iriPath });
  });

  it("leaves the service's connection headers to itself, and closes when the caller asks it to", async () => {
    const answer = await send(port, "GET", "/teams/alice%3Ateam1/members", { headers: { connection: "close" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe("close");
    expect(answer.headers["keep-alive"]).toBeUndefined();
  });

  it("refuses a raw # in the request target, as Traefik does, and passes an encoded one on", async () => {
    const raw = await send(port, "GET", "/teams/a#b/members");
    expect(raw.status).toBe(400);
    expect(raw.json()).toEqual({
      error_code: "ERR_BAD_REQUEST",
      reason: "the request target holds a fragment (#), which is never sent",
    });
    expect(received(await send(port, "GET", "/teams/a%23b/members"))).toMatchObject({ url: "/teams/a%23b/members" });
  });

  it("keeps the query string byte for byte", async () => {
    // A raw ";" stays one: Traefik, with encodeQuerySemicolons, passes it on as %3B, which reads back the same.
    const target = "/secured/fileio/download?path=%2Fiplant%2Fhome%2Falice%2Fa%20b;v2.txt&x=a+b&y=it's&y=2";
    expect(received(await send(port, "GET", target))).toMatchObject({ service: "data", url: target });
  });

  it("routes the exact root and prefixes by Traefik's rules", async () => {
    expect(received(await send(port, "GET", "/")).service).toBe("identity-session");
    expect(received(await send(port, "GET", "/uuid")).service).toBe("identity-session");
    expect(received(await send(port, "DELETE", "/admin/apps/a1/comments/c1")).service).toBe("apps-proxy");
    expect(received(await send(port, "GET", "/secured/user-info?username=bob")).service).toBe("groups");
  });

  it("normalises the path as Traefik's entrypoint does before routing and forwarding", async () => {
    expect(received(await send(port, "GET", "/teams/./x/../alice%3ateam1//members"))).toMatchObject({
      service: "groups",
      url: "/teams/alice%3Ateam1/members",
    });
    expect(received(await send(port, "GET", "/secured/notifications/../../te%61ms")).url).toBe("/teams");
  });

  it("delivers the web client's /admin/apps/{system-id}/{app-id}//publish to apps-proxy as …/publish", async () => {
    const answer = await send(port, "POST", "/admin/apps/de/a1//publish", {
      headers: { "content-type": "application/json" },
      body: [Buffer.from("{}")],
    });
    expect(received(answer)).toMatchObject({ service: "apps-proxy", url: "/admin/apps/de/a1/publish", method: "POST" });
  });

  it("streams a request body larger than any parsing limit, unchanged", async () => {
    const chunks = Array.from({ length: 40 }, (_, index) => Buffer.alloc(128 * 1024, index));
    const digest = createHash("sha256");
    for (const chunk of chunks) digest.update(chunk);
    const answer = await send(port, "POST", "/secured/fileio/upload?dest=%2Fiplant%2Fhome%2Falice", {
      headers: { "content-type": "application/octet-stream" },
      body: chunks,
    });
    expect(answer.status).toBe(200);
    expect(received(answer)).toMatchObject({
      service: "data",
      method: "POST",
      url: "/secured/fileio/upload?dest=%2Fiplant%2Fhome%2Falice",
      bodyBytes: 40 * 128 * 1024,
      bodySha256: digest.digest("hex"),
    });
    expect(received(answer).headers["content-type"]).toBe("application/octet-stream");
  });

  it("accepts an upload announced with Expect: 100-continue, as curl sends large ones", async () => {
    const answer = await send(port, "POST", "/secured/fileio/upload", {
      headers: { "content-type": "application/octet-stream", expect: "100-continue" },
      body: [Buffer.alloc(64 * 1024, 1)],
    });
    expect(answer.status).toBe(200);
    expect(received(answer)).toMatchObject({ service: "data", bodyBytes: 64 * 1024 });
    expect(received(answer).headers.expect).toBeUndefined();
  });

  it("streams a large response back unchanged, with the service's headers", async () => {
    const answer = await send(port, "GET", "/secured/fileio/large-download");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/octet-stream");
    expect(answer.body.equals(Buffer.alloc(3 * 1024 * 1024, 7))).toBe(true);
  });

  it("passes the request id on and answers with it", async () => {
    const answer = await send(port, "GET", "/teams", { headers: { "x-request-id": "trace-42" } });
    expect(received(answer).headers["x-request-id"]).toBe("trace-42");
    expect(answer.headers["x-request-id"]).toBe("trace-42");
    const generated = await send(port, "GET", "/teams");
    expect(received(generated).headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("passes the caller's trace on untouched and starts none, as Traefik does when it records no spans", async () => {
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const answer = await send(port, "GET", "/teams", { headers: { traceparent, tracestate: "rojo=1" } });
    expect(received(answer).headers).toMatchObject({ traceparent, tracestate: "rojo=1" });
    const untraced = received(await send(port, "GET", "/teams")).headers;
    expect(untraced.traceparent).toBeUndefined();
    expect(untraced.tracestate).toBeUndefined();
  });

  it("routes /openapi.json and /docs to the docs service, and answers /metrics with 404, as Traefik does", async () => {
    expect(received(await send(port, "GET", "/openapi.json"))).toMatchObject({ service: "docs", url: "/openapi.json" });
    expect(received(await send(port, "GET", "/docs"))).toMatchObject({ service: "docs", url: "/docs" });
    const metrics = await send(port, "GET", "/metrics");
    expect(metrics.status).toBe(404);
    expect(metrics.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
  });

  it("sets X-Forwarded-* itself and drops the caller's", async () => {
    const answer = await send(port, "GET", "/teams", {
      headers: { host: "gateway.example.org", "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https" },
    });
    expect(received(answer).headers).toMatchObject({
      host: "gateway.example.org",
      "x-forwarded-host": "gateway.example.org",
      "x-forwarded-for": "127.0.0.1",
      "x-real-ip": "127.0.0.1",
      "x-forwarded-proto": "http",
      "x-forwarded-port": String(port),
    });
  });

  it("does not route paths only the internal entrypoint serves (POST /send-notification)", async () => {
    const answer = await send(port, "POST", "/send-notification", { body: [Buffer.from("{}")] });
    expect(answer.status).toBe(404);
    expect(answer.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
  });

  it("answers 404 JSON for a path no service owns", async () => {
    const answer = await send(port, "GET", "/nowhere/at/all");
    expect(answer.status).toBe(404);
    expect(answer.json()).toEqual({ error_code: "ERR_NOT_FOUND", reason: "no service serves /nowhere/at/all" });
  });

  it("answers 502 JSON when the owning service is down", async () => {
    const answer = await send(port, "GET", "/secured/notifications/messages");
    expect(answer.status).toBe(502);
    expect(answer.json()).toEqual({
      error_code: "ERR_BAD_GATEWAY",
      reason: "the notifications service is unreachable",
    });
  });

  it("answers 504 JSON when the owning service does not answer in time", async () => {
    const answer = await send(port, "GET", "/teams/slow");
    expect(answer.status).toBe(504);
    expect(answer.json()).toEqual({
      error_code: "ERR_GATEWAY_TIMEOUT",
      reason: "the groups service did not answer in time",
    });
  });

  it("routes an absolute-form target by its path, with the host it names", async () => {
    // What a client set up to use a proxy sends; Go's server, and so Traefik, takes the host from the target.
    const answer = await send(
      port,
      "GET",
      "HTTP://user:secret@gateway.example.org:8443/teams/alice%3Ateam1?details=1",
      {
        headers: { host: "other.example.org" },
      },
    );
    expect(answer.status).toBe(200);
    expect(received(answer)).toMatchObject({
      service: "groups",
      url: "/teams/alice%3Ateam1?details=1",
      headers: { host: "gateway.example.org:8443", "x-forwarded-host": "gateway.example.org:8443" },
    });
    for (const [target, url] of [
      ["http://gateway.example.org", "/"],
      ["http://gateway.example.org?x=1", "/?x=1"],
    ] as const) {
      const root = await send(port, "GET", target);
      expect(root.status, target).toBe(200);
      expect(received(root), target).toMatchObject({ service: "identity-session", url });
    }
    const backslashed = await send(port, "GET", "http://gateway.example.org/teams/a%5Cb");
    expect(backslashed.status).toBe(400);
    expect(backslashed.json()).toMatchObject({ reason: expect.stringContaining("%5C") });
  });

  it("answers OPTIONS * itself, as Go's server does, and routes no other request for *", async () => {
    const options = await send(port, "OPTIONS", "*");
    expect(options.status).toBe(200);
    expect(options.headers["content-length"]).toBe("0");
    expect(options.body.length).toBe(0);
    const get = await send(port, "GET", "*");
    expect(get.status).toBe(404);
    expect(get.json()).toEqual({ error_code: "ERR_NOT_FOUND", reason: "no service serves *" });
  });

  it("refuses escapes the entrypoint does not allow, and malformed paths, with 400 JSON", async () => {
    const backslash = await send(port, "GET", "/teams/a%5Cb");
    expect(backslash.status).toBe(400);
    expect(backslash.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringContaining("%5C") });
    for (const target of ["/teams/%ZZ", "/teams/%FF"]) {
      const answer = await send(port, "GET", target);
      expect(answer.status).toBe(400);
      expect(answer.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
  });
});
