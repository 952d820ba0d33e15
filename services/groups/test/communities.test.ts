import { randomUUID } from "node:crypto";
import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { SERVICE_ACCOUNT, send } from "./helpers.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const FOLDER = "iplant:de:dev:communities";
const TAG = "cyverse-community";
const enc = encodeURIComponent;

/** sonora's createCollection: `POST /communities {name, description}`. */
async function create(username: string, name: string, description = "A community") {
  const response = await send(service, username, "POST", "/communities", { name, description });
  if (response.statusCode !== 200) throw new Error(`community not created: ${response.statusCode} ${response.body}`);
  return response.json();
}

const grouperGroup = (name: string) => service.platform.groups.state.grouper.groups.get(`${FOLDER}:${name}`);
const privilegesOf = (name: string, subject: string) =>
  (grouperGroup(name)?.grants ?? [])
    .filter((grant) => grant.subjectId === subject)
    .map((grant) => grant.privilege)
    .sort();
const entry = async (username: string, name: string, query = "") =>
  (await send(service, username, "GET", `/communities${query}`))
    .json()
    .groups.find((group: { name: string }) => group.name === name);

/** Tags an app with a community in the metadata backend, as the apps backend does for the client. */
async function tagApp(appId: string, community: string) {
  const response = await fetch(`${service.platform.metadata.url}/avus/app/${appId}?user=alice`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ avus: [{ attr: TAG, value: `${FOLDER}:${community}`, unit: "" }] }),
  });
  if (!response.ok) throw new Error(`app not tagged: ${response.status}`);
}
/** Tags alice's app in the metadata service, where the apps backend reads the tags it lists a community's apps by. */
async function tagAlicesApp(community: string): Promise<string> {
  const aligner = [...service.platform.apps.state.catalog.apps.values()].find(
    (app) => app.integrator_username === "alice",
  )?.id;
  if (!aligner) throw new Error("the apps simulator has no app of alice's");
  await tagApp(aligner, community);
  return aligner;
}
async function tagsOf(appId: string): Promise<string[]> {
  const response = await fetch(`${service.platform.metadata.url}/avus/app/${appId}?user=alice`);
  const { avus } = (await response.json()) as { avus: Array<{ attr: string; value: string }> };
  return avus.filter((avu) => avu.attr === TAG).map((avu) => avu.value);
}

