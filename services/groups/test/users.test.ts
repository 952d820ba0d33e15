import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { send } from "./helpers.js";

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
  it("passes the subject search through with the caller's identity", async () => {
    const response = await send(service, "alice", "GET", "/subjects?search=bob&user=carol");
    expect(response.statusCode).toBe(200);
    expect(response.json().subjects.map((subject: { id: string }) => subject.id)).toEqual(["bob"]);
    expect(service.platform.groups.recorder.to("GET", "/subjects")[0]?.query).toEqual({ search: "bob", user: "alice" });
  });

  it("passes the backend's refusal through", async () => {
    const response = await send(service, "alice", "GET", "/subjects");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
  });
});
