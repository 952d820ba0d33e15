import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { createTeam, membersOf, privilegesOf, SERVICE_ACCOUNT, send } from "./helpers.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const notifications = () => service.platform.notifications.state.intake.messages;

describe("members added and removed by an administrator", () => {
  beforeEach(() => createTeam(service, "alice", { name: "team1" }));

  it("adds members who get optout and read, tells them, and reports subjects that do not exist", async () => {
    const added = await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", {
      members: ["bob", "carol", "nobody"],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().results).toEqual([
      { success: true, subject_id: "bob", source_id: "ldap", subject_name: "Bob Builder" },
      { success: true, subject_id: "carol", source_id: "ldap", subject_name: "Carol Danvers" },
      { success: false, subject_id: "nobody" },
    ]);
    expect(membersOf(service, "alice:team1")).toEqual(["bob", "carol"]);
    expect(privilegesOf(service, "alice:team1", "bob")).toEqual(["optout", "read"]);
    expect(privilegesOf(service, "alice:team1", "carol")).toEqual(["optout", "read"]);
    expect((await send(service, "bob", "GET", "/teams/alice%3Ateam1/members")).statusCode).toBe(200);
    expect(notifications().map((message) => [message.user, message.subject, message.payload.team_name])).toEqual([
      ["bob", "Added to team", "alice:team1"],
      ["carol", "Added to team", "alice:team1"],
    ]);

    const listed = await send(service, "alice", "GET", "/teams/alice%3Ateam1/members");
    expect(listed.statusCode).toBe(200);
    expect(listed.json().members).toEqual([
      expect.objectContaining({
        id: "bob",
        name: "Bob Builder",
        email: "bob@example.org",
        display_name: "Bob Builder",
      }),
      expect.objectContaining({ id: "carol", source_id: "ldap" }),
    ]);
  });

  it("removes members, who lose optout and read and keep their other privileges", async () => {
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", { members: ["bob"] });
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/privileges", {
      updates: [{ subject_id: "bob", privileges: ["optout", "read", "update"] }],
    });
    const removed = await send(service, "alice", "POST", "/teams/alice%3Ateam1/members/deleter", { members: ["bob"] });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().results).toEqual([expect.objectContaining({ success: true, subject_id: "bob" })]);
    expect(membersOf(service, "alice:team1")).toEqual([]);
    expect(privilegesOf(service, "alice:team1", "bob")).toEqual(["update"]);
    expect((await send(service, "bob", "GET", "/teams/alice%3Ateam1/members")).statusCode).toBe(403);
  });

  it.each([
    ["not an array", { members: "bob" }],
    ["not strings", { members: [1, 2] }],
    ["an empty id", { members: [""] }],
    ["missing", {}],
  ])("refuses members that are %s with 400 JSON", async (_what, body) => {
    for (const url of ["/teams/alice%3Ateam1/members", "/teams/alice%3Ateam1/members/deleter"]) {
      const response = await send(service, "alice", "POST", url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    }
    expect(membersOf(service, "alice:team1")).toEqual([]);
  });

  it("keeps the gateway's own account out of memberships", async () => {
    const response = await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", {
      members: [SERVICE_ACCOUNT],
    });
    expect(response.statusCode).toBe(400);
    expect(membersOf(service, "alice:team1")).toEqual([]);
  });

  it("does not show the members of a team to someone who may only see it", async () => {
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/privileges", {
      updates: [{ subject_id: "GrouperAll", privileges: ["view"] }],
    });
    const response = await send(service, "bob", "GET", "/teams/alice%3Ateam1/members");
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
  });
});

