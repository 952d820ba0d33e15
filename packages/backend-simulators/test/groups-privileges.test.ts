import { describe, expect, it } from "vitest";
import { call, group, NEWS, ROOT, useGroups } from "./groups-client.js";

/**
 * Privileges as Grouper resolves them (src/groups/privileges.ts): held directly, through the groups a subject belongs
 * to, or through GrouperAll; listed only to a group's administrators.
 */
const groups = useGroups();
const HELPERS = `${ROOT}:teams:carol:helpers`;
type Entry = { name: string; revokable: boolean; subject: { id: string } };
const held = (body: { privileges: Entry[] }) =>
  body.privileges.map((entry) => `${entry.subject.id}:${entry.name}:${entry.revokable ? "own" : "through"}`).sort();

/** carol's group `helpers` with bob in it, granted `admin` on her team. */
async function helpersAdministerNews(): Promise<string> {
  const helpers = await call(groups(), "POST", "/groups", "carol", { name: HELPERS, type: "group" });
  await call(groups(), "POST", group(HELPERS, "/members"), "carol", { members: ["bob"] });
  const granted = await call(groups(), "POST", group(NEWS, "/privileges?replace=false"), "carol", {
    updates: [{ subject_id: helpers.body.id, privileges: ["admin"] }],
  });
  expect(granted.status).toBe(200);
  return helpers.body.id;
}

describe("privileges held through a group", () => {
  it("lets the members of a group granted admin administer the group it was granted on", async () => {
    expect((await call(groups(), "PUT", group(NEWS), "bob", { description: "bob's" })).status).toBe(500);
    await helpersAdministerNews();
    expect((await call(groups(), "PUT", group(NEWS), "bob", { description: "bob's" })).status).toBe(200);
    expect((await call(groups(), "POST", group(NEWS, "/members"), "bob", { members: ["alice"] })).body.results).toEqual(
      [expect.objectContaining({ success: true, subject_id: "alice" })],
    );
  });

  it("lists a subject's privileges with those it holds through its groups and GrouperAll, not revokable from it", async () => {
    const helpers = await helpersAdministerNews();
    const bobs = await call(groups(), "GET", group(NEWS, "/privileges?subject-id=bob"), "carol");
    expect(held(bobs.body)).toEqual(["bob:admin:through", "bob:optin:through", "bob:view:through"]);
    const inherited = await call(
      groups(),
      "GET",
      group(NEWS, "/privileges?subject-id=bob&inheritance-level=inherited"),
      "carol",
    );
    expect(held(inherited.body)).toEqual(held(bobs.body));
    const immediate = await call(
      groups(),
      "GET",
      group(NEWS, "/privileges?subject-id=bob&inheritance-level=immediate"),
      "carol",
    );
    expect(immediate.body).toEqual({ privileges: [] });
    const admins = await call(groups(), "GET", group(NEWS, "/privileges?privilege=admin"), "carol");
    expect(held(admins.body)).toEqual(
      [`${helpers}:admin:own`, "bob:admin:through", "carol:admin:own", "de_grouper:admin:own"].sort(),
    );
    const ofBob = await call(groups(), "GET", "/subjects/bob/privileges?entity-type=group", "de_grouper");
    expect(held(ofBob.body)).toEqual(["bob:admin:through", "bob:optin:through", "bob:view:through"]);
  });

  it("reaches the members of a member group too", async () => {
    await helpersAdministerNews();
    const outer = `${ROOT}:teams:carol:outer`;
    const created = await call(groups(), "POST", "/groups", "carol", { name: outer, type: "group" });
    await call(groups(), "POST", group(outer, "/members"), "carol", { members: ["alice"] });
    await call(groups(), "POST", group(HELPERS, "/members"), "carol", { members: [created.body.id] });
    expect(groups().state.grouper.groups.get(HELPERS)?.members).toEqual(["bob", created.body.id]);
    expect((await call(groups(), "PUT", group(NEWS), "alice", { description: "alice's" })).status).toBe(200);
  });
});

describe("who sees privileges", () => {
  it("lists a group's privileges only to its administrators", async () => {
    const asBob = await call(groups(), "GET", group(NEWS, "/privileges"), "bob");
    expect(asBob).toEqual({ status: 200, body: { privileges: [] } });
    const asCarol = await call(groups(), "GET", group(NEWS, "/privileges?inheritance-level=immediate"), "carol");
    expect(held(asCarol.body)).toEqual([
      "GrouperAll:optin:own",
      "GrouperAll:view:own",
      "carol:admin:own",
      "carol:optout:own",
      "de_grouper:admin:own",
    ]);
    const ofBob = await call(groups(), "GET", "/subjects/bob/privileges", "bob");
    expect(ofBob.body).toEqual({ privileges: [] });
  });
});
