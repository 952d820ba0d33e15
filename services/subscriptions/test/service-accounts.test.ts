import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { qmsOf, quotaOf } from "./qms-state.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

/** A request as the platform's demo service account (client credentials grant, realm role qms-service). */
async function asServiceAccount(method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) {
  const token = await service.platform.serviceToken();
  return service.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

describe("the platform's service accounts on /service/qms", () => {
  it("the demo service account reads and changes a user's plan; paid is true unless it says otherwise", async () => {
    // bob, on Basic: the seed gives alice and carol plans of their own.
    const read = await asServiceAccount("GET", "/service/qms/users/bob/plan");
    expect(read.statusCode).toBe(200);
    expect(read.json().result).toMatchObject({ user: { username: "bob" }, plan: { name: "Basic" } });

    const changed = await asServiceAccount("PUT", "/service/qms/users/bob/plan/Regular");
    expect(changed.statusCode).toBe(200);
    expect(changed.json().result).toMatchObject({ plan: { name: "Regular" }, paid: true });
    expect(service.platform.qms.recorder.to("PUT", "/v1/users/bob/Regular")[0]?.query).toEqual({ paid: "true" });
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(1000);

    const unpaid = await asServiceAccount("PUT", "/service/qms/users/bob/plan/Pro?paid=false");
    expect(unpaid.json().result).toMatchObject({ plan: { name: "Pro" }, paid: false });
    const listing = await asServiceAccount("GET", "/service/qms/users/bob/subscriptions?include-expired=true");
    expect(listing.json().result.total).toBe(3);
  });

  it("changes no plan of a name the directory does not know: QMS would make the user, whoever takes the name later inherits it", async () => {
    for (const [name, username] of [
      ["mallory-future", "mallory-future"],
      ["alice%3Fuser%3Dbob", "alice?user=bob"],
    ]) {
      const refused = await asServiceAccount("PUT", `/service/qms/users/${name}/plan/Commercial?periods=50`);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json()).toEqual({ error_code: "ERR_BAD_REQUEST", reason: `user '${username}' does not exist` });
      // Looked up as the one name it is, never as alice.
      expect(service.platform.groups.recorder.to("GET", `/subjects/${name}`)).toHaveLength(1);
    }
    expect(service.platform.qms.recorder.to("PUT", /^\/v1\/users\//)).toEqual([]);
    expect(["mallory-future", "alice?user=bob"].filter((name) => qmsOf(service).users.has(name))).toEqual([]);
  });

  it("applies and removes add-ons like an administrator", async () => {
    const subscription = (await asServiceAccount("GET", "/service/qms/users/bob/plan")).json().result.id;
    const addons = (await asServiceAccount("GET", "/service/qms/addons")).json().addons;
    const cpu = addons.find((addon: { name: string }) => addon.name === "5000 CPU Hours");
    const applied = await asServiceAccount("POST", `/service/qms/subscriptions/${subscription}/addons`, {
      uuid: cpu.uuid,
    });
    expect(applied.statusCode).toBe(200);
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(5200);
    const id = applied.json().subscription_addon.uuid;
    expect((await asServiceAccount("GET", `/service/qms/subscriptions/${subscription}/addons/${id}`)).statusCode).toBe(
      200,
    );
    expect(
      (await asServiceAccount("GET", `/service/qms/subscriptions/${subscription}/addons`)).json().subscription_addons,
    ).toHaveLength(1);
    await asServiceAccount("PUT", `/service/qms/subscriptions/${subscription}/addons/${id}`, { amount: 100 });
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(300);
    await asServiceAccount("DELETE", `/service/qms/subscriptions/${subscription}/addons/${id}`);
    expect(quotaOf(service, "bob", "cpu.hours")).toBe(200);
  });

  it("refuses alice's token with 403 and no token with 401, before QMS is asked", async () => {
    const known = qmsOf(service).users.size;
    const alice = await service.send("alice", "GET", "/service/qms/users/alice/plan");
    expect(alice.statusCode).toBe(403);
    expect(alice.json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
    const carol = await service.send("carol", "PUT", "/service/qms/users/alice/plan/Pro");
    expect(carol.statusCode).toBe(403);
    const none = await service.send(undefined, "GET", "/service/qms/addons");
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
    expect(service.platform.qms.recorder.requests).toHaveLength(0);
    expect(qmsOf(service).users.size).toBe(known);
  });

  it("refuses a service account without the role", async () => {
    const token = await service.platform.token("alice", {
      claims: {
        preferred_username: "service-account-reporting",
        azp: "reporting",
        realm_access: { roles: ["reports-reader"] },
        email: undefined,
        given_name: undefined,
        family_name: undefined,
        name: undefined,
        groups: undefined,
        entitlement: undefined,
      },
    });
    const response = await service.app.inject({
      method: "GET",
      url: "/service/qms/users/alice/plan",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
  });

  it("refuses an unknown plan with 400", async () => {
    const response = await asServiceAccount("PUT", "/service/qms/users/alice/plan/Gold");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error_code: "ERR_BAD_REQUEST", reason: "plan name `Gold` not found" });
  });
});
