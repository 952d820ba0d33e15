import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sender, startAppsProxy } from "./support.js";
import { launchInteractiveApp } from "./vice-launch.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

const operator = {
  name: "west",
  url: "https://vice-west.example.org",
  base_url: "https://west.cyverse.run",
  priority: -1,
};

describe("VICE operators (administrators)", () => {
  it("registers, changes and drains an operator, with live capacities; removes only one that never ran anything", async () => {
    const [seeded] = (await send("carol", "GET", "/admin/vice/operators")).json();
    expect(seeded).toMatchObject({ name: "local-cluster", accepting_launches: true, deactivated: false });
    const created = await send("carol", "POST", "/admin/vice/operators", operator);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ ...operator, id: expect.any(String), accepting_launches: true });
    expect((await send("carol", "POST", "/admin/vice/operators", operator)).statusCode).toBe(409);
    // Listed as the scheduler tries them: lowest priority number first.
    const listed = (await send("carol", "GET", "/admin/vice/operators")).json();
    expect(listed.map((kept: { name: string }) => kept.name)).toEqual(["west", "local-cluster"]);

    // The scheduler tries the lowest priority number first: the next launch runs on the new operator.
    const launched = await launchInteractiveApp(service, "alice");
    const capacities = (await send("carol", "GET", "/admin/vice/operators/capacities")).json();
    expect(capacities).toEqual(
      expect.arrayContaining([
        { operator: "west", capacity: expect.objectContaining({ runningAnalyses: 1, availableSlots: 9 }) },
        // alice's JupyterLab session of the seed runs there.
        { operator: "local-cluster", capacity: expect.objectContaining({ runningAnalyses: 1 }) },
      ]),
    );
    // The jobs table keeps each job's operator (ON DELETE RESTRICT): app-exposer fails the removal (500).
    const inUse = await send("carol", "DELETE", `/admin/vice/operators/id/${id}`);
    expect(inUse.statusCode).toBe(502);
    expect(inUse.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });

    const drained = await send("carol", "PATCH", `/admin/vice/operators/id/${id}`, { accepting_launches: false });
    expect(drained.json()).toMatchObject({ id, accepting_launches: false, priority: -1 });
    expect((await send("carol", "PATCH", `/admin/vice/operators/id/${id}`, {})).statusCode).toBe(400);
    expect((await send("carol", "PATCH", "/admin/vice/operators/id/not-a-uuid", { priority: 1 })).statusCode).toBe(400);
    const badUrl = await send("carol", "POST", "/admin/vice/operators", { ...operator, name: "x", url: "ftp://x" });
    expect(badUrl.statusCode).toBe(400);
    expect((await send("alice", "GET", "/admin/vice/operators")).statusCode).toBe(403);

    // Ended, its job still names the operator: an operator that ever ran an analysis stays, drained.
    expect((await send("carol", "POST", `/admin/vice/analyses/${launched.id}/exit`)).statusCode).toBe(200);
    expect((await send("carol", "DELETE", `/admin/vice/operators/id/${id}`)).statusCode).toBe(502);
    // One that never ran anything goes.
    const unused = await send("carol", "POST", "/admin/vice/operators", {
      ...operator,
      name: "east",
      url: "https://vice-east.example.org",
    });
    expect((await send("carol", "DELETE", `/admin/vice/operators/id/${unused.json().id}`)).statusCode).toBe(200);
    const left = (await send("carol", "GET", "/admin/vice/operators")).json();
    expect(left.map((kept: { name: string }) => kept.name)).toEqual(["west", "local-cluster"]);
  });
});
