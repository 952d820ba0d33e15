import { describe, expect, it } from "vitest";
import { call, group, NEWS, useGroups } from "./groups-client.js";

/** Grouper's rules for what the actor in `?user=` may do, and its subject search (src/groups/access.ts, subject-routes.ts). */
const groups = useGroups();

describe("what the actor may do", () => {
  it("lets a subject add itself with optin and remove itself with optout, and no one else", async () => {
    // Everyone holds optin on the demo team: bob may add himself, and only himself.
    expect((await call(groups(), "POST", group(NEWS, "/members"), "bob", { members: ["bob"] })).body.results).toEqual([
      { success: true, subject_id: "bob", source_id: "ldap", subject_name: "Bob Builder" },
    ]);
    expect((await call(groups(), "POST", group(NEWS, "/members"), "bob", { members: ["alice"] })).body.results).toEqual(
      [{ success: false, subject_id: "alice", source_id: "ldap", subject_name: "Alice Liddell" }],
    );
    expect(
      (await call(groups(), "POST", group(NEWS, "/members/deleter"), "bob", { members: ["bob"] })).body.results,
    ).toEqual([expect.objectContaining({ success: false, subject_id: "bob" })]);
    expect((await call(groups(), "GET", group(NEWS, "/members"), "carol")).body).toMatchObject({
      members: [{ id: "carol" }, { id: "bob" }],
    });
  });

  it("lets an administrator grant privileges that imply others (admin implies all, any implies view)", async () => {
    const granted = await call(groups(), "POST", group(NEWS, "/privileges?replace=false"), "carol", {
      updates: [{ subject_id: "bob", privileges: ["admin"] }],
    });
    expect(granted.status).toBe(200);
    expect((await call(groups(), "PUT", group(NEWS), "bob", { description: "bob's now" })).status).toBe(200);
    expect((await call(groups(), "GET", group(NEWS, "/members"), "bob")).status).toBe(200);
    await call(groups(), "POST", group(NEWS, "/privileges"), "carol", {
      updates: [
        { subject_id: "bob", privileges: ["optout"] },
        { subject_id: "GrouperAll", privileges: [] },
      ],
    });
    expect((await call(groups(), "GET", group(NEWS), "bob")).status).toBe(200);
    expect((await call(groups(), "GET", group(NEWS), "alice")).status).toBe(404);
  });
});

describe("subject search", () => {
  it("searches people on id, names and e-mail", async () => {
    expect((await call(groups(), "GET", "/subjects?search=LIDDELL", "bob")).body).toEqual({
      subjects: [expect.objectContaining({ id: "alice", name: "Alice Liddell", source_id: "ldap" })],
    });
  });

  it("finds the groups the actor may see, as Grouper's group source", async () => {
    const news = groups().state.grouper.groups.get(NEWS);
    expect((await call(groups(), "GET", "/subjects?search=platform-news", "bob")).body).toEqual({
      subjects: [{ id: news?.id, name: NEWS, description: "News about the platform", source_id: "g:gsa" }],
    });
    await call(groups(), "POST", group(NEWS, "/privileges"), "carol", {
      updates: [{ subject_id: "GrouperAll", privileges: [] }],
    });
    expect((await call(groups(), "GET", "/subjects?search=platform-news", "bob")).body).toEqual({ subjects: [] });
    expect((await call(groups(), "GET", "/subjects?search=platform-news", "carol")).body.subjects).toHaveLength(1);
  });
});
