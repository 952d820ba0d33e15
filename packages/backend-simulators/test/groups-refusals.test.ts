import { describe, expect, it } from "vitest";
import { call, group, NEWS, ROOT, useGroups } from "./groups-client.js";

/**
 * How iplant-groups refuses (src/groups/errors.ts, grouper-failures.ts): its own refusals with `reason`, and every
 * refusal of Grouper's with 500 and the result code and message of Grouper's whole request, never with a reason.
 */
const groups = useGroups();
const TEAM = `${ROOT}:teams:carol:crew`;
const batch = (code: string, what: string) => ({
  error_code: "ERR_REQUEST_FAILED",
  grouper_result_code: code,
  grouper_result_message: `There were 0 successes and 1 failures of ${what}.   `,
});

describe("membership changes", () => {
  it("makes Grouper's changes for known subjects, then fails its answer for an unknown one (ERR_SCHEMA_VALIDATION)", async () => {
    const added = await call(groups(), "POST", group(NEWS, "/members"), "carol", { members: ["alice", "nobody"] });
    expect(added).toEqual({
      status: 500,
      body: { error_code: "ERR_SCHEMA_VALIDATION", reason: { results: [null, { source_id: "missing-required-key" }] } },
    });
    expect(groups().state.grouper.groups.get(NEWS)?.members).toEqual(["carol", "alice"]);
    const removed = await call(groups(), "POST", group(NEWS, "/members/deleter"), "carol", {
      members: ["nobody", "alice"],
    });
    expect(removed.status).toBe(500);
    expect(removed.body.reason).toEqual({ results: [{ source_id: "missing-required-key" }, null] });
    expect(groups().state.grouper.groups.get(NEWS)?.members).toEqual(["carol"]);
  });

  it("answers a refused line with the subject's source and name, and a group it cannot find with no lines", async () => {
    const refused = await call(groups(), "POST", group(NEWS, "/members"), "bob", { members: ["alice"] });
    expect(refused).toEqual({
      status: 200,
      body: { results: [{ success: false, subject_id: "alice", source_id: "ldap", subject_name: "Alice Liddell" }] },
    });
    for (const path of [
      group(`${ROOT}:teams:carol:nope`, "/members"),
      group(`${ROOT}:teams:carol:nope`, "/members/deleter"),
    ]) {
      expect(await call(groups(), "POST", path, "carol", { members: ["alice"] })).toEqual({
        status: 200,
        body: { results: [] },
      });
    }
    await call(groups(), "POST", group(NEWS, "/privileges"), "carol", {
      updates: [{ subject_id: "GrouperAll", privileges: [] }],
    });
    expect(await call(groups(), "POST", group(NEWS, "/members"), "bob", { members: ["bob"] })).toEqual({
      status: 200,
      body: { results: [] },
    });
  });
});

