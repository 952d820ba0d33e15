import { Ajv } from "ajv";
import { Type } from "typebox";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createService, type Service } from "../src/index.js";

/** Route schemas are compiled when a route is first called, not as the service starts (figure 6). */
const compile = vi.spyOn(Ajv.prototype, "compile");
let app: Service;
let compiledAsItStarted: number;
beforeAll(async () => {
  app = await createService({ name: "schema-compilation-fixture", logLevel: "silent" });
  app.post(
    "/people",
    {
      schema: {
        body: Type.Object({ name: Type.String() }),
        response: { 200: Type.Object({ name: Type.String() }) },
      },
    },
    async (request) => ({ ...(request.body as { name: string }), secret: "not for the caller" }),
  );
  app.get("/never-called", { schema: { querystring: Type.Object({ n: Type.Integer() }) } }, async () => ({}));
  await app.ready();
  compiledAsItStarted = compile.mock.calls.length; // vitest clears the record before each test
});
afterAll(() => app.close());

describe("route schemas compiled on first use", () => {
  it("compiles none of them as the service starts", () => {
    expect(compiledAsItStarted).toBe(0);
  });

  it("compiles a route's validator on its first request, once, and validates from then on", async () => {
    const valid = await app.inject({ method: "POST", url: "/people", payload: { name: "alice" } });
    expect(valid.statusCode).toBe(200);
    expect(compile).toHaveBeenCalledTimes(1);
    for (const name of [3, null]) {
      const invalid = await app.inject({ method: "POST", url: "/people", payload: { name } });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringContaining("name") });
    }
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it("answers through the route's serializer, which keeps only what the answer's schema declares", async () => {
    const response = await app.inject({ method: "POST", url: "/people", payload: { name: "bob" } });
    expect(response.json()).toEqual({ name: "bob" });
  });
});
