import { Ajv } from "ajv";
import { Type } from "typebox";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Simulator } from "../src/framework/simulator.js";

/** A simulator's route validators are compiled when a route is first called, not as the simulator starts. */
const compile = vi.spyOn(Ajv.prototype, "compile");
let compiledAsItStarted: number;
const simulator = new Simulator(
  "validation-fixture",
  () => ({}),
  (app) => {
    app.post(
      "/things",
      { schema: { body: Type.Object({ size: Type.Integer(), fresh: Type.Optional(Type.Boolean()) }) } },
      async (request) => request.body,
    );
    app.get("/things", { schema: { querystring: Type.Object({ limit: Type.Integer() }) } }, async (request) => ({
      limit: (request.query as { limit: number }).limit,
    }));
  },
);
beforeAll(async () => {
  await simulator.start();
  compiledAsItStarted = compile.mock.calls.length; // vitest clears the record before each test
});
afterAll(() => simulator.stop());

describe("simulator route validation", () => {
  it("compiles no validator as the simulator starts", () => {
    expect(compiledAsItStarted).toBe(0);
  });

  it("compiles a route's validator on its first request, once, with Fastify's defaults (query text coerced)", async () => {
    const listed = await fetch(`${simulator.url}/things?limit=5`);
    expect(await listed.json()).toEqual({ limit: 5 });
    expect(compile).toHaveBeenCalledTimes(1);
    for (const size of ["big", 1.5]) {
      const refused = await fetch(`${simulator.url}/things`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ size }),
      });
      expect(refused.status).toBe(400);
    }
    expect(compile).toHaveBeenCalledTimes(2);
  });

  it("takes a JSON body as sent, as the backends' JSON readers do: text for a number or a boolean is refused", async () => {
    const post = (body: unknown) =>
      fetch(`${simulator.url}/things`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect(await (await post({ size: 5, fresh: true })).json()).toEqual({ size: 5, fresh: true });
    for (const body of [{ size: "5" }, { size: 5, fresh: "true" }, { size: [5] }]) {
      expect((await post(body)).status).toBe(400);
    }
  });
});
