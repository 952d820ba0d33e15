import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { createTeam, send } from "./helpers.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const ids = (body: { users: Array<{ id: string }> }) => body.users.map((user) => user.id);

describe("/secured/user-search", () => {
  it("finds users by user name, real name or e-mail, each user once", async () => {
    const everywhere = await send(service, "bob", "GET", "/secured/user-search?search=alice");
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.json()).toEqual({
      users: [
        {
          id: "alice",
          name: "Alice Liddell",
          first_name: "Alice",
          last_name: "Liddell",
          email: "alice@example.org",
          institution: "Wonderland University",
          source_id: "ldap",
        },
      ],
      truncated: false,
    });
    expect(ids((await send(service, "bob", "GET", "/secured/user-search?search=Builder")).json())).toEqual(["bob"]);
    expect(ids((await send(service, "bob", "GET", "/secured/user-search?search=carol%40")).json())).toEqual(["carol"]);
  });

  it("takes at most 50 matches per field and says when it cut the list short", async () => {
    const workshop = await send(service, "alice", "GET", "/secured/user-search?search=workshop");
    expect(workshop.statusCode).toBe(200);
    expect(workshop.json().truncated).toBe(true);
    expect(ids(workshop.json())).toHaveLength(50);
    expect(new Set(ids(workshop.json())).size).toBe(50);

    // Only the e-mail addresses match: alice, bob, carol and 60 attendees, cut to the first 50.
    const byEmail = await send(service, "alice", "GET", "/secured/user-search?search=example.org");
    expect(byEmail.json().truncated).toBe(true);
    expect(ids(byEmail.json())).toHaveLength(50);
    expect(ids(byEmail.json()).slice(0, 3)).toEqual(["alice", "bob", "carol"]);

    const few = await send(service, "alice", "GET", "/secured/user-search?search=attendee%200");
    expect(few.json()).toMatchObject({ truncated: false });
    expect(ids(few.json())).toHaveLength(9);
  });

  it("lists user-name matches first, then real-name, then e-mail matches, each field cut on its own", async () => {
    // "a": in two user names, in 62 real names (alice, carol, the attendees), in all 63 e-mail addresses.
    const response = await send(service, "bob", "GET", "/secured/user-search?search=a");
    const workshop = Array.from({ length: 48 }, (_, index) => `workshop${String(index + 1).padStart(2, "0")}`);
    expect(response.json().truncated).toBe(true);
    // alice and carol by user name; 48 attendees make up the real names' 50; bob only by e-mail.
    expect(ids(response.json())).toEqual(["alice", "carol", ...workshop, "bob"]);
  });

  it("leaves out pseudo-subjects and the gateway's own account", async () => {
    const response = await send(service, "alice", "GET", "/secured/user-search?search=grouper");
    expect(response.json()).toEqual({ users: [], truncated: false });
  });

  it("looks for the text without the spaces around it", async () => {
    const spaced = await send(service, "bob", "GET", "/secured/user-search?search=%20%20Builder%20");
    expect(ids(spaced.json())).toEqual(["bob"]);
    expect(service.platform.groups.recorder.to("GET", "/subjects").at(-1)?.query).toMatchObject({ search: "Builder" });
  });

  it("needs a search text (400)", async () => {
    for (const url of ["/secured/user-search", "/secured/user-search?search=%20"]) {
      const response = await send(service, "alice", "GET", url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
    expect(service.platform.groups.recorder.to("GET", "/subjects")).toEqual([]);
  });
});

describe("/secured/user-info", () => {
  it("answers an object keyed by each user name found", async () => {
    const response = await send(
      service,
      "alice",
      "GET",
      "/secured/user-info?username=bob&username=nobody&username=carol&username=bob",
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      bob: {
        id: "bob",
        name: "Bob Builder",
        first_name: "Bob",
        last_name: "Builder",
        email: "bob@example.org",
        institution: "Fix-It College",
        source_id: "ldap",
      },
      carol: expect.objectContaining({ id: "carol", email: "carol@example.org" }),
    });
  });

  it("looks each name up once, leaving blank ones out, however many are asked for", async () => {
    const workshop = Array.from({ length: 20 }, (_, index) => `workshop${String(index + 1).padStart(2, "0")}`);
    const query = [...workshop, "", " ", "workshop01", "nobody"].map((name) => `username=${encodeURIComponent(name)}`);
    const response = await send(service, "alice", "GET", `/secured/user-info?${query.join("&")}`);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(workshop);
    expect(response.json().workshop20).toMatchObject({ id: "workshop20", name: "Workshop Attendee 20" });
    const lookups = service.platform.groups.recorder.requests.filter((request) =>
      request.path.startsWith("/subjects/"),
    );
    expect(lookups).toHaveLength(21);
  });

  it("answers {} with 200 when nobody is found or nobody is asked for", async () => {
    for (const url of ["/secured/user-info?username=nobody&username=ghost", "/secured/user-info"]) {
      const response = await send(service, "alice", "GET", url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({});
    }
  });

  it("leaves out a user whose lookup fails and still answers 200, as the reference (the client's user-info call)", async () => {
    service.platform.groups.faults.set({ mode: "json-500", path: "^/subjects/bob$" });
    const response = await send(service, "alice", "GET", "/secured/user-info?username=bob&username=carol");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ carol: expect.objectContaining({ id: "carol" }) });
  });

  it("answers 502 when every lookup fails", async () => {
    service.platform.groups.faults.set({ mode: "json-500", path: "^/subjects/" });
    const response = await send(service, "alice", "GET", "/secured/user-info?username=bob&username=carol");
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
  });

  it("answers 502 rather than an empty answer when the groups backend is down", async () => {
    await service.platform.groups.stop();
    try {
      const response = await send(service, "alice", "GET", "/secured/user-info?username=bob");
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service.platform.groups.start();
    }
  });
});

