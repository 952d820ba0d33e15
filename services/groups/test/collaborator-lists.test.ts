import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { send } from "./helpers.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp);
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const ALICES_LISTS = "iplant:de:dev:users:alice:collaborator-lists";
const names = (body: { groups: Array<{ name: string }> }) => body.groups.map((group) => group.name);

async function createList(name: string, members: string[] = []) {
  const created = await send(service, "alice", "POST", "/collaborator-lists", { name, description: `${name} list` });
  expect(created.statusCode).toBe(200);
  if (members.length > 0) {
    const added = await send(service, "alice", "POST", `/collaborator-lists/${name}/members`, { members });
    expect(added.statusCode).toBe(200);
  }
  return created.json() as { id: string; name: string };
}

const listMembers = (name: string) =>
  service.platform.groups.state.grouper.groups.get(`${ALICES_LISTS}:${name}`)?.members ?? [];

describe("collaborator lists", () => {
  it("creates, lists, searches, reads, renames, describes and deletes the caller's lists", async () => {
    expect((await send(service, "alice", "GET", "/collaborator-lists")).json()).toEqual({ groups: [] });
    const created = await createList("friends");
    expect(created).toMatchObject({
      name: "friends",
      type: "group",
      description: "friends list",
      extension: "friends",
    });
    await createList("family");

    expect(names((await send(service, "alice", "GET", "/collaborator-lists")).json())).toEqual(["family", "friends"]);
    expect(names((await send(service, "alice", "GET", "/collaborator-lists?search=FRI")).json())).toEqual(["friends"]);
    expect(names((await send(service, "alice", "GET", "/collaborator-lists?search=users")).json())).toEqual([]);
    const read = await send(service, "alice", "GET", "/collaborator-lists/friends");
    expect(read.json()).toMatchObject({ id: created.id, name: "friends" });

    const renamed = await send(service, "alice", "PATCH", "/collaborator-lists/friends", { name: "pals" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, name: "pals", description: "friends list" });
    const described = await send(service, "alice", "PATCH", "/collaborator-lists/pals", { description: "close ones" });
    expect(described.json()).toMatchObject({ name: "pals", description: "close ones" });

    const deleted = await send(service, "alice", "DELETE", "/collaborator-lists/pals");
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: created.id, name: "pals" });
    const gone = await send(service, "alice", "GET", "/collaborator-lists/pals");
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringContaining("pals") });
  });

  it("keeps each user's lists to that user", async () => {
    await createList("friends", ["bob"]);
    expect((await send(service, "bob", "GET", "/collaborator-lists")).json()).toEqual({ groups: [] });
    expect((await send(service, "bob", "GET", "/collaborator-lists/friends")).statusCode).toBe(404);
    expect((await send(service, "bob", "DELETE", "/collaborator-lists/friends")).statusCode).toBe(404);
    expect(listMembers("friends")).toEqual(["bob"]);
  });

  it("adds, lists and removes members; adding to a list that does not exist yet creates it", async () => {
    const added = await send(service, "alice", "POST", "/collaborator-lists/default/members", {
      members: ["bob", "carol"],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().results.map((line: { success: boolean }) => line.success)).toEqual([true, true]);
    const members = await send(service, "alice", "GET", "/collaborator-lists/default/members");
    expect(members.json().members.map((member: { id: string }) => member.id)).toEqual(["bob", "carol"]);
    const removed = await send(service, "alice", "POST", "/collaborator-lists/default/members/deleter", {
      members: ["bob"],
    });
    expect(removed.statusCode).toBe(200);
    expect(listMembers("default")).toEqual(["carol"]);
  });

  it("refuses subjects that do not exist with 400 naming them, making no list and changing no members", async () => {
    // sonora's addRecentContacts: POST /collaborator-lists/default/members {members}, to a list not made yet.
    const added = await send(service, "alice", "POST", `/collaborator-lists/${encodeURIComponent("default")}/members`, {
      members: ["bob", "nobody"],
    });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual({
      error_code: "ERR_BAD_REQUEST",
      reason: "no user or group is known as nobody",
      subject_ids: ["nobody"],
    });
    expect(service.platform.groups.state.grouper.groups.has(`${ALICES_LISTS}:default`)).toBe(false);
    await createList("friends", ["bob"]);
    // sonora's removeRecentContacts: POST /collaborator-lists/default/members/deleter {members}
    const removed = await send(
      service,
      "alice",
      "POST",
      "/collaborator-lists/friends/members/deleter?retain-permissions=true",
      {
        members: ["bob", "nobody"],
      },
    );
    expect(removed.statusCode).toBe(400);
    expect(listMembers("friends")).toEqual(["bob"]);
    expect(service.platform.permissions.recorder.requests).toEqual([]);
  });

  it.each([
    ["no name", "POST", "/collaborator-lists", { description: "x" }],
    ["a non-string description", "POST", "/collaborator-lists", { name: "x", description: ["x"] }],
    ["a colon in the name", "POST", "/collaborator-lists", { name: "a:b" }],
    ["members that are not strings", "POST", "/collaborator-lists/friends/members", { members: [{ id: "bob" }] }],
    ["a non-boolean retain-permissions", "DELETE", "/collaborator-lists/friends?retain-permissions=maybe", undefined],
  ] as const)("refuses %s with 400 JSON", async (_what, method, url, body) => {
    await createList("friends");
    const response = await send(service, "alice", method, url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    expect(
      [...service.platform.groups.state.grouper.groups.keys()].filter((name) => name.startsWith(ALICES_LISTS)),
    ).toEqual([`${ALICES_LISTS}:friends`]);
  });
});

