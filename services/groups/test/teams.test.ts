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

const teamNames = (body: { groups: Array<{ name: string }> }) => body.groups.map((group) => group.name).sort();

describe("team lifecycle", () => {
  it("creates a team as <caller>:<name> with its public privileges, reads, renames, describes and deletes it", async () => {
    const created = await createTeam(service, "alice", {
      name: "team1",
      description: "Alice's team",
      public_privileges: ["optin"],
    });
    expect(created).toMatchObject({
      name: "alice:team1",
      type: "group",
      description: "Alice's team",
      display_name: `${TEAMS_FOLDER}:alice:team1`,
      extension: "team1",
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      id_index: expect.any(String),
    });
    expect(created.detail).toBeUndefined();
    expect(privilegesOf(service, "alice:team1", "alice")).toEqual(["admin"]);
    expect(privilegesOf(service, "alice:team1", SERVICE_ACCOUNT)).toEqual(["admin"]);
    expect(privilegesOf(service, "alice:team1", "GrouperAll")).toEqual(["optin", "view"]);

    const read = await send(service, "alice", "GET", "/teams/alice%3Ateam1");
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: created.id, name: "alice:team1" });

    const renamed = await send(service, "alice", "PATCH", "/teams/alice%3Ateam1", {
      name: "crew",
      description: "Renamed",
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, name: "alice:crew", description: "Renamed" });
    expect((await send(service, "alice", "GET", "/teams/alice%3Ateam1")).statusCode).toBe(404);

    const described = await send(service, "alice", "PATCH", "/teams/alice%3Acrew", { description: "Only this" });
    expect(described.json()).toMatchObject({ name: "alice:crew", description: "Only this" });

    const deleted = await send(service, "alice", "DELETE", "/teams/alice%3Acrew");
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: created.id, name: "alice:crew" });
    const gone = await send(service, "alice", "GET", "/teams/alice%3Acrew");
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringContaining("alice:crew") });
  });

  it("grants view along with read or optin, and nothing to all users for a private team", async () => {
    await createTeam(service, "alice", { name: "readers", public_privileges: ["read"] });
    await createTeam(service, "alice", { name: "private" });
    const unset = await send(service, "alice", "POST", "/teams", { name: "unset", public_privileges: null });
    expect(unset.statusCode).toBe(200);
    expect(privilegesOf(service, "alice:readers", "GrouperAll")).toEqual(["read", "view"]);
    expect(privilegesOf(service, "alice:private", "GrouperAll")).toEqual([]);
    expect(privilegesOf(service, "alice:unset", "GrouperAll")).toEqual([]);
    const hidden = await send(service, "bob", "GET", "/teams/alice%3Aprivate");
    expect(hidden.statusCode).toBe(404);
  });

  it("makes the creator's team folder once, administered by the creator, with an empty description", async () => {
    const folderWrites = () =>
      service.platform.groups.recorder.requests
        .filter((request) => request.method !== "GET" && request.path.startsWith("/folders"))
        .map((request) => [request.method, decodeURIComponent(request.path), request.body ?? null]);
    await createTeam(service, "alice", { name: "team1" });
    expect(folderWrites()).toEqual([
      ["POST", "/folders", { name: `${TEAMS_FOLDER}:alice`, description: "" }],
      ["PUT", `/folders/${TEAMS_FOLDER}:alice/privileges/alice/stem`, null],
    ]);
    await createTeam(service, "alice", { name: "team2" });
    expect(folderWrites()).toHaveLength(2);
    expect(service.platform.groups.state.grouper.groups.get(`${TEAMS_FOLDER}:alice:team2`)?.description).toBe("");
  });

  it("names the taken name when a rename would take another team's", async () => {
    await createTeam(service, "alice", { name: "team1" });
    await createTeam(service, "alice", { name: "team2" });
    const clash = await send(service, "alice", "PATCH", "/teams/alice%3Ateam1", { name: "team2" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error_code: "ERR_EXISTS", reason: "team alice:team2 already exists" });
  });

  it("makes a new creator's folder once when two of their teams are created at the same time", async () => {
    // Both requests find no folder; the second folder save is refused (PROBLEM_SAVING_STEMS), its folder being there.
    service.platform.groups.faults.set({ mode: "delay", delayMs: 150, method: "POST", path: "^/folders$" });
    const [first, second] = await Promise.all([
      send(service, "alice", "POST", "/teams", { name: "team1" }),
      send(service, "alice", "POST", "/teams", { name: "team2" }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(teamNames((await send(service, "alice", "GET", "/teams?creator=alice")).json())).toEqual([
      "alice:team1",
      "alice:team2",
    ]);
  });

  it("answers 404, forgetting nothing, when the groups backend no longer finds the team it deletes", async () => {
    await createTeam(service, "alice", { name: "team1" });
    // What iplant-groups answers when Grouper finds no group to delete: success, naming only the group.
    service.platform.groups.faults.set({
      mode: "json-200",
      method: "DELETE",
      body: { name: `${TEAMS_FOLDER}:alice:team1` },
    });
    const response = await send(service, "alice", "DELETE", `/teams/${encodeURIComponent("alice:team1")}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringContaining("team1") });
    expect(service.platform.permissions.recorder.to("DELETE", "/subjects")).toEqual([]);
  });

  it("refuses a second team of the same name with 409", async () => {
    await createTeam(service, "alice", { name: "team1" });
    const again = await send(service, "alice", "POST", "/teams", { name: "team1" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: "ERR_EXISTS", reason: expect.stringContaining("alice:team1") });
  });

  it("renames only the last segment: a colon or a blank new name is refused", async () => {
    await createTeam(service, "alice", { name: "team1" });
    for (const name of ["bob:stolen", " "]) {
      const response = await send(service, "alice", "PATCH", "/teams/alice%3Ateam1", { name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    }
    expect(service.platform.groups.state.grouper.groups.has(`${TEAMS_FOLDER}:alice:team1`)).toBe(true);
    expect(service.platform.groups.state.grouper.groups.has(`${TEAMS_FOLDER}:bob:stolen`)).toBe(false);
  });
});

describe("team listing", () => {
  beforeEach(async () => {
    await createTeam(service, "alice", { name: "alpha", public_privileges: ["view"] });
    await createTeam(service, "alice", { name: "secret" });
    await createTeam(service, "bob", { name: "beta", public_privileges: ["view"] });
  });

  it("lists the teams the caller may see", async () => {
    const bobs = await send(service, "bob", "GET", "/teams");
    expect(bobs.statusCode).toBe(200);
    expect(teamNames(bobs.json())).toEqual(["alice:alpha", "bob:beta", "carol:platform-news"]);
    const alices = await send(service, "alice", "GET", "/teams");
    expect(teamNames(alices.json())).toEqual(["alice:alpha", "alice:secret", "bob:beta", "carol:platform-news"]);
  });

  it("searches by name text, lists by creator and by member", async () => {
    expect(teamNames((await send(service, "bob", "GET", "/teams?search=ALP")).json())).toEqual(["alice:alpha"]);
    expect(teamNames((await send(service, "bob", "GET", "/teams?creator=alice")).json())).toEqual(["alice:alpha"]);
    expect(teamNames((await send(service, "bob", "GET", "/teams?creator=nobody")).json())).toEqual([]);
    const ofNobody = await send(service, "bob", "GET", "/teams?member=nobody");
    expect(ofNobody.statusCode).toBe(200);
    expect(teamNames(ofNobody.json())).toEqual([]);
    await send(service, "alice", "POST", "/teams/alice%3Aalpha/members", { members: ["bob"] });
    expect(teamNames((await send(service, "bob", "GET", "/teams?member=bob")).json())).toEqual(["alice:alpha"]);
    const searched = await send(service, "bob", "GET", "/teams?member=bob&search=beta");
    expect(teamNames(searched.json())).toEqual([]);
  });

  it("lists by member the teams a caller is in through a member team, as Grouper's default member filter does", async () => {
    // sonora's team form adds any subject its search finds, a team (source `g:gsa`) too.
    await send(service, "bob", "POST", "/teams/bob%3Abeta/members", { members: ["carol"] });
    const beta = (await send(service, "bob", "GET", "/teams/bob%3Abeta")).json();
    const added = await send(service, "alice", "POST", "/teams/alice%3Aalpha/members", { members: [beta.id] });
    expect(added.json().results).toEqual([expect.objectContaining({ success: true })]);
    // sonora's "My Teams" (`getMyTeams`): the caller's id as `member`, with details.
    const carols = await send(service, "carol", "GET", "/teams?member=carol&details=true");
    expect(teamNames(carols.json())).toEqual(["alice:alpha", "bob:beta", "carol:platform-news"]);
  });

  it("adds creation details when asked", async () => {
    const response = await send(service, "bob", "GET", "/teams?creator=bob&details=true");
    expect(response.json().groups[0]).toMatchObject({
      name: "bob:beta",
      detail: { created_by: "bob", created_at: expect.any(Number) },
    });
    const plain = await send(service, "bob", "GET", "/teams?creator=bob");
    expect(plain.json().groups[0].detail).toBeUndefined();
  });
});

describe("another user and alice's team", () => {
  beforeEach(async () => {
    await createTeam(service, "alice", { name: "team1", public_privileges: ["view"] });
    await send(service, "alice", "POST", "/teams/alice%3Ateam1/members", { members: ["carol"] });
  });

  it("bob may see it but neither rename, delete nor change its members or privileges (403)", async () => {
    const attempts = [
      send(service, "bob", "PATCH", "/teams/alice%3Ateam1", { name: "mine" }),
      send(service, "bob", "DELETE", "/teams/alice%3Ateam1"),
      send(service, "bob", "POST", "/teams/alice%3Ateam1/members", { members: ["bob"] }),
      send(service, "bob", "POST", "/teams/alice%3Ateam1/members/deleter", { members: ["carol"] }),
      send(service, "bob", "POST", "/teams/alice%3Ateam1/privileges", {
        updates: [{ subject_id: "carol", privileges: ["admin"] }],
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error_code: "ERR_FORBIDDEN", reason: expect.stringContaining("team1") });
    }
    expect((await send(service, "bob", "GET", "/teams/alice%3Ateam1")).json()).toMatchObject({ name: "alice:team1" });
    expect(membersOf(service, "alice:team1")).toEqual(["carol"]);
    expect(privilegesOf(service, "alice:team1", "bob")).toEqual([]);
    expect(privilegesOf(service, "alice:team1", "carol")).toEqual(["optout", "read"]);
  });

  it("bob cannot create a team in alice's namespace: names come from his token and may not contain a colon", async () => {
    const sneaky = await send(service, "bob", "POST", "/teams", { name: "alice:evil" });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    const own = await createTeam(service, "bob", { name: "team1" });
    expect(own.name).toBe("bob:team1");
    const folders = [...service.platform.groups.state.grouper.groups.keys()].filter((name) =>
      name.startsWith(`${TEAMS_FOLDER}:alice:`),
    );
    expect(folders).toEqual([`${TEAMS_FOLDER}:alice:team1`]);
  });
});

describe("team and list names too long to keep", () => {
  it("refuses a name over 255 characters before anything is made, and takes one of 255", async () => {
    const longest = "é".repeat(255);
    const refused = [
      await send(service, "alice", "POST", "/teams", { name: `${longest}x` }),
      await send(service, "alice", "POST", "/collaborator-lists", { name: `${longest}x` }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error_code: "ERR_BAD_REQUEST",
        reason: expect.stringMatching(/name must be at most 255 characters \(got 256\)$/),
      });
    }
    expect(service.platform.groups.recorder.requests.filter((request) => request.method !== "GET")).toEqual([]);
    const created = await createTeam(service, "alice", { name: longest });
    expect(created.name).toBe(`alice:${longest}`);
    const renamed = await send(service, "alice", "PATCH", `/teams/${encodeURIComponent(created.name)}`, {
      name: `${longest}x`,
    });
    expect(renamed.statusCode).toBe(400);
    expect(service.platform.groups.state.grouper.groups.has(`${TEAMS_FOLDER}:${created.name}`)).toBe(true);
  });
});

describe("team names with a colon in the path", () => {
  it("reaches alice:team1 through %3A in the team path and every sub-path", async () => {
    await createTeam(service, "alice", { name: "team1" });
    service.platform.groups.recorder.clear();
    for (const url of ["/teams/alice%3Ateam1", "/teams/alice%3Ateam1/members", "/teams/alice%3Ateam1/privileges"]) {
      const response = await send(service, "alice", "GET", url);
      expect(response.statusCode, url).toBe(200);
    }
    const encoded = encodeURIComponent(`${TEAMS_FOLDER}:alice:team1`);
    const paths = service.platform.groups.recorder.requests.map((request) => request.path);
    expect(new Set(paths)).toEqual(
      new Set([`/groups/${encoded}`, `/groups/${encoded}/members`, `/groups/${encoded}/privileges`]),
    );
  });

  it("keeps a slash inside a team name in one segment: never another backend path", async () => {
    await createTeam(service, "alice", { name: "team1" });
    service.platform.groups.recorder.clear();
    const response = await send(service, "alice", "GET", "/teams/alice%3Ateam1%2F..%2F..%2Fbob/members");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    const [lookup] = service.platform.groups.recorder.requests;
    expect(lookup?.path).toBe(`/groups/${encodeURIComponent(`${TEAMS_FOLDER}:alice:team1/../../bob`)}`);
  });
});

describe("bad input", () => {
  it.each([
    ["no name", {}],
    ["a non-string name", { name: 5 }],
    ["a non-string description", { name: "team1", description: 5 }],
    ["an unknown privilege", { name: "team1", public_privileges: ["bogus"] }],
    ["a privilege that would let everyone administer it", { name: "team1", public_privileges: ["admin"] }],
    ["public_privileges not an array", { name: "team1", public_privileges: "view" }],
  ])("refuses a new team with %s: 400 JSON, nothing created", async (_what, body) => {
    const response = await send(service, "alice", "POST", "/teams", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    expect([...service.platform.groups.state.grouper.groups.keys()].some((name) => name.includes(":alice:"))).toBe(
      false,
    );
  });

  it("refuses a body-less or malformed create and a non-string description update with 400", async () => {
    const headers = { ...(await service.as("alice")), "content-type": "application/json" };
    for (const payload of ["", "{oops"]) {
      const response = await service.app.inject({ method: "POST", url: "/teams", headers, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
    await createTeam(service, "alice", { name: "team1" });
    const update = await send(service, "alice", "PATCH", "/teams/alice%3Ateam1", { description: 7 });
    expect(update.statusCode).toBe(400);
  });

  it("answers an unknown team with 404 JSON on every team path", async () => {
    const attempts = [
      send(service, "alice", "GET", "/teams/alice%3Anope"),
      send(service, "alice", "PATCH", "/teams/alice%3Anope", { description: "x" }),
      send(service, "alice", "DELETE", "/teams/alice%3Anope"),
      send(service, "alice", "GET", "/teams/alice%3Anope/members"),
      send(service, "alice", "POST", "/teams/alice%3Anope/members", { members: ["bob"] }),
      send(service, "alice", "POST", "/teams/alice%3Anope/join"),
      send(service, "alice", "POST", "/teams/alice%3Anope/leave"),
      send(service, "alice", "POST", "/teams/alice%3Anope/join-request"),
      send(service, "alice", "GET", "/teams/alice%3Anope/privileges"),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND", reason: expect.stringContaining("nope") });
    }
  });

  it("needs a token", async () => {
    const response = await service.app.inject({ method: "GET", url: "/teams" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
  });
});

describe("a failing groups backend", () => {
  it("gives 502 when the backend is down or fails and 504 when it hangs", async () => {
    await service.platform.groups.stop();
    try {
      const down = await send(service, "alice", "GET", "/teams");
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service.platform.groups.start();
    }
    service.platform.groups.faults.set({ mode: "html-500" });
    const failing = await send(service, "alice", "POST", "/teams", { name: "team1" });
    expect(failing.statusCode).toBe(502);
    expect(failing.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    service.platform.groups.faults.set({ mode: "json-500" });
    const explained = await send(service, "alice", "GET", "/teams/alice%3Ateam1");
    expect(explained.json()).toEqual({
      error_code: "ERR_BAD_GATEWAY",
      reason: "the groups backend failed (status 500)",
      request_id: explained.headers["x-request-id"],
    });
    service.platform.groups.faults.set({ mode: "hang" });
    const hung = await send(service, "alice", "GET", "/teams/alice%3Ateam1");
    expect(hung.statusCode).toBe(504);
    expect(hung.json()).toMatchObject({ error_code: "ERR_GATEWAY_TIMEOUT" });
  });

  it("gives 502 when the backend succeeds with something that cannot be its answer", async () => {
    const answers = [
      { mode: "garbled-200" },
      { mode: "html-200" },
      { mode: "json-200", body: null },
      { mode: "json-200", body: { groups: "x" } },
      { mode: "json-200", body: { groups: [{ name: 5 }] } },
    ] as const;
    for (const fault of answers) {
      service.platform.groups.faults.set({ ...fault, method: "GET" });
      const teams = await send(service, "alice", "GET", "/teams");
      expect(teams.statusCode, JSON.stringify(fault)).toBe(502);
      expect(teams.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    }
    service.platform.groups.faults.set({ mode: "json-200", body: { subjects: [null] } });
    const users = await send(service, "alice", "GET", "/secured/user-search?search=bo");
    expect(users.statusCode).toBe(502);
    expect(users.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
  });

  it("does not leave a half-made team behind when its privileges cannot be set", async () => {
    service.platform.groups.faults.set({ mode: "json-500", method: "POST", path: "/privileges$" });
    const response = await send(service, "alice", "POST", "/teams", { name: "team1", public_privileges: ["view"] });
    expect(response.statusCode).toBe(502);
    expect(service.platform.groups.state.grouper.groups.has(`${TEAMS_FOLDER}:alice:team1`)).toBe(false);
  });
});