describe("Grouper's refusals, passed on with 500 and the whole request's result code", () => {
  it("refuses group saves, deletions, member listings and privilege changes the actor may not make", async () => {
    await call(groups(), "POST", "/groups", "carol", { name: TEAM, type: "group" });
    const attempts: Array<[string, string, unknown, object]> = [
      ["POST", "/groups", { name: TEAM, type: "group" }, batch("PROBLEM_SAVING_GROUPS", "saving groups")],
      [
        "POST",
        "/groups",
        { name: `${ROOT}:teams:carol:evil`, type: "group" },
        batch("PROBLEM_SAVING_GROUPS", "saving groups"),
      ],
      ["PUT", group(NEWS), { description: "mine" }, batch("PROBLEM_SAVING_GROUPS", "saving groups")],
      ["DELETE", group(NEWS), undefined, batch("PROBLEM_DELETING_GROUPS", "deleting groups")],
      ["GET", group(NEWS, "/members"), undefined, batch("PROBLEM_GETTING_MEMBERS", "getting members for groups")],
      [
        "POST",
        group(NEWS, "/privileges"),
        { updates: [{ subject_id: "alice", privileges: ["read"] }] },
        batch("PROBLEM_WITH_ASSIGNMENT", "users assigned privileges"),
      ],
    ];
    for (const [method, path, body, refusal] of attempts) {
      const actor =
        method === "POST" && path === "/groups" && (body as { name: string }).name === TEAM ? "carol" : "bob";
      expect(await call(groups(), method, path, actor, body), `${method} ${path}`).toEqual({
        status: 500,
        body: refusal,
      });
    }
    expect(groups().state.grouper.groups.get(NEWS)?.description).toBe("News about the platform");
  });

  it("refuses a rename onto a taken name as any other save, and a taken folder as any other folder save", async () => {
    await call(groups(), "POST", "/groups", "carol", { name: TEAM, type: "group" });
    expect(await call(groups(), "PUT", group(TEAM), "carol", { name: NEWS })).toEqual({
      status: 500,
      body: batch("PROBLEM_SAVING_GROUPS", "saving groups"),
    });
    expect(await call(groups(), "POST", "/folders", "de_grouper", { name: `${ROOT}:teams` })).toEqual({
      status: 500,
      body: batch("PROBLEM_SAVING_STEMS", "saving stems"),
    });
  });

  it("fails the groups of a subject Grouper does not know (PROBLEM_RETRIEVING_GROUPS), and lookups Grouper answers 404", async () => {
    expect(await call(groups(), "GET", "/subjects/nobody/groups", "carol")).toEqual({
      status: 500,
      body: batch("PROBLEM_RETRIEVING_GROUPS", "groups retrieved for subjects"),
    });
    const lookups: Array<[string, string]> = [
      ["/subjects/nobody/privileges", "SUBJECT_NOT_FOUND"],
      [`${group(`${ROOT}:nope`)}/privileges`, "GROUP_NOT_FOUND"],
    ];
    for (const [path, code] of lookups) {
      expect(await call(groups(), "GET", path, "carol"), path).toEqual({
        status: 500,
        body: { error_code: "ERR_NOT_FOUND", grouper_result_code: code, grouper_result_message: null },
      });
    }
    const folder = await call(
      groups(),
      "GET",
      `/groups?search=x&folder=${encodeURIComponent(`${ROOT}:nope`)}`,
      "carol",
    );
    expect(folder.status).toBe(500);
    expect(folder.body).toMatchObject({ error_code: "ERR_BAD_REQUEST", grouper_result_code: "INVALID_QUERY" });
  });
});

