import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { createTeam, membersOf, privilegesOf, SERVICE_ACCOUNT, send } from "./helpers.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp);
});
afterAll(() => service.close());
beforeEach(async () => {
  service.platform.reset();
  await createTeam(service, "alice", { name: "team1", public_privileges: ["optin"] });
});

type Entry = { name: string; subject: { id: string } };
const pairs = (body: { privileges: Entry[] }) =>
  body.privileges.map((privilege) => `${privilege.subject.id}:${privilege.name}`).sort();

describe("team privileges", () => {
  it("lists each privilege once, with its subject and without the group", async () => {
    const response = await send(service, "bob", "GET", "/teams/alice%3Ateam1/privileges");
    expect(response.statusCode).toBe(200);
    expect(pairs(response.json())).toEqual([
      "GrouperAll:optin",
      "GrouperAll:view",
      "alice:admin",
      `${SERVICE_ACCOUNT}:admin`,
    ]);
    const alices = response.json().privileges.find((entry: Entry) => entry.subject.id === "alice");
    expect(alices).toEqual({
      type: "access",
      name: "admin",
      allowed: true,
      revokable: true,
      subject: expect.objectContaining({ id: "alice", name: "Alice Liddell", source_id: "ldap" }),
    });
    expect(alices.group).toBeUndefined();
  });

  it("sets a subject's privileges to exactly the listed ones and answers with the full list", async () => {
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", { members: ["bob"] });
    const response = await send(service, "alice", "POST", "/teams/alice%3Ateam1/privileges", {
      updates: [
        { subject_id: "bob", privileges: ["read", "admin"] },
        { subject_id: "carol", privileges: ["view"] },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(pairs(response.json())).toEqual([
      "GrouperAll:optin",
      "GrouperAll:view",
      "alice:admin",
      "bob:admin",
      "bob:read",
      "carol:view",
      `${SERVICE_ACCOUNT}:admin`,
    ]);
    expect(privilegesOf(service, "alice:team1", "bob")).toEqual(["admin", "read"]);
  });

  it("removes every privilege of a subject given an empty list, membership untouched", async () => {
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", { members: ["bob"] });
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/privileges", {
      updates: [{ subject_id: "bob", privileges: ["read", "optout"] }],
    });
    const response = await send(service, "alice", "POST", "/teams/alice%3Ateam1/privileges", {
      updates: [
        { subject_id: "bob", privileges: [] },
        { subject_id: "GrouperAll", privileges: [] },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(pairs(response.json())).toEqual(["alice:admin", `${SERVICE_ACCOUNT}:admin`]);
    expect(privilegesOf(service, "alice:team1", "bob")).toEqual([]);
    expect(membersOf(service, "alice:team1")).toEqual(["bob"]);
    expect((await send(service, "carol", "GET", "/teams/alice%3Ateam1")).statusCode).toBe(404);
  });

  it.each([
    ["an unknown privilege name", { updates: [{ subject_id: "bob", privileges: ["superpower"] }] }],
    ["privileges that are not a list", { updates: [{ subject_id: "bob", privileges: "read" }] }],
    ["no subject", { updates: [{ privileges: ["read"] }] }],
    ["no updates", {}],
  ])("refuses %s with 400 JSON, changing nothing", async (_what, body) => {
    const response = await send(service, "alice", "POST", "/teams/alice%3Ateam1/privileges", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    expect(privilegesOf(service, "alice:team1", "bob")).toEqual([]);
  });

  it("refuses changes to the caller's own and to the gateway account's privileges (400)", async () => {
    for (const subject_id of ["alice", SERVICE_ACCOUNT]) {
      const response = await send(service, "alice", "POST", "/teams/alice%3Ateam1/privileges", {
        updates: [{ subject_id, privileges: [] }],
      });
      expect(response.statusCode, subject_id).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
      expect(privilegesOf(service, "alice:team1", subject_id)).toEqual(["admin"]);
    }
    const mixed = await send(service, "alice", "POST", "/teams/alice%3Ateam1/privileges", {
      updates: [
        { subject_id: "bob", privileges: ["read"] },
        { subject_id: SERVICE_ACCOUNT, privileges: [] },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({
      error_code: "ERR_BAD_REQUEST",
      reason: `the privileges of ${SERVICE_ACCOUNT} cannot be changed`,
    });
    expect(privilegesOf(service, "alice:team1", "bob")).toEqual([]);
    expect(privilegesOf(service, "alice:team1", SERVICE_ACCOUNT)).toEqual(["admin"]);
  });

  it("reports a subject that does not exist with 404, changing nothing", async () => {
    const response = await send(service, "alice", "POST", "/teams/alice%3Ateam1/privileges", {
      updates: [
        { subject_id: "bob", privileges: ["read"] },
        { subject_id: "ghost", privileges: ["read"] },
      ],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringContaining("ghost") });
    expect(privilegesOf(service, "alice:team1", "bob")).toEqual([]);
  });
});