describe("communities as the web client uses them", () => {
  it("alice creates one: named without the folder, she administers it, everyone may see and join it", async () => {
    const created = await create("alice", "genomics", "Genome people");
    // The client tags apps with the full name, which it reads from display_name (the reference strips only name).
    expect(created).toMatchObject({
      name: "genomics",
      description: "Genome people",
      type: "group",
      display_name: `${FOLDER}:genomics`,
    });
    expect(created.name).not.toContain(FOLDER);
    expect(created.detail).toBeUndefined();
    expect(privilegesOf("genomics", "alice")).toEqual(["admin"]);
    expect(privilegesOf("genomics", "GrouperAll")).toEqual(["optin", "read"]);
    expect(privilegesOf("genomics", SERVICE_ACCOUNT)).toEqual(["admin"]);
    expect(await entry("alice", "genomics")).toMatchObject({
      name: "genomics",
      member: false,
      privileges: expect.arrayContaining(["admin", "read", "optin"]),
    });
    const info = await send(service, "bob", "GET", "/communities/genomics");
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ name: "genomics", display_extension: "genomics" });
  });

  it("searches by name and gives details when asked, with the caller's flags", async () => {
    await create("alice", "genomics");
    await create("alice", "ecology");
    const found = await send(service, "bob", "GET", "/communities?search=GEN&details=true");
    expect(found.statusCode).toBe(200);
    expect(found.json().groups).toEqual([
      expect.objectContaining({
        name: "genomics",
        detail: expect.objectContaining({ created_by: SERVICE_ACCOUNT }),
        member: false,
        privileges: expect.arrayContaining(["read", "optin"]),
      }),
    ]);
    expect(found.json().groups[0].privileges).not.toContain("admin");
  });

  it("bob joins and leaves; the listings say whether he is a member", async () => {
    await create("alice", "genomics");
    const joined = await send(service, "bob", "POST", "/communities/genomics/join");
    expect(joined.statusCode).toBe(200);
    expect(joined.json().results).toEqual([expect.objectContaining({ success: true, subject_id: "bob" })]);
    expect(privilegesOf("genomics", "bob")).toEqual(["optout", "read"]);
    // sonora's getMyCollections: GET /communities?member=<userId>
    const mine = await send(service, "bob", "GET", "/communities?member=bob");
    expect(mine.json().groups).toEqual([
      expect.objectContaining({ name: "genomics", member: true, privileges: expect.arrayContaining(["optout"]) }),
    ]);
    expect((await entry("alice", "genomics")).member).toBe(false);
    const members = await send(service, "alice", "GET", "/communities/genomics/members");
    expect(members.json().members.map((member: { id: string }) => member.id)).toEqual(["bob"]);
    const left = await send(service, "bob", "POST", "/communities/genomics/leave");
    expect(left.statusCode).toBe(200);
    expect(left.json().results).toEqual([expect.objectContaining({ success: true })]);
    expect(privilegesOf("genomics", "bob")).toEqual([]);
    expect((await send(service, "bob", "GET", "/communities?member=bob")).json().groups).toEqual([]);
    expect((await entry("bob", "genomics")).member).toBe(false);
  });

  it("only an administrator changes it: bob's rename is 403 until alice adds him as admin, and he is notified", async () => {
    await create("alice", "genomics");
    for (const [method, url, body] of [
      ["PATCH", "/communities/genomics", { name: "bobs" }],
      ["DELETE", "/communities/genomics", undefined],
      ["POST", "/communities/genomics/admins", { members: ["bob"] }],
      ["POST", "/communities/genomics/admins/deleter", { members: ["alice"] }],
    ] as const) {
      const refused = await send(service, "bob", method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toMatchObject({
        error_code: "ERR_FORBIDDEN",
        reason: expect.stringMatching(/administrator/),
      });
    }
    expect(grouperGroup("genomics")).toBeDefined();
    expect(privilegesOf("genomics", "alice")).toEqual(["admin"]);

    const added = await send(service, "alice", "POST", "/communities/genomics/admins", { members: ["bob"] });
    expect(added.statusCode).toBe(200);
    expect(added.json().results).toEqual([expect.objectContaining({ success: true, subject_id: "bob" })]);
    expect(service.platform.notifications.state.intake.messages).toEqual([
      expect.objectContaining({
        user: "bob",
        type: "community",
        subject: "Added as collection admin to genomics",
        email: true,
        emailTemplate: "blank",
        payload: expect.objectContaining({
          action: "added_to_community",
          email_address: "bob@example.org",
          team_name: "genomics",
        }),
      }),
    ]);
    const admins = await send(service, "bob", "GET", "/communities/genomics/admins");
    expect(
      admins
        .json()
        .members.map((admin: { id: string }) => admin.id)
        .sort(),
    ).toEqual(["alice", "bob"]);

    const renamed = await send(service, "bob", "PATCH", "/communities/genomics", { name: "genomes" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "genomes" });
    expect(grouperGroup("genomes")).toBeDefined();

    const removed = await send(service, "bob", "POST", "/communities/genomes/admins/deleter", { members: ["alice"] });
    expect(removed.statusCode).toBe(200);
    expect(privilegesOf("genomes", "alice")).toEqual([]);
  });

  it("refuses a rename while apps are tagged with it, retags them when asked, and renames anyway when forced", async () => {
    await create("alice", "genomics");
    const [first, second] = [randomUUID(), randomUUID()];
    await tagApp(first, "genomics");
    await tagApp(second, "genomics");
    const refused = await send(service, "alice", "PATCH", "/communities/genomics", { name: "genomes" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error_code: "ERR_EXISTS",
      reason: "Some apps have been tagged with the old community name",
      app_ids: expect.arrayContaining([first, second]),
    });
    expect(grouperGroup("genomics")).toBeDefined();
    // A description alone is no rename.
    expect((await send(service, "alice", "PATCH", "/communities/genomics", { description: "new" })).statusCode).toBe(
      200,
    );

    // sonora's updateCollectionNameDesc after its retag dialog: PATCH ?retag-apps=true {name, description}
    const retagged = await send(service, "alice", "PATCH", "/communities/genomics?retag-apps=true", {
      name: "genomes",
      description: "new",
    });
    expect(retagged.statusCode).toBe(200);
    expect(await tagsOf(first)).toEqual([`${FOLDER}:genomes`]);
    expect(await tagsOf(second)).toEqual([`${FOLDER}:genomes`]);

    const forced = await send(service, "alice", "PATCH", "/communities/genomes?force-rename=true", { name: "omics" });
    expect(forced.statusCode).toBe(200);
    expect(await tagsOf(first)).toEqual([`${FOLDER}:genomes`]);
    expect(grouperGroup("omics")).toBeDefined();
  });

  it("adds the apps backend's listing of the community's apps to a refused rename, as the reference does", async () => {
    await create("alice", "genomics");
    const aligner = await tagAlicesApp("genomics");
    const refused = await send(service, "alice", "PATCH", "/communities/genomics", { name: "genomes" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error_code: "ERR_EXISTS",
      app_ids: [aligner],
      apps: { total: 1, apps: [expect.objectContaining({ id: aligner })] },
    });
    service.platform.apps.faults.set({ mode: "json-500", path: "/communities/" });
    const withoutListing = await send(service, "alice", "PATCH", "/communities/genomics", { name: "genomes" });
    expect(withoutListing.statusCode).toBe(409);
    expect(withoutListing.json().apps).toBeUndefined();
  });

  it("retags an app so that the apps backend, which reads its tags from the metadata service, lists it by the new name", async () => {
    await create("alice", "genomics");
    const aligner = await tagAlicesApp("genomics");
    const retagged = await send(service, "alice", "PATCH", "/communities/genomics?retag-apps=true", {
      name: "genomes",
    });
    expect(retagged.statusCode).toBe(200);
    const apps = service.platform.apps.url;
    await fetch(`${apps}/workspaces?user=alice`); // the backend lists apps only for a user with a workspace
    const listed = async (community: string) => {
      const response = await fetch(
        `${apps}/apps/communities/${encodeURIComponent(`${FOLDER}:${community}`)}/apps?user=alice`,
      );
      return ((await response.json()) as { apps: Array<{ id: string }> }).apps.map((app) => app.id);
    };
    expect(await listed("genomes")).toEqual([aligner]);
    expect(await listed("genomics")).toEqual([]);
  });

  it("deletes a community and its subject in the permissions service", async () => {
    const created = await create("alice", "genomics");
    const deleted = await send(service, "alice", "DELETE", "/communities/genomics");
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ name: "genomics", id: created.id });
    expect(grouperGroup("genomics")).toBeUndefined();
    expect(service.platform.permissions.recorder.to("DELETE", "/subjects")[0]?.query).toMatchObject({
      subject_id: created.id,
      subject_type: "group",
    });
    expect((await send(service, "alice", "GET", "/communities/genomics")).statusCode).toBe(404);
  });
});