describe("iplant-groups' own refusals", () => {
  it("answers groups, folders and subjects it cannot find with 404 and what it looked for", async () => {
    expect(await call(groups(), "GET", group(`${ROOT}:nope`), "carol")).toEqual({
      status: 404,
      body: { error_code: "ERR_NOT_FOUND", reason: null, description: "group", id: `${ROOT}:nope` },
    });
    await call(groups(), "POST", group(NEWS, "/privileges"), "carol", {
      updates: [{ subject_id: "GrouperAll", privileges: [] }],
    });
    expect((await call(groups(), "GET", group(NEWS), "bob")).body).toMatchObject({ description: "group", id: NEWS });
    expect(await call(groups(), "GET", `/folders/${encodeURIComponent(`${ROOT}:nope`)}`, "carol")).toEqual({
      status: 404,
      body: { error_code: "ERR_NOT_FOUND", reason: null, description: "folder", id: `${ROOT}:nope` },
    });
    expect(await call(groups(), "GET", "/subjects/nobody", "carol")).toEqual({
      status: 404,
      body: { error_code: "ERR_NOT_FOUND", reason: null, grouper_result_code: "SUBJECT_NOT_FOUND", id: "nobody" },
    });
  });

  it("answers a folder one may not create in with 403, and deletes a group Grouper cannot find with its name only", async () => {
    const name = `${ROOT}:teams:carol:sub`;
    expect(await call(groups(), "POST", "/folders", "bob", { name })).toEqual({
      status: 403,
      body: { error_code: "ERR_FORBIDDEN", reason: null, description: "folder", id: name },
    });
    expect(await call(groups(), "DELETE", group(`${ROOT}:nope`), "carol")).toEqual({
      status: 200,
      body: { name: `${ROOT}:nope` },
    });
  });

  it("refuses requests its schemas refuse with 400 ERR_ILLEGAL_ARGUMENT and the schema error as the reason", async () => {
    expect(await call(groups(), "GET", group(NEWS), undefined)).toEqual({
      status: 400,
      body: { error_code: "ERR_ILLEGAL_ARGUMENT", reason: { user: "missing-required-key" } },
    });
    expect((await call(groups(), "GET", "/subjects", "bob")).body).toEqual({
      error_code: "ERR_ILLEGAL_ARGUMENT",
      reason: { search: "missing-required-key" },
    });
    const unknownPrivilege = await call(groups(), "POST", group(NEWS, "/privileges"), "carol", {
      updates: [{ subject_id: "bob", privileges: ["root"] }],
    });
    expect(unknownPrivilege.status).toBe(400);
    expect(unknownPrivilege.body).toEqual({
      error_code: "ERR_ILLEGAL_ARGUMENT",
      reason: { updates: [{ privileges: [expect.stringMatching(/^\(not \(#\{("[A-Za-z]+" ?)+\} "root"\)\)$/)] }] },
    });
    const entityType = await call(groups(), "GET", "/subjects/carol/privileges?entity-type=stem", "carol");
    expect(entityType.body).toMatchObject({
      error_code: "ERR_ILLEGAL_ARGUMENT",
      reason: { "entity-type": expect.any(String) },
    });
  });

  it("refuses a change of one's own privileges with 400 ERR_BAD_REQUEST and its message", async () => {
    expect(
      await call(groups(), "POST", group(NEWS, "/privileges"), "carol", {
        updates: [{ subject_id: "carol", privileges: [] }],
      }),
    ).toEqual({
      status: 400,
      body: {
        error_code: "ERR_BAD_REQUEST",
        reason: "Updating your own privileges using this service is not permitted.",
      },
    });
  });
});

describe("answers of their own shape", () => {
  it("gives a single group's detail without its creator's subject, listings asked for details with it", async () => {
    const single = await call(groups(), "GET", group(NEWS), "carol");
    expect(single.body.detail).toMatchObject({ created_by: "carol" });
    expect(single.body.detail.created_by_detail).toBeUndefined();
    const created = await call(groups(), "POST", "/groups", "carol", { name: TEAM, type: "group" });
    expect(created.body.detail.created_by_detail).toBeUndefined();
    const creator = { id: "carol", name: "Carol Danvers", source_id: "ldap" };
    const searched = await call(groups(), "GET", "/groups?search=platform&details=true", "carol");
    expect(searched.body.groups[0].detail.created_by_detail).toMatchObject(creator);
    const ofCarol = await call(groups(), "GET", "/subjects/carol/groups?details=true", "carol");
    expect(ofCarol.body.groups[0].detail.created_by_detail).toMatchObject(creator);
    const plain = await call(groups(), "GET", "/subjects/carol/groups", "carol");
    expect(plain.body.groups[0].detail).toBeUndefined();
  });

  it("lists a subject's privileges under a plain name prefix, folders too, the folder never looked up", async () => {
    const prefixed = await call(
      groups(),
      "GET",
      `/subjects/carol/privileges?folder=${encodeURIComponent(`${ROOT}:teams:car`)}`,
      "de_grouper",
    );
    expect(prefixed.status).toBe(200);
    // Her team's (admin as its creator, optout, and view and optin as every user) and her folder's.
    expect(prefixed.body.privileges.map((entry: { name: string }) => entry.name).sort()).toEqual([
      "admin",
      "optin",
      "optout",
      "stem",
      "view",
    ]);
    const nowhere = await call(
      groups(),
      "GET",
      `/subjects/carol/privileges?folder=${encodeURIComponent(`${ROOT}:nope`)}`,
      "de_grouper",
    );
    expect(nowhere).toEqual({ status: 200, body: { privileges: [] } });
    const folders = await call(groups(), "GET", "/subjects/carol/privileges?entity-type=folder", "carol");
    expect(folders.body.privileges).toEqual([
      expect.objectContaining({
        type: "naming",
        name: "stem",
        folder: expect.objectContaining({ name: `${ROOT}:teams:carol` }),
      }),
    ]);
  });

  it("looks subjects up by id, answering only those found, each once", async () => {
    const found = await call(groups(), "POST", "/subjects/lookup", "bob", {
      subject_ids: ["alice", "nobody", "alice", "GrouperAll"],
    });
    expect(found).toEqual({
      status: 200,
      body: {
        subjects: [
          expect.objectContaining({ id: "alice", source_id: "ldap" }),
          { id: "GrouperAll", name: "EveryEntity", source_id: "g:isa" },
        ],
      },
    });
  });
});
