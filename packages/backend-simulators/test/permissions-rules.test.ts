import { describe, expect, it } from "vitest";
import { jsonClient } from "./json-client.js";
import { platformPerFile } from "./platform-per-file.js";

/**
 * How the permissions service refuses and what it keeps (src/permissions): go-swagger's 422 `{code, message}` for a
 * request its spec refuses, its handlers' `{reason}`, the subjects table, and subjects' sources from Grouper.
 */
const platform = platformPerFile();

const ANALYSIS = "d6e5f4a3-0000-4000-8000-000000000001";
const LIST = "0e1f2a3b-0000-4000-8000-0000000000f2";
const grant = (type: string, id: string) => `/permissions/resources/analysis/${ANALYSIS}/subjects/${type}/${id}`;

const call = jsonClient(() => platform().permissions.url);

describe("requests go-swagger refuses: 422 with its code and message", () => {
  it("refuses a level, a subject type or a missing level outside the spec", async () => {
    expect(await call("GET", `/permissions/subjects/user/alice/analysis/${ANALYSIS}?min-level=owner`)).toEqual({
      status: 422,
      body: { code: 606, message: "min_level in query should be one of [read admin write own]" },
    });
    expect(await call("PUT", grant("user", "bob"), { permission_level: "owner" })).toEqual({
      status: 422,
      body: { code: 606, message: "permission_level in body should be one of [read admin write own]" },
    });
    expect(await call("PUT", grant("user", "bob"), {})).toEqual({
      status: 422,
      body: { code: 602, message: "permission_level in body is required" },
    });
    expect(await call("PUT", grant("team", "bob"), { permission_level: "read" })).toEqual({
      status: 422,
      body: { code: 606, message: "subject_type in path should be one of [user group]" },
    });
    expect(await call("DELETE", "/subjects?subject_type=group")).toEqual({
      status: 422,
      body: { code: 602, message: "subject_id in query is required" },
    });
  });

  it("reads any lookup value it does not take for true as false (swag.ConvertBool never refuses)", async () => {
    const answer = await call("GET", `/permissions/subjects/user/alice/analysis/${ANALYSIS}?lookup=perhaps`);
    expect(answer.status).toBe(200);
    expect(answer.body.permissions).toEqual([expect.objectContaining({ permission_level: "own" })]);
  });
});

describe("the subjects table", () => {
  it("keeps the subject row of a copy's source, so that forgetting it succeeds though it holds nothing", async () => {
    expect(await call("DELETE", `/subjects?subject_id=${LIST}&subject_type=group`)).toEqual({
      status: 404,
      body: { reason: `subject not found: group:${LIST}` },
    });
    const copied = await call("POST", `/permissions/subjects/group/${LIST}/copy`, {
      subjects: [{ subject_type: "user", subject_id: "bob" }],
    });
    expect(copied.status).toBe(200);
    expect((await call("DELETE", `/subjects?subject_id=${LIST}&subject_type=group`)).status).toBe(200);
    expect((await call("DELETE", `/subjects?subject_id=${LIST}&subject_type=group`)).status).toBe(404);
  });

  it("refuses a subject id known with the other type: looked up (400), granted (400) or copied to (400)", async () => {
    expect((await call("PUT", grant("group", LIST), { permission_level: "read" })).status).toBe(200);
    expect(await call("GET", `/permissions/subjects/user/${LIST}/analysis/${ANALYSIS}`)).toEqual({
      status: 400,
      body: { reason: `incorrect type for subject, ${LIST}: user` },
    });
    expect(await call("PUT", grant("user", LIST), { permission_level: "read" })).toEqual({
      status: 400,
      body: { reason: `another subject with ID, ${LIST}, already exists` },
    });
    const copy = await call("POST", "/permissions/subjects/user/alice/copy", {
      subjects: [
        { subject_type: "user", subject_id: "carol" },
        { subject_type: "user", subject_id: LIST },
      ],
    });
    expect(copy).toEqual({ status: 400, body: { reason: `another subject with ID, ${LIST}, already exists` } });
    const carols = await call("GET", `/permissions/subjects/user/carol/analysis/${ANALYSIS}`);
    expect(carols.body.permissions).toEqual([]);
  });

  it("refuses a grant on a resource type it does not know", async () => {
    expect(
      await call("PUT", "/permissions/resources/widget/w1/subjects/user/bob", { permission_level: "read" }),
    ).toEqual({
      status: 400,
      body: { reason: "no resource type named, widget, found" },
    });
  });
});

describe("subjects' sources", () => {
  it("are Grouper's for the subjects it has, and empty for the others", async () => {
    const news = platform().groups.state.grouper.groups.get("iplant:de:dev:teams:carol:platform-news")?.id ?? "";
    const sourceOf = async (type: string, id: string) =>
      (await call("PUT", grant(type, id), { permission_level: "read" })).body.subject.subject_source_id;
    expect(await sourceOf("user", "bob")).toBe("ldap");
    expect(await sourceOf("group", news)).toBe("g:gsa");
    expect(await sourceOf("user", "ghost")).toBe("");
  });
});
