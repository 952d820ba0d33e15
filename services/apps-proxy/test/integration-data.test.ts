import type { ServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WORD_COUNT } from "./seed.js";
import { sender, startAppsProxy } from "./support.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startAppsProxy();
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());
const send = sender(() => service);

describe("integration data (administrators)", () => {
  it("adds, finds, changes and deletes an unused record", async () => {
    const created = await send("carol", "POST", "/admin/integration-data", { name: "Dana", email: "dana@example.org" });
    const { id } = created.json();
    expect(created.json()).toEqual({ id, name: "Dana", email: "dana@example.org" });
    const found = await send("carol", "GET", "/admin/integration-data?search=dana%40*&limit=10&offset=0");
    expect(found.json()).toEqual({ integration_data: [created.json()], total: 1 });
    const changed = await send("carol", "PUT", `/admin/integration-data/${id}`, {
      name: "Dana S.",
      email: "ds@example.org",
    });
    expect(changed.json()).toMatchObject({ name: "Dana S." });
    expect((await send("carol", "GET", `/admin/integration-data/${id}`)).json()).toMatchObject({
      email: "ds@example.org",
    });
    expect((await send("carol", "DELETE", `/admin/integration-data/${id}`)).statusCode).toBe(200);
    expect((await send("carol", "GET", `/admin/integration-data/${id}`)).statusCode).toBe(404);
  });

  it("names an app's integrator, which the app's integration data and details then show", async () => {
    const { id } = (
      await send("carol", "POST", "/admin/integration-data", { name: "Dana", email: "d@example.org" })
    ).json();
    const { version_id } = (await send("bob", "GET", `/apps/de/${WORD_COUNT}`)).json();
    const set = await send(
      "carol",
      "PUT",
      `/admin/apps/de/${WORD_COUNT}/versions/${version_id}/integration-data/${id}`,
    );
    expect(set.statusCode).toBe(200);
    expect((await send("bob", "GET", `/apps/de/${WORD_COUNT}/integration-data`)).json()).toMatchObject({ id });
    expect((await send("bob", "GET", `/apps/de/${WORD_COUNT}/details`)).json()).toMatchObject({
      integrator_name: "Dana",
      integrator_email: "d@example.org",
    });
    expect((await send("carol", "PUT", `/admin/apps/de/${WORD_COUNT}/integration-data/${id}`)).statusCode).toBe(200);
  });

  it("is for administrators only, and refuses bad records with an error code", async () => {
    expect((await send("alice", "GET", "/admin/integration-data")).statusCode).toBe(403);
    expect((await send(undefined, "GET", "/admin/integration-data")).statusCode).toBe(401);
    for (const body of [{ name: "No Mail" }, { name: 5, email: "x@example.org" }, ["not", "an", "object"]]) {
      const refused = await send("carol", "POST", "/admin/integration-data", body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toHaveProperty("error_code");
    }
    const malformed = await send("carol", "POST", "/admin/integration-data", "{", {
      "content-type": "application/json",
    });
    expect(malformed.statusCode).toBe(400);
    const taken = await send("carol", "POST", "/admin/integration-data", { name: "C", email: "carol@example.org" });
    expect(taken.statusCode).toBe(400);
    // integration_data.clj `duplicate-email`: a bad request, in its words.
    expect(taken.json()).toMatchObject({
      error_code: "ERR_BAD_REQUEST",
      reason: "email address carol@example.org already has an integration data record",
    });
    expect((await send("carol", "GET", "/admin/integration-data/none")).statusCode).toBe(404);
  });
});
