import { Type } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answers, describeMismatches } from "../src/framework/answers.js";
import { Simulator } from "../src/framework/simulator.js";

const Listing = Type.Object({ total: Type.Integer(), apps: Type.Array(Type.Object({ id: Type.String() })) });

/** A simulator whose answers can be made right or wrong on demand. */
function listingSimulator() {
  return new Simulator(
    "listing",
    () => ({ answer: { total: 1, apps: [{ id: "a" }] } as unknown }),
    (app, sim) => {
      app.get("/apps", answers({ 200: Listing }), async () => sim.state.answer);
      app.get("/undeclared", async () => ({ anything: true }));
      // As user-info answers: JSON labelled plain text.
      app.get<{ Querystring: { text?: string } }>(
        "/document",
        answers({ 200: Type.Object({ preferences: Type.Object({}) }) }),
        async (request, reply) => reply.type("text/plain; charset=utf-8").send(request.query.text ?? ""),
      );
    },
  );
}

describe("the answer check", () => {
  const sim = listingSimulator();
  beforeAll(() => sim.start());
  afterAll(() => sim.dispose());

  it("keeps nothing for an answer that matches its schema", async () => {
    expect((await fetch(`${sim.url}/apps`)).status).toBe(200);
    expect(sim.answerMismatches).toEqual([]);
  });

  it("keeps an answer that lacks a required field, with where and what", async () => {
    sim.state.answer = { app_count: 1, apps: [{ id: "a" }] };
    await fetch(`${sim.url}/apps?search=a`);
    expect(sim.answerMismatches).toEqual([
      expect.objectContaining({
        simulator: "listing",
        method: "GET",
        route: "/apps",
        url: "/apps?search=a",
        status: 200,
      }),
    ]);
    expect(sim.answerMismatches[0]?.errors.join()).toContain("total");
    expect(describeMismatches(sim.answerMismatches)).toContain("listing GET /apps 200");
    sim.answerMismatches.length = 0;
    sim.state.answer = { total: 1, apps: [{ id: "a" }] };
  });

  it("does not check what a fault answered, nor statuses and routes without a schema", async () => {
    sim.faults.set({ mode: "json-200", body: { nothing: "like it" }, path: "^/apps$" });
    expect(await (await fetch(`${sim.url}/apps`)).json()).toEqual({ nothing: "like it" });
    sim.faults.clear();
    await fetch(`${sim.url}/undeclared`);
    await fetch(`${sim.url}/nowhere`);
    expect(sim.answerMismatches).toEqual([]);
  });

  it("reads JSON labelled plain text (as Go labels user-info's) and keeps what does not match", async () => {
    await fetch(`${sim.url}/document?text=${encodeURIComponent('{"preferences":{}}')}`);
    expect(sim.answerMismatches).toEqual([]);
    await fetch(`${sim.url}/document?text=${encodeURIComponent("[1]")}`);
    await fetch(`${sim.url}/document?text=hello`);
    expect(sim.answerMismatches.map((mismatch) => mismatch.url)).toEqual([
      "/document?text=%5B1%5D",
      "/document?text=hello",
    ]);
    sim.answerMismatches.length = 0;
  });

  it("lists the routes it serves with the answers they declare", () => {
    const byUrl = Object.fromEntries(sim.declaredRoutes.map((route) => [route.url, route.answers]));
    expect(byUrl["/apps"]?.[200]).toBe(Listing);
    expect(byUrl["/undeclared"]).toBeUndefined();
    expect(sim.declaredRoutes.some((route) => route.url.startsWith("/__sim/"))).toBe(false);
  });
});
