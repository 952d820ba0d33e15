import { Type } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createService, DEFAULT_MAX_ITEMS, GatewayError, REDACTED, redactedUrl, type Service } from "../src/index.js";

const lines: string[] = [];
let app: Service;
beforeAll(async () => {
  app = await createService({
    name: "limits-fixture",
    logLevel: "info",
    logStream: { write: (line) => lines.push(line) },
  });
  const Names = Type.Array(Type.String());
  app.get(
    "/names",
    { config: { auth: "none" }, schema: { querystring: Type.Object({ name: Type.Optional(Names) }) } },
    async (request) => ({ count: request.query.name?.length ?? 0 }),
  );
  app.post(
    "/batch",
    {
      config: { auth: "none" },
      schema: {
        body: Type.Object({
          paths: Type.Array(Type.String()),
          nested: Type.Optional(Type.Object({ ids: Type.Union([Type.Array(Type.Integer()), Type.Null()]) })),
          few: Type.Optional(Type.Array(Type.String(), { maxItems: 3 })),
        }),
      },
    },
    async (request) => ({ count: request.body.paths.length }),
  );
  app.get("/callback", { config: { auth: "none" } }, async () => ({ ok: true }));
  app.get("/backend-failed", { config: { auth: "none" } }, async () => {
    throw new GatewayError(502, "the apps backend failed (status 500)", "ERR_BAD_GATEWAY", {
      backend_status: 500,
      backend_response: "java.sql.SQLException at db-7.internal",
    });
  });
});
afterAll(() => app.close());

const many = (count: number) => Array.from({ length: count }, (_, index) => `n${index}`);

describe("arrays in requests", () => {
  it("refuses a query array beyond the default bound with 400, and takes one within it", async () => {
    const query = (count: number) =>
      many(count)
        .map((name) => `name=${name}`)
        .join("&");
    const within = await app.inject({ url: `/names?${query(DEFAULT_MAX_ITEMS)}` });
    expect(within.json()).toEqual({ count: DEFAULT_MAX_ITEMS });
    const beyond = await app.inject({ url: `/names?${query(DEFAULT_MAX_ITEMS + 1)}` });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringMatching(/name/) });
  });

  it("bounds every array of a body, nested and in unions, keeping a route's own smaller bound", async () => {
    const post = (payload: unknown) => app.inject({ method: "POST", url: "/batch", payload: payload as object });
    expect((await post({ paths: many(DEFAULT_MAX_ITEMS) })).statusCode).toBe(200);
    for (const payload of [
      { paths: many(DEFAULT_MAX_ITEMS + 1) },
      { paths: [], nested: { ids: Array.from({ length: DEFAULT_MAX_ITEMS + 1 }, (_, index) => index) } },
      { paths: [], few: many(4) },
    ]) {
      const refused = await post(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
  });

  it("states the bounds in the OpenAPI document", async () => {
    await app.ready();
    const operation = app.swagger().paths?.["/names"]?.get as {
      parameters?: Array<{ schema?: { maxItems?: number } }>;
    };
    expect(operation.parameters?.[0]?.schema?.maxItems).toBe(DEFAULT_MAX_ITEMS);
  });
});

describe("log lines", () => {
  it("never carry the value of a credential-bearing query parameter", async () => {
    lines.length = 0;
    const secret = "SplxlOBeZQQYbYS6WxSbIA";
    await app.inject({
      url: `/callback?code=${secret}&state=${secret}2&Token=${secret}3&ticket=${secret}4&access_token=${secret}5&page=2`,
    });
    const logged = lines.join("\n");
    expect(logged).toContain("/callback?code=[REDACTED]&state=[REDACTED]&Token=[REDACTED]");
    expect(logged).toContain("page=2");
    expect(logged).not.toContain(secret);
  });

  it("redact the value, whatever the parameter's spelling, leaving the rest of the URL as it came", () => {
    expect(redactedUrl("/a?%63ode=x&b=%20y&code")).toBe(`/a?%63ode=${REDACTED}&b=%20y&code=${REDACTED}`);
    expect(redactedUrl("/plain/path")).toBe("/plain/path");
  });
});

describe("a backend's failure", () => {
  it("answers the request id, never the backend's answer, which only the log holds", async () => {
    lines.length = 0;
    const response = await app.inject({ url: "/backend-failed" });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error_code: "ERR_BAD_GATEWAY",
      reason: "the apps backend failed (status 500)",
      backend_status: 500,
      request_id: response.headers["x-request-id"],
    });
    expect(lines.join("\n")).toContain("db-7.internal");
  });
});