describe("communities for administrators (/admin/communities)", () => {
  it("carol lists every community, without the caller's membership details", async () => {
    await create("alice", "genomics");
    await create("bob", "ecology");
    const listed = await send(service, "carol", "GET", "/admin/communities");
    expect(listed.statusCode).toBe(200);
    expect(listed.json().groups.map((group: { name: string }) => group.name)).toEqual(["ecology", "genomics"]);
    expect(listed.json().groups[0].member).toBeUndefined();
    const searched = await send(service, "carol", "GET", "/admin/communities?search=eco&details=true");
    expect(searched.json().groups).toEqual([expect.objectContaining({ name: "ecology", detail: expect.any(Object) })]);
    expect((await send(service, "alice", "GET", "/admin/communities")).statusCode).toBe(403);
  });

  it("acts as the platform: carol changes alice's community without administering it", async () => {
    await create("alice", "genomics");
    expect((await send(service, "carol", "GET", "/admin/communities/genomics")).json()).toMatchObject({
      name: "genomics",
    });
    const admins = await send(service, "carol", "POST", "/admin/communities/genomics/admins", { members: ["bob"] });
    expect(admins.statusCode).toBe(200);
    expect(privilegesOf("genomics", "bob")).toEqual(["admin"]);
    expect(service.platform.notifications.state.intake.messages).toHaveLength(1);
    const listedAdmins = await send(service, "carol", "GET", "/admin/communities/genomics/admins");
    expect(
      listedAdmins
        .json()
        .members.map((admin: { id: string }) => admin.id)
        .sort(),
    ).toEqual(["alice", "bob"]);
    const renamed = await send(service, "carol", "PATCH", "/admin/communities/genomics", { name: "genomes" });
    expect(renamed.statusCode).toBe(200);
    const unmade = await send(service, "carol", "POST", "/admin/communities/genomes/admins/deleter", {
      members: ["bob"],
    });
    expect(unmade.statusCode).toBe(200);
    expect(privilegesOf("genomes", "bob")).toEqual([]);
    expect((await send(service, "carol", "DELETE", "/admin/communities/genomes")).statusCode).toBe(200);
    expect(grouperGroup("genomes")).toBeUndefined();
  });

  it("an administrator's community from /admin/communities is hers to administer", async () => {
    const created = await send(service, "carol", "POST", "/admin/communities", { name: "operations" });
    expect(created.statusCode).toBe(200);
    expect(privilegesOf("operations", "carol")).toEqual(["admin"]);
  });
});