describe("/subjects", () => {
  const subjectsOf = async (username: string, search: string) => {
    const response = await send(service, username, "GET", `/subjects?search=${encodeURIComponent(search)}`);
    expect(response.statusCode).toBe(200);
    return response.json().subjects as Array<Record<string, string>>;
  };

  it("lists people and the groups the caller may see, named as clients name them, as the reference does", async () => {
    await createTeam(service, "alice", { name: "readers", description: "Book club", public_privileges: ["view"] });
    await createTeam(service, "alice", { name: "private" });
    // The web client's request (serviceFacades/sharing.js searchSubjects): `search` only, trimmed. A `user` sent
    // along does not change who asks.
    const response = await send(service, "bob", "GET", "/subjects?search=alice&user=carol");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      subjects: [
        expect.objectContaining({
          id: "alice",
          name: "Alice Liddell",
          display_name: "Alice Liddell",
          source_id: "ldap",
        }),
        {
          id: expect.any(String),
          name: "alice:readers",
          display_name: "iplant:de:dev:teams:alice:readers",
          description: "Book club",
          source_id: "g:gsa",
        },
      ],
    });
    expect(service.platform.groups.recorder.to("GET", "/subjects")[0]?.query).toEqual({ search: "alice", user: "bob" });
    // alice may see her own team that is not public.
    expect((await subjectsOf("alice", "private")).map((subject) => subject.name)).toEqual(["alice:private"]);
  });

  it("names the caller's collaborator lists without their folder, and nobody else sees them", async () => {
    const created = await send(service, "alice", "POST", "/collaborator-lists", { name: "friends" });
    expect(created.statusCode).toBe(200);
    expect(await subjectsOf("alice", "friends")).toEqual([
      expect.objectContaining({
        name: "friends",
        display_name: "iplant:de:dev:users:alice:collaborator-lists:friends",
        source_id: "g:gsa",
      }),
    ]);
    expect(await subjectsOf("bob", "friends")).toEqual([]);
  });

  it("leaves out the gateway's own account", async () => {
    const found = await subjectsOf("alice", "grouper");
    expect(found.map((subject) => subject.id)).toEqual(["GrouperAll", "GrouperSystem"]);
    expect(service.platform.groups.recorder.to("GET", "/subjects")).toHaveLength(1);
  });

  it("refuses a search without text before asking the backend", async () => {
    for (const url of ["/subjects", "/subjects?search=", "/subjects?search=%20%20"]) {
      const response = await send(service, "alice", "GET", url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
    expect(service.platform.groups.recorder.to("GET", "/subjects")).toEqual([]);
  });
});