describe("retain-permissions", () => {
  const permissions = () => service.platform.permissions.state.permissions.grants;
  const grantsOf = (subject: string) =>
    permissions()
      .filter((grant) => grant.subject_id === subject)
      .map((grant) => `${grant.resource_type}/${grant.resource_name}:${grant.permission_level}`);

  let listId: string;
  beforeEach(async () => {
    listId = (await createList("friends", ["bob", "carol"])).id;
    permissions().push(
      {
        resource_type: "app",
        resource_name: "app-1",
        subject_type: "group",
        subject_id: listId,
        permission_level: "read",
      },
      {
        resource_type: "analysis",
        resource_name: "job-7",
        subject_type: "group",
        subject_id: listId,
        permission_level: "write",
      },
    );
  });

  it("lets removed members keep what was shared with the list when asked, and only then", async () => {
    const kept = await send(
      service,
      "alice",
      "POST",
      "/collaborator-lists/friends/members/deleter?retain-permissions=true",
      {
        members: ["bob"],
      },
    );
    expect(kept.statusCode).toBe(200);
    expect(grantsOf("bob")).toEqual(["app/app-1:read", "analysis/job-7:write"]);
    const dropped = await send(service, "alice", "POST", "/collaborator-lists/friends/members/deleter", {
      members: ["carol"],
    });
    expect(dropped.statusCode).toBe(200);
    expect(grantsOf("carol")).toEqual([]);
    expect(listMembers("friends")).toEqual([]);
  });

  it("lets the members of a deleted list keep what was shared with it, and forgets the list", async () => {
    const response = await send(service, "alice", "DELETE", "/collaborator-lists/friends?retain-permissions=true");
    expect(response.statusCode).toBe(200);
    expect(grantsOf("bob")).toEqual(["app/app-1:read", "analysis/job-7:write"]);
    expect(grantsOf("carol")).toEqual(["app/app-1:read", "analysis/job-7:write"]);
    expect(grantsOf(listId)).toEqual([]);
  });

  it("asks the permissions service at its own address, and keeps the list when it cannot copy (502)", async () => {
    // The permissions service is not part of Grouper: here it is an address where nothing answers.
    const apart = await startServiceUnderTest(Config, buildApp, { PERMISSIONS_URL: "http://127.0.0.1:9" });
    try {
      await send(apart, "alice", "POST", "/collaborator-lists", { name: "friends" });
      await send(apart, "alice", "POST", "/collaborator-lists/friends/members", { members: ["bob"] });
      const kept = await send(apart, "alice", "DELETE", "/collaborator-lists/friends?retain-permissions=true");
      expect(kept.statusCode).toBe(502);
      const removal = await send(
        apart,
        "alice",
        "POST",
        "/collaborator-lists/friends/members/deleter?retain-permissions=true",
        {
          members: ["bob"],
        },
      );
      expect(removal.statusCode).toBe(502);
      expect((await send(apart, "alice", "GET", "/collaborator-lists/friends/members")).json().members).toEqual([
        expect.objectContaining({ id: "bob" }),
      ]);
      // Forgetting a deleted list is best effort: the deletion itself stands.
      expect((await send(apart, "alice", "DELETE", "/collaborator-lists/friends")).statusCode).toBe(200);
      expect(apart.platform.permissions.recorder.requests.some((call) => call.path.startsWith("/permissions"))).toBe(
        false,
      );
    } finally {
      await apart.close();
    }
  });

  it("keeps the list and its members when the permissions service refuses to copy (502)", async () => {
    service.platform.permissions.faults.set({ mode: "json-500", path: "^/permissions/" });
    const deleted = await send(service, "alice", "DELETE", "/collaborator-lists/friends?retain-permissions=true");
    expect(deleted.statusCode).toBe(502);
    expect(deleted.json()).toEqual({
      error_code: "ERR_BAD_GATEWAY",
      reason: "the permissions service did not copy the group's permissions (status 500)",
    });
    const removal = await send(
      service,
      "alice",
      "POST",
      "/collaborator-lists/friends/members/deleter?retain-permissions=true",
      { members: ["bob"] },
    );
    expect(removal.statusCode).toBe(502);
    expect(listMembers("friends")).toEqual(["bob", "carol"]);
    expect(grantsOf(listId)).toHaveLength(2);
  });

  it("deletes a list even when the permissions service cannot forget it, and when it never knew it", async () => {
    service.platform.permissions.faults.set({ mode: "json-500", method: "DELETE", path: "^/subjects$" });
    const deleted = await send(service, "alice", "DELETE", "/collaborator-lists/friends");
    expect(deleted.statusCode).toBe(200);
    expect(service.platform.permissions.faults.applied).toHaveLength(1);
    service.platform.permissions.faults.clear();
    await createList("strangers", ["bob"]);
    const neverShared = await send(service, "alice", "DELETE", "/collaborator-lists/strangers");
    expect(neverShared.statusCode).toBe(200);
  });

  it("asks the permissions service nothing when a list kept for its members has none", async () => {
    await createList("empty");
    const response = await send(service, "alice", "DELETE", "/collaborator-lists/empty?retain-permissions=true");
    expect(response.statusCode).toBe(200);
    const asked = service.platform.permissions.recorder.requests.filter((request) =>
      request.path.startsWith("/permissions"),
    );
    expect(asked).toEqual([]);
  });

  it("deletes a list without passing anything on by default", async () => {
    const response = await send(service, "alice", "DELETE", "/collaborator-lists/friends");
    expect(response.statusCode).toBe(200);
    expect(permissions()).toEqual([]);
  });
});
