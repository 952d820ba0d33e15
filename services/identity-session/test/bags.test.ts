import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const file = { id: "9b7f3c1e-0000-4000-8000-000000000001", path: "/iplant/home/alice/chapter-1.txt", type: "file" };
const app = { id: "9b7f3c1e-0000-4000-8000-000000000002", name: "Word Count", type: "app" };

describe("the default bag, as sonora's serviceFacades/bags.js and contexts/bagInfo.js use it", () => {
  it("a fresh user's GET /bags/default is 200: a new bag with empty contents, the same one asked again", async () => {
    const first = await service.send("alice", "GET", "/bags/default");
    expect(first.statusCode).toBe(200);
    const bag = first.json();
    expect(bag).toEqual({ id: expect.stringMatching(UUID), user_id: expect.stringMatching(UUID), contents: {} });
    expect((await service.send("alice", "GET", "/bags/default")).json()).toEqual(bag);
    // The bags API got the token's short name as its path's first segment, under user-info's /bags.
    expect(service.platform.preferences.recorder.to("GET", "/bags/alice/default")).toHaveLength(2);
  });

  it("POST replaces the contents with the body (useBagAddItems sends data.contents) and answers the bag", async () => {
    const { id } = (await service.send("alice", "GET", "/bags/default")).json();
    const added = await service.send("alice", "POST", "/bags/default", { items: [file, app] });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ id, contents: { items: [file, app] } });
    const removed = await service.send("alice", "POST", "/bags/default", { items: [app] });
    expect(removed.json().contents).toEqual({ items: [app] });
    expect((await service.send("alice", "GET", "/bags/default")).json().contents).toEqual({ items: [app] });
  });

  it("POST before any GET makes the default bag", async () => {
    const made = await service.send("bob", "POST", "/bags/default", { items: [file] });
    expect(made.statusCode).toBe(200);
    expect((await service.send("bob", "GET", "/bags/default")).json()).toEqual(made.json());
  });

  it("DELETE (useBagRemoveItems) empties the bag: it answers the new, empty default bag, and GET gives it", async () => {
    const old = (await service.send("alice", "POST", "/bags/default", { items: [file] })).json();
    const deleted = await service.send("alice", "DELETE", "/bags/default");
    expect(deleted.statusCode).toBe(200);
    const fresh = deleted.json();
    expect(fresh).toMatchObject({ contents: {}, user_id: old.user_id });
    expect(fresh.id).not.toBe(old.id);
    expect((await service.send("alice", "GET", "/bags/default")).json()).toEqual(fresh);
    expect((await service.send("alice", "GET", `/bags/${old.id}`)).statusCode).toBe(404);
  });

  it("keeps each user's bags apart", async () => {
    await service.send("alice", "POST", "/bags/default", { items: [file] });
    expect((await service.send("bob", "GET", "/bags/default")).json().contents).toEqual({});
  });
});

describe("the other bag routes", () => {
  it("PUT adds a bag ({id}); GET lists it; HEAD tells there is one; GET, POST and DELETE by id", async () => {
    expect((await service.send("carol", "HEAD", "/bags")).statusCode).toBe(404);
    const added = await service.send("carol", "PUT", "/bags", { items: [file] });
    expect(added.statusCode).toBe(200);
    const { id } = added.json();
    expect(id).toMatch(UUID);
    expect((await service.send("carol", "HEAD", "/bags")).statusCode).toBe(200);
    const listing = await service.send("carol", "GET", "/bags");
    expect(listing.json()).toEqual({
      bags: [{ id, user_id: expect.stringMatching(UUID), contents: { items: [file] } }],
    });

    const replaced = await service.send("carol", "POST", `/bags/${id}`, { items: [] });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body).toBe("");
    expect((await service.send("carol", "GET", `/bags/${id}`)).json()).toMatchObject({ id, contents: { items: [] } });

    expect((await service.send("carol", "DELETE", `/bags/${id}`)).statusCode).toBe(200);
    expect((await service.send("carol", "GET", `/bags/${id}`)).statusCode).toBe(404);
  });

  it("DELETE /bags deletes every bag of the caller's, and no one else's", async () => {
    await service.send("alice", "PUT", "/bags", { a: 1 });
    await service.send("alice", "GET", "/bags/default");
    await service.send("bob", "PUT", "/bags", { b: 2 });
    expect((await service.send("alice", "DELETE", "/bags")).statusCode).toBe(200);
    expect((await service.send("alice", "GET", "/bags")).json()).toEqual({ bags: [] });
    expect((await service.send("bob", "GET", "/bags")).json().bags).toHaveLength(1);
  });

  it("another user's bag is not found by its id", async () => {
    const { id } = (await service.send("alice", "PUT", "/bags", { items: [] })).json();
    const bobs = await service.send("bob", "GET", `/bags/${id}`);
    expect(bobs.statusCode).toBe(404);
    expect(bobs.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.any(String) });
    expect((await service.send("bob", "POST", `/bags/${id}`, { items: [] })).statusCode).toBe(404);
    expect((await service.send("alice", "GET", `/bags/${id}`)).statusCode).toBe(200);
  });
});

describe("refusals", () => {
  it("needs a token: 401 with the error model", async () => {
    const response = await service.send(undefined, "GET", "/bags/default");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
  });

  it("a bag id that is no UUID: 400 before the bags API is asked", async () => {
    const response = await service.send("alice", "GET", "/bags/not-a-uuid");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: expect.any(String), reason: expect.any(String) });
    expect(service.platform.preferences.recorder.to("GET", /^\/bags\//)).toEqual([]);
  });

  it.each([
    ["an array", "[1, 2]"],
    ["a string", '"items"'],
    ["no JSON at all", "{items:"],
  ])("contents that are %s: 400 with the error model, nothing stored", async (_what, payload) => {
    const response = await service.send("alice", "POST", "/bags/default", payload, {
      "content-type": "application/json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: expect.any(String), reason: expect.any(String) });
    expect(service.platform.preferences.recorder.to("POST", "/bags/alice/default")).toEqual([]);
  });

  it("the bags API down: 502; too slow: 504", async () => {
    service.platform.preferences.faults.set({ mode: "html-500", path: "^/bags/" });
    expect((await service.send("alice", "GET", "/bags/default")).statusCode).toBe(502);
    service.platform.preferences.faults.set({ mode: "hang", path: "^/bags/" });
    const slow = await service.send("alice", "GET", "/bags/default");
    expect(slow.statusCode).toBe(504);
    expect(slow.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });
});
