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
    // sonora's getTeamPrivileges: GET /teams/{encodeURIComponent(name)}/privileges
    const response = await send(service, "alice", "GET", `/teams/${encodeURIComponent("alice:team1")}/privileges`);
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

  it("lists nothing to a caller who does not administer the team, as the groups backend shows privileges only to administrators", async () => {
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", { members: ["bob"] });
    const response = await send(service, "bob", "GET", `/teams/${encodeURIComponent("alice:team1")}/privileges`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ privileges: [] });
  });

  it("lets the members of a group granted admin administer the team, as Grouper resolves privileges through groups", async () => {
    const list = (await send(service, "alice", "POST", "/collaborator-lists", { name: "stewards" })).json();
    await send(service, "alice", "POST", "/collaborator-lists/stewards/members", { members: ["bob"] });
    const granted = await send(service, "alice", "POST", "/teams/alice%3Ateam1/privileges", {
      updates: [{ subject_id: list.id, privileges: ["admin"] }],
    });
    expect(granted.statusCode).toBe(200);
    expect(pairs(granted.json())).toContain(`${list.id}:admin`);
    // Not what bob was granted himself, so not listed as his; but his through the list all the same.
    expect(pairs(granted.json())).not.toContain("bob:admin");
    const added = await send(service, "bob", "POST", "/teams/alice%3Ateam1/members", { members: ["carol"] });
    expect(added.statusCode).toBe(200);
    expect(membersOf(service, "alice:team1")).toEqual(["carol"]);
    const renamed = await send(service, "bob", "PATCH", "/teams/alice%3Ateam1", { description: "bob's too" });
    expect(renamed.statusCode).toBe(200);
    const listed = await send(service, "bob", "GET", "/teams/alice%3Ateam1/privileges");
    expect(pairs(listed.json())).toContain(`${list.id}:admin`);
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

  it("answers 404 with Grouper's message when the team is gone before its privileges are set (GROUP_NOT_FOUND)", async () => {
    service.platform.groups.faults.set({
      mode: "json-status",
      status: 500,
      method: "POST",
      path: "/privileges$",
      body: {
        error_code: "ERR_NOT_FOUND",
        grouper_result_code: "GROUP_NOT_FOUND",
        grouper_result_message: "Cant find group",
      },
    });
    const response = await send(service, "alice", "POST", "/teams/alice%3Ateam1/privileges", {
      updates: [{ subject_id: "bob", privileges: ["read"] }],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error_code: "ERR_NOT_FOUND", reason: "Cant find group" });
  });

  it("refuses a subject that does not exist with 400 naming it, before the groups backend changes anything", async () => {
    const changes = () =>
      service.platform.groups.recorder.requests.filter((request) => request.method === "POST").length;
    const before = changes();
    // sonora's updateTeamPrivileges: POST /teams/{encodeURIComponent(name)}/privileges {updates}
    const response = await send(service, "alice", "POST", `/teams/${encodeURIComponent("alice:team1")}/privileges`, {
      updates: [
        { subject_id: "bob", privileges: ["read"] },
        { subject_id: "ghost", privileges: ["read"] },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error_code: "ERR_BAD_REQUEST",
      reason: "no user or group is known as ghost",
      subject_ids: ["ghost"],
    });
    expect(privilegesOf(service, "alice:team1", "bob")).toEqual([]);
    // Only the lookup of the subjects was posted.
    expect(changes()).toBe(before + 1);
  });
});