describe("joining and leaving", () => {
  beforeEach(async () => {
    await createTeam(service, "alice", { name: "open", public_privileges: ["optin"] });
    await createTeam(service, "alice", { name: "closed", public_privileges: ["view"] });
    await createTeam(service, "alice", { name: "private" });
  });

  it("lets a user with optin join, granting optout and read, so the new member sees who else belongs", async () => {
    const joined = await send(service, "bob", "POST", "/teams/alice%3Aopen/join");
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({
      results: [{ success: true, subject_id: "bob", source_id: "ldap", subject_name: "Bob Builder" }],
    });
    expect(membersOf(service, "alice:open")).toEqual(["bob"]);
    expect(privilegesOf(service, "alice:open", "bob")).toEqual(["optout", "read"]);
    const members = await send(service, "bob", "GET", "/teams/alice%3Aopen/members");
    expect(members.json().members).toEqual([expect.objectContaining({ id: "bob" })]);
  });

  it("refuses to let a user without optin join (403), changing nothing; a team one cannot see is 404", async () => {
    const refused = await send(service, "bob", "POST", "/teams/alice%3Aclosed/join");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error_code: "ERR_FORBIDDEN", reason: expect.stringContaining("optin") });
    expect(membersOf(service, "alice:closed")).toEqual([]);
    expect(privilegesOf(service, "alice:closed", "bob")).toEqual([]);
    const invisible = await send(service, "bob", "POST", "/teams/alice%3Aprivate/join");
    expect(invisible.statusCode).toBe(404);
  });

  it("accepts an empty JSON body on join and leave, as clients send them", async () => {
    const headers = { ...(await service.as("bob")), "content-type": "application/json" };
    const joined = await service.app.inject({ method: "POST", url: "/teams/alice%3Aopen/join", headers, payload: "" });
    expect(joined.statusCode).toBe(200);
    const left = await service.app.inject({ method: "POST", url: "/teams/alice%3Aopen/leave", headers, payload: "" });
    expect(left.statusCode).toBe(200);
  });

  it("leaving revokes optout and read and keeps the other privileges", async () => {
    await send(service, "bob", "POST", "/teams/alice%3Aopen/join");
    await send(service, "alice", "POST", "/teams/alice%3Aopen/privileges", {
      updates: [{ subject_id: "bob", privileges: ["optout", "read", "update"] }],
    });
    const left = await send(service, "bob", "POST", "/teams/alice%3Aopen/leave");
    expect(left.statusCode).toBe(200);
    expect(left.json().results).toEqual([expect.objectContaining({ success: true, subject_id: "bob" })]);
    expect(membersOf(service, "alice:open")).toEqual([]);
    expect(privilegesOf(service, "alice:open", "bob")).toEqual(["update"]);
  });

  it("refuses to let someone without optout leave (403)", async () => {
    await send(service, "alice", "POST", "/teams/alice%3Aclosed/members", { members: ["bob"] });
    await send(service, "alice", "POST", "/teams/alice%3Aclosed/privileges", {
      updates: [{ subject_id: "bob", privileges: ["read"] }],
    });
    const refused = await send(service, "bob", "POST", "/teams/alice%3Aclosed/leave");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error_code: "ERR_FORBIDDEN", reason: expect.stringContaining("optout") });
    expect(membersOf(service, "alice:closed")).toEqual(["bob"]);
  });
});

describe("join requests", () => {
  beforeEach(async () => {
    await createTeam(service, "alice", { name: "closed", public_privileges: ["view"] });
    await createTeam(service, "alice", { name: "private" });
  });

  it("notifies one administrator of the team through the notifications backend", async () => {
    const response = await send(service, "bob", "POST", "/teams/alice%3Aclosed/join-request", {
      message: "Let me in",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(notifications()).toHaveLength(1);
    expect(notifications()[0]).toMatchObject({
      user: "alice",
      type: "team",
      subject: 'Bob Builder has requested to join team "alice:closed"',
      email: true,
      emailTemplate: "team_join_request",
      payload: {
        action: "team_join_request",
        email_address: "alice@example.org",
        requester_id: "bob",
        requester_name: "Bob Builder",
        requester_email: "bob@example.org",
        requester_message: "Let me in",
        team_name: "alice:closed",
      },
    });
    expect(service.platform.notifications.recorder.to("POST", "/notification")[0]?.query).toEqual({ user: "bob" });
    expect(membersOf(service, "alice:closed")).toEqual([]);
  });

  it("takes an empty body as an empty message", async () => {
    const headers = { ...(await service.as("bob")), "content-type": "application/json" };
    const response = await service.app.inject({
      method: "POST",
      url: "/teams/alice%3Aclosed/join-request",
      headers,
      payload: "",
    });
    expect(response.statusCode).toBe(200);
    expect(notifications()[0]?.payload.requester_message).toBe("");
  });

  it("refuses a non-string message (400) and a team the requester cannot see (404), sending nothing", async () => {
    const bad = await send(service, "bob", "POST", "/teams/alice%3Aclosed/join-request", { message: 42 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    const hidden = await send(service, "bob", "POST", "/teams/alice%3Aprivate/join-request", { message: "hi" });
    expect(hidden.statusCode).toBe(404);
    expect(notifications()).toEqual([]);
  });

  it("answers 502 when the notifications backend is down", async () => {
    await service.platform.notifications.stop();
    try {
      const response = await send(service, "bob", "POST", "/teams/alice%3Aclosed/join-request", { message: "hi" });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service.platform.notifications.start();
    }
  });

  it("lets an administrator deny a request: the requester is notified", async () => {
    const denied = await send(service, "alice", "POST", "/teams/alice%3Aclosed/join-request/bob/deny", {
      message: "Sorry, staff only",
    });
    expect(denied.statusCode).toBe(200);
    expect(notifications()).toEqual([
      expect.objectContaining({
        user: "bob",
        type: "team",
        subject: "Team join request denied",
        emailTemplate: "team_join_denial",
        payload: {
          action: "team_join_denial",
          email_address: "bob@example.org",
          team_name: "alice:closed",
          admin_message: "Sorry, staff only",
        },
      }),
    ]);
  });

  it("refuses a denial from someone who does not administer the team, and one for an unknown requester", async () => {
    const notAdmin = await send(service, "carol", "POST", "/teams/alice%3Aclosed/join-request/bob/deny");
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toMatchObject({ error_code: "ERR_FORBIDDEN" });
    const unknown = await send(service, "alice", "POST", "/teams/alice%3Aclosed/join-request/nobody/deny");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringContaining("nobody") });
    expect(notifications()).toEqual([]);
  });
});
