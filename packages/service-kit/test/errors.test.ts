import { Type } from "typebox";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createService, GatewayError, MAX_JSON_DEPTH, type Service } from "../src/index.js";

let app: Service;
beforeAll(async () => {
  app = await createService({ name: "errors-fixture", logLevel: "silent", bodyLimit: 64 });
  app.post(
    "/echo",
    {
      schema: {
        body: Type.Object({ name: Type.String() }),
        querystring: Type.Object({ n: Type.Optional(Type.Integer()) }),
      },
    },
    async (request) => request.body,
  );
  app.post(
    "/strict",
    {
      config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
      schema: { body: Type.Object({ path: Type.String() }) },
    },
    async (request) => request.body,
  );
  app.post("/document", { bodyLimit: 2 * 1024 * 1024 }, async (request) => request.body);
  app.delete("/bodiless", async (request) => ({ body: request.body ?? "none" }));
  app.get("/teapot", async () => {
    throw new GatewayError(409, "already brewing", "ERR_EXISTS", { count: 2 });
  });
  app.get("/items/:id", async (request) => ({ length: (request.params as { id: string }).id.length }));
  app.get("/bug", async () => {
    throw new Error("secret internal detail");
  });
  await app.ready();
});
afterAll(() => app.close());

describe("error model", () => {
  it("takes an empty JSON body as no body: bodiless calls pass, a route that needs one answers 400", async () => {
    const json = { "content-type": "application/json" };
    const bodiless = await app.inject({ method: "DELETE", url: "/bodiless", payload: "", headers: json });
    expect(bodiless.statusCode).toBe(200);
    expect(bodiless.json()).toEqual({ body: "none" });
    const needed = await app.inject({ method: "POST", url: "/echo", payload: " ", headers: json });
    expect(needed.statusCode).toBe(400);
    expect(needed.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringContaining("body") });
    const poisoned = await app.inject({
      method: "POST",
      url: "/echo",
      payload: '{"name":"a","__proto__":{"admin":true}}',
      headers: json,
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it("turns schema violations into 400 ERR_BAD_REQUEST naming the part", async () => {
    const body = await app.inject({ method: "POST", url: "/echo", payload: { name: 3 } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringContaining("body") });
    const query = await app.inject({ method: "POST", url: "/echo?n=x", payload: { name: "a" } });
    expect(query.json()).toMatchObject({
      error_code: "ERR_BAD_REQUEST",
      reason: expect.stringContaining("querystring"),
    });
  });

  it("uses the route's own code for schema violations where it declares one", async () => {
    const response = await app.inject({ method: "POST", url: "/strict", payload: { path: 3 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error_code: "ERR_BAD_OR_MISSING_FIELD",
      reason: expect.stringContaining("body"),
    });
  });

  it("answers malformed JSON with 400 and a too-large body with 413", async () => {
    const malformed = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    const large = await app.inject({ method: "POST", url: "/echo", payload: { name: "x".repeat(200) } });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ error_code: "ERR_REQUEST_TOO_LARGE" });
  });

  it("refuses JSON it could not pass on: nested too deep, or strings that are not Unicode text", async () => {
    const post = (payload: string) =>
      app.inject({ method: "POST", url: "/document", headers: { "content-type": "application/json" }, payload });
    const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
    expect((await post(nested(MAX_JSON_DEPTH))).statusCode).toBe(200);
    for (const payload of [nested(MAX_JSON_DEPTH + 1), `{"a":${nested(5000)}}`]) {
      const deep = await post(payload);
      expect(deep.statusCode).toBe(400);
      expect(deep.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringContaining("deeper") });
    }
    for (const payload of ['{"name":"a\\ud800"}', '{"a\\udc00":1}', '["ok",["\\ud83d"]]', '{"name":"\\uDBFF"}']) {
      const lone = await post(payload);
      expect(lone.statusCode).toBe(400);
      expect(lone.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringContaining("Unicode") });
    }
    const astral = await post('{"name":"\\ud83d\\ude00 ok"}');
    expect(astral.statusCode).toBe(200);
    expect(astral.json()).toEqual({ name: "\u{1F600} ok" });
    // A surrogate sent as bytes (CESU-8) is not Unicode either, but decoding makes it U+FFFD: nothing lone is left.
    const bytes = await app.inject({
      method: "POST",
      url: "/document",
      headers: { "content-type": "application/json" },
      payload: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
    });
    expect(bytes.statusCode).toBe(200);
    expect((bytes.json() as { name: string }).name.isWellFormed()).toBe(true);
  });

  it("refuses deep JSON before parsing it, counting only the brackets outside strings", async () => {
    const post = (payload: string) =>
      app.inject({ method: "POST", url: "/document", headers: { "content-type": "application/json" }, payload });
    const parse = vi.spyOn(JSON, "parse");
    try {
      // 1 MiB of brackets: refused at its 101st level, JSON.parse never sees it (it would spend ~130 ms on it).
      const brackets = `${"[".repeat(512 * 1024)}${"]".repeat(512 * 1024)}`;
      // Broken beyond the depth: the depth is what is refused, it is found first.
      for (const payload of [brackets, `{"a":${"{".repeat(MAX_JSON_DEPTH)}`]) {
        const deep = await post(payload);
        expect(deep.statusCode).toBe(400);
        expect(deep.json()).toEqual({
          error_code: "ERR_BAD_REQUEST",
          reason: `the JSON body holds nesting deeper than ${MAX_JSON_DEPTH} levels`,
        });
        expect(parse.mock.calls.filter(([text]) => text === payload)).toEqual([]);
      }
    } finally {
      parse.mockRestore();
    }
    // Brackets in strings, escaped quotes among them, are text.
    const text = { a: `[{"\\${"[".repeat(500)}`, b: ['"', { c: "]]]}}}" }] };
    const textual = await post(JSON.stringify(text));
    expect([textual.statusCode, textual.json()]).toEqual([200, text]);
    // A metadata template's AVUs nested 30 deep (sonora's metadata editor nests attributes in attributes) is
    // about 61 levels: it passes.
    let avu: Record<string, unknown> = { attr: "leaf", value: "v", unit: "" };
    for (let level = 0; level < 30; level += 1) avu = { attr: `a${level}`, value: "", unit: "", avus: [avu] };
    const template = await post(JSON.stringify({ avus: [avu] }));
    expect(template.statusCode).toBe(200);
  });

  it("answers an unsupported media type with 415", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/x-nope" },
      payload: "x",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error_code: "ERR_UNSUPPORTED_MEDIA_TYPE" });
  });

  it("sends a GatewayError's status, code and details", async () => {
    const response = await app.inject({ method: "GET", url: "/teapot" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error_code: "ERR_EXISTS", reason: "already brewing", count: 2 });
  });

  it("hides an unexpected error behind 500 ERR_UNCHECKED_EXCEPTION with the request id", async () => {
    const response = await app.inject({ method: "GET", url: "/bug", headers: { "x-request-id": "bug-1" } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error_code: "ERR_UNCHECKED_EXCEPTION",
      reason: expect.any(String),
      request_id: "bug-1",
    });
    expect(response.body).not.toContain("secret internal detail");
  });

  it("accepts long path parameters such as encoded ontology IRIs", async () => {
    const iri = encodeURIComponent(`http://edamontology.org/${"topic_".repeat(60)}`);
    const response = await app.inject({ method: "GET", url: `/items/${iri}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().length).toBeGreaterThan(300);
  });

  it("answers unknown paths with 404 JSON", async () => {
    const response = await app.inject({ method: "DELETE", url: "/nowhere?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error_code: "ERR_NOT_FOUND", reason: "no endpoint DELETE /nowhere" });
  });

  it("reports not ready while draining", async () => {
    app.draining = true;
    try {
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
    } finally {
      app.draining = false;
    }
  });
});
