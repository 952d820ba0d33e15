import { SimulatedPlatform } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

/**
 * The groups backend simulator on its own, over HTTP: the Grouper behaviour the gateway relies on
 * (privileges checked for the subject in `?user=`, 404 / 403 / 409 / 400 answers).
 */
let platform: SimulatedPlatform;
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(() => platform.stop());
beforeEach(() => platform.reset());

const ROOT = "iplant:de:dev";
const TEAM = `${ROOT}:teams:carol:platform-news`;

async function call(method: string, path: string, user: string | undefined, body?: unknown) {
  const url = new URL(path, platform.groups.url);
  if (user) url.searchParams.set("user", user);
  const response = await fetch(url, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const group = (name: string) => `/groups/${encodeURIComponent(name)}`;

describe("groups backend simulator", () => {
  it("needs the acting subject in ?user=", async () => {
    const response = await call("GET", group(TEAM), undefined);
    expect(response.status).toBe(400);
  });

  it("answers 404 for missing or invisible groups, folders and subjects", async () => {
    expect((await call("GET", group(`${ROOT}:teams:carol:nope`), "carol")).body).toMatchObject({
      grouper_result_code: "GROUP_NOT_FOUND",
    });
    expect((await call("GET", `/folders/${encodeURIComponent(`${ROOT}:nope`)}`, "carol")).status).toBe(404);
    expect((await call("GET", "/subjects/nobody", "carol")).body).toMatchObject({
      grouper_result_code: "SUBJECT_NOT_FOUND",
    });
    await call("POST", `${group(TEAM)}/privileges`, "carol", {
      updates: [{ subject_id: "GrouperAll", privileges: [] }],
    });
    expect((await call("GET", group(TEAM), "bob")).status).toBe(404);
  });

  it("refuses what the acting subject may not do as iplant-groups does: 500 with Grouper's code, 403 for folders, failed lines for memberships", async () => {
    const evil = await call("POST", "/groups", "bob", { name: `${ROOT}:teams:carol:evil`, type: "group" });
    expect(evil.status).toBe(500);
    expect(evil.body).toMatchObject({
      error_code: "ERR_REQUEST_FAILED",
      grouper_result_code: "INSUFFICIENT_PRIVILEGES",
    });
    expect((await call("POST", "/folders", "bob", { name: `${ROOT}:teams:carol:sub` })).status).toBe(403);
    expect((await call("PUT", group(TEAM), "bob", { description: "mine" })).status).toBe(500);
    expect((await call("DELETE", group(TEAM), "bob")).status).toBe(500);
    expect((await call("GET", `${group(TEAM)}/members`, "bob")).status).toBe(500);
    // Membership changes are answered 200 with a line per subject; a refused one fails, nothing changes for it.
    expect(await call("POST", `${group(TEAM)}/members`, "bob", { members: ["alice"] })).toMatchObject({
      status: 200,
      body: { results: [{ success: false, subject_id: "alice" }] },
    });
    // Everyone holds optin on the demo team: bob may add himself, and only himself.
    expect((await call("POST", `${group(TEAM)}/members`, "bob", { members: ["bob"] })).status).toBe(200);
    expect(await call("POST", `${group(TEAM)}/members/deleter`, "bob", { members: ["bob"] })).toMatchObject({
      status: 200,
      body: { results: [{ success: false, subject_id: "bob" }] },
    });
    expect((await call("GET", `${group(TEAM)}/members`, "carol")).body).toMatchObject({
      members: [{ id: "carol" }, { id: "bob" }],
    });
  });

  it("refuses duplicates with 500 and Grouper's code, as iplant-groups, and unknown privilege names with 400", async () => {
    const duplicate = await call("POST", "/groups", "carol", { name: TEAM, type: "group" });
    expect(duplicate.status).toBe(500);
    expect(duplicate.body).toMatchObject({ grouper_result_code: "GROUP_ALREADY_EXISTS" });
    const unknown = await call("POST", `${group(TEAM)}/privileges`, "carol", {
      updates: [{ subject_id: "bob", privileges: ["root"] }],
    });
    expect(unknown.status).toBe(400);
  });

  it("lets an administrator grant privileges that imply others (admin implies all, any implies view)", async () => {
    const granted = await call("POST", `${group(TEAM)}/privileges?replace=false`, "carol", {
      updates: [{ subject_id: "bob", privileges: ["admin"] }],
    });
    expect(granted.status).toBe(200);
    expect((await call("PUT", group(TEAM), "bob", { description: "bob's now" })).status).toBe(200);
    expect((await call("GET", `${group(TEAM)}/members`, "bob")).status).toBe(200);
    await call("POST", `${group(TEAM)}/privileges`, "carol", {
      updates: [
        { subject_id: "bob", privileges: ["optout"] },
        { subject_id: "GrouperAll", privileges: [] },
      ],
    });
    expect((await call("GET", group(TEAM), "bob")).status).toBe(200);
    expect((await call("GET", group(TEAM), "alice")).status).toBe(404);
  });

  it("searches subjects on id, names and e-mail", async () => {
    const found = await call("GET", "/subjects?search=LIDDELL", "bob");
    expect(found.body).toEqual({
      subjects: [expect.objectContaining({ id: "alice", name: "Alice Liddell", source_id: "ldap" })],
    });
    expect((await call("GET", "/subjects", "bob")).status).toBe(400);
  });

  it("finds the groups the actor may see in a subject search, as Grouper's group source", async () => {
    const news = platform.groups.state.grouper.groups.get(TEAM);
    const found = await call("GET", "/subjects?search=platform-news", "bob");
    expect(found.body).toEqual({
      subjects: [{ id: news?.id, name: TEAM, description: "News about the platform", source_id: "g:gsa" }],
    });
    const hidden = await call("POST", `${group(TEAM)}/privileges`, "carol", {
      updates: [{ subject_id: "GrouperAll", privileges: [] }],
    });
    expect(hidden.status).toBe(200);
    expect((await call("GET", "/subjects?search=platform-news", "bob")).body).toEqual({ subjects: [] });
    expect((await call("GET", "/subjects?search=platform-news", "carol")).body.subjects).toHaveLength(1);
  });
});
