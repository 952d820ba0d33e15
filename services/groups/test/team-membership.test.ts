import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { createTeam, membersOf, privilegesOf, SERVICE_ACCOUNT, send, TEAMS_FOLDER } from "./helpers.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const notifications = () => service.platform.notifications.state.intake.messages;

describe("members added and removed by an administrator", () => {
  beforeEach(() => createTeam(service, "alice", { name: "team1" }));

  it("adds members who get optout and read, and tells them", async () => {
    const added = await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", {
      members: ["bob", "carol"],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().results).toEqual([
      { success: true, subject_id: "bob", source_id: "ldap", subject_name: "Bob Builder" },
      { success: true, subject_id: "carol", source_id: "ldap", subject_name: "Carol Danvers" },
    ]);
    expect(membersOf(service, "alice:team1")).toEqual(["bob", "carol"]);
    expect(privilegesOf(service, "alice:team1", "bob")).toEqual(["optout", "read"]);
    expect(privilegesOf(service, "alice:team1", "carol")).toEqual(["optout", "read"]);
    expect((await send(service, "bob", "GET", "/teams/alice%3Ateam1/members")).statusCode).toBe(200);
    expect(notifications().map((message) => [message.user, message.subject, message.payload?.team_name])).toEqual([
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

  it("lets a holder of update change members; read, view and optout are not enough", async () => {
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/privileges", {
      updates: [
        { subject_id: "bob", privileges: ["view", "update"] },
        { subject_id: "carol", privileges: ["view", "read", "optout"] },
      ],
    });
    const byUpdater = await send(service, "bob", "POST", "/teams/alice%3Ateam1/members", { members: ["carol"] });
    expect(byUpdater.statusCode).toBe(200);
    expect(membersOf(service, "alice:team1")).toEqual(["carol"]);
    const byReader = await send(service, "carol", "POST", "/teams/alice%3Ateam1/members", { members: ["bob"] });
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json()).toMatchObject({
      error_code: "ERR_FORBIDDEN",
      reason: "only an administrator of team alice:team1 may add members",
    });
    const removal = await send(service, "carol", "POST", "/teams/alice%3Ateam1/members/deleter", {
      members: ["carol"],
    });
    expect(removal.json()).toMatchObject({ reason: "only an administrator of team alice:team1 may remove members" });
    expect(membersOf(service, "alice:team1")).toEqual(["carol"]);
    const removedByUpdater = await send(service, "bob", "POST", "/teams/alice%3Ateam1/members/deleter", {
      members: ["carol"],
    });
    expect(removedByUpdater.statusCode).toBe(200);
    expect(membersOf(service, "alice:team1")).toEqual([]);
  });

  it("keeps the privileges a new member already held", async () => {
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/privileges", {
      updates: [{ subject_id: "bob", privileges: ["view", "update"] }],
    });
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", { members: ["bob"] });
    expect(privilegesOf(service, "alice:team1", "bob")).toEqual(["optout", "read", "update", "view"]);
  });

  it("tells each new member but the caller, and keeps the members when telling them fails", async () => {
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", { members: ["alice", "carol"] });
    expect(membersOf(service, "alice:team1")).toEqual(["alice", "carol"]);
    expect(notifications().map((message) => message.user)).toEqual(["carol"]);

    service.platform.notifications.faults.set({ mode: "json-500" });
    const added = await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", { members: ["bob"] });
    expect(added.statusCode).toBe(200);
    expect(added.json().results).toEqual([expect.objectContaining({ success: true, subject_id: "bob" })]);
    expect(service.platform.notifications.faults.applied).toHaveLength(1);
    expect(membersOf(service, "alice:team1")).toEqual(["alice", "carol", "bob"]);
    expect(privilegesOf(service, "alice:team1", "bob")).toEqual(["optout", "read"]);
  });

  it("refuses subjects that do not exist with 400 naming them, before any membership or privilege changes", async () => {
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", { members: ["carol"] });
    const changes = () =>
      service.platform.groups.recorder.requests.filter(
        (request) => request.method === "POST" && /\/(members|privileges)(\/deleter)?$/.test(request.path),
      );
    const before = changes().length;
    // sonora's addTeamMembers and removeTeamMembers: POST /teams/{encodeURIComponent(name)}/members[/deleter]
    for (const url of [`/teams/${encodeURIComponent("alice:team1")}/members`, "/teams/alice%3Ateam1/members/deleter"]) {
      const response = await send(service, "alice", "POST", url, { members: ["bob", "nobody", "ghost", "carol"] });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        error_code: "ERR_BAD_REQUEST",
        reason: "no user or group is known as nobody, ghost",
        subject_ids: ["nobody", "ghost"],
      });
    }
    expect(changes()).toHaveLength(before);
    expect(membersOf(service, "alice:team1")).toEqual(["carol"]);
    expect(privilegesOf(service, "alice:team1", "bob")).toEqual([]);
  });

  it("answers 404 when the groups backend finds no team to change the members of (it answers no lines)", async () => {
    service.platform.groups.faults.set({ mode: "json-200", method: "POST", path: "/members$", body: { results: [] } });
    const response = await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", { members: ["bob"] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringContaining("team1") });
    expect(notifications()).toEqual([]);
  });

  it("never lists the gateway's own account as a member", async () => {
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", { members: ["bob"] });
    // As a team made elsewhere (by terrain, say) may hold it.
    service.platform.groups.state.grouper.groups.get(`${TEAMS_FOLDER}:alice:team1`)?.members.push(SERVICE_ACCOUNT);
    const listed = await send(service, "alice", "GET", "/teams/alice%3Ateam1/members");
    expect(listed.json().members.map((member: { id: string }) => member.id)).toEqual(["bob"]);
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

  it("takes an empty body, or none, as an empty message", async () => {
    const headers = await service.as("bob");
    const url = "/teams/alice%3Aclosed/join-request";
    const empty = await service.app.inject({
      method: "POST",
      url,
      headers: { ...headers, "content-type": "application/json" },
      payload: "",
    });
    expect(empty.statusCode).toBe(200);
    const none = await service.app.inject({ method: "POST", url, headers });
    expect(none.statusCode).toBe(200);
    expect(notifications().map((message) => message.payload?.requester_message)).toEqual(["", ""]);
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

  it("answers 409 when no person administers the team, telling nobody, never the gateway's own account", async () => {
    const team = service.platform.groups.state.grouper.groups.get(`${TEAMS_FOLDER}:alice:closed`);
    if (!team) throw new Error("no team alice:closed");
    // alice hands the team over to the platform and keeps reading it.
    team.grants = team.grants.filter((grant) => grant.subjectId !== "alice");
    team.grants.push({ subjectId: "alice", privilege: "read" });
    const response = await send(service, "bob", "POST", "/teams/alice%3Aclosed/join-request", { message: "hi" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error_code: "ERR_CONFLICT",
      reason: "team alice:closed has no administrator who could let you in",
    });
    expect(notifications()).toEqual([]);
  });

  it("answers 502 when the notifications backend refuses the request, and 200 only once it takes it", async () => {
    service.platform.notifications.faults.set({ mode: "json-500" });
    const refused = await send(service, "bob", "POST", "/teams/alice%3Aclosed/join-request", { message: "hi" });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", request_id: expect.any(String) });
    service.platform.notifications.faults.clear();
    const taken = await send(service, "bob", "POST", "/teams/alice%3Aclosed/join-request", { message: "hi" });
    expect(taken.statusCode).toBe(200);
    expect(notifications()).toHaveLength(1);
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
    await send(service, "alice", "POST", "/teams/alice%3Aclosed/members", { members: ["carol"] });
    await send(service, "alice", "POST", "/teams/alice%3Aclosed/privileges", {
      updates: [{ subject_id: "carol", privileges: ["optout", "read", "update"] }],
    });
    const notifiedOfMembership = notifications().length;
    const notAdmin = await send(service, "carol", "POST", "/teams/alice%3Aclosed/join-request/bob/deny");
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toEqual({
      error_code: "ERR_FORBIDDEN",
      reason: "only an administrator of team alice:closed may deny requests to join it",
    });
    const stranger = await send(service, "bob", "POST", "/teams/alice%3Aclosed/join-request/bob/deny");
    expect(stranger.statusCode).toBe(403);
    const unknown = await send(service, "alice", "POST", "/teams/alice%3Aclosed/join-request/nobody/deny");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringContaining("nobody") });
    expect(notifications()).toHaveLength(notifiedOfMembership);
  });
});