describe("communities: bad input", () => {
  it("answers 404 for an unknown community", async () => {
    for (const [method, url] of [
      ["GET", "/communities/nowhere"],
      ["PATCH", "/communities/nowhere"],
      ["POST", "/communities/nowhere/join"],
      ["GET", "/admin/communities/nowhere"],
    ] as const) {
      const response = await send(
        service,
        method.startsWith("G") && url.startsWith("/admin") ? "carol" : "alice",
        method,
        url,
        method === "PATCH" ? {} : undefined,
      );
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    }
  });

  it("refuses a name with the folder typed in, or any colon, with 400", async () => {
    await create("alice", "genomics");
    for (const [method, url, body] of [
      ["GET", `/communities/${enc(`${FOLDER}:genomics`)}`, undefined],
      ["POST", `/communities/${enc(`${FOLDER}:genomics`)}/join`, undefined],
      ["POST", "/communities", { name: `${FOLDER}:other` }],
      ["PATCH", "/communities/genomics", { name: "a:b" }],
    ] as const) {
      const response = await send(service, "alice", method, url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringMatching(/:/) });
    }
  });

  it("refuses malformed bodies and the gateway's own account with 400", async () => {
    await create("alice", "genomics");
    for (const [url, body] of [
      ["/communities", {}],
      ["/communities", { name: "  " }],
      ["/communities", { name: 7 }],
      ["/communities/genomics/admins", { members: "bob" }],
      ["/communities/genomics/admins", {}],
      ["/communities/genomics/admins", { members: [SERVICE_ACCOUNT] }],
      ["/communities/genomics/admins/deleter", { members: [SERVICE_ACCOUNT] }],
    ] as const) {
      const response = await send(service, "alice", "POST", url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json()).toMatchObject({ error_code: expect.any(String), reason: expect.anything() });
    }
    const flag = await send(service, "alice", "PATCH", "/communities/genomics?retag-apps=perhaps", { name: "x" });
    expect(flag.statusCode).toBe(400);
  });

  it("refuses administrators that do not exist with 400 naming them, granting nothing", async () => {
    await create("alice", "genomics");
    for (const url of ["/communities/genomics/admins", "/communities/genomics/admins/deleter"]) {
      const response = await send(service, "alice", "POST", url, { members: ["bob", "ghost"] });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", subject_ids: ["ghost"] });
    }
    expect(privilegesOf("genomics", "bob")).toEqual([]);
    expect(grouperGroup("genomics")?.members).toEqual([]);
  });

  it("answers 409 for a community that exists already", async () => {
    await create("alice", "genomics");
    const again = await send(service, "bob", "POST", "/communities", { name: "genomics" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: "ERR_EXISTS" });
    await create("alice", "ecology");
    const taken = await send(service, "alice", "PATCH", "/communities/ecology?retag-apps=true", { name: "genomics" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error_code: "ERR_EXISTS", reason: expect.stringMatching(/genomics/) });
  });

  it("answers 502 when the groups backend is down, and when the metadata backend fails a rename's tag check", async () => {
    await create("alice", "genomics");
    service.platform.metadata.faults.set({ mode: "json-500", path: "^/avus$" });
    const rename = await send(service, "alice", "PATCH", "/communities/genomics", { name: "genomes" });
    expect(rename.statusCode).toBe(502);
    expect(grouperGroup("genomics")).toBeDefined();
    await service.platform.groups.stop();
    try {
      expect((await send(service, "alice", "GET", "/communities")).statusCode).toBe(502);
    } finally {
      await service.platform.groups.start();
    }
  });
});
