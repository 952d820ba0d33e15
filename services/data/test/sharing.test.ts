import { describe, expect, it } from "vitest";
import { HOME, q, useDataService } from "./support.js";

const service = useDataService();
const send = service.send;

const NOTES = `${HOME("alice")}/notes.txt`;
const MEASUREMENTS = `${HOME("alice")}/measurements.csv`;
const ANALYSES = `${HOME("alice")}/analyses`;
const MISSING = `${HOME("alice")}/no-such-file.txt`;
/** Already shared read-only with bob by the seed. */
const FOR_BOB = `${HOME("alice")}/for-bob.txt`;

type Json = Record<string, unknown>;
const share = (user: string, sharing: unknown) => send(user, "POST", "/secured/share", { sharing });
const unshare = (user: string, body: unknown) => send(user, "POST", "/secured/unshare", { unshare: body });
const download = (user: string, path: string) => send(user, "GET", `/secured/fileio/download?path=${q(path)}`);

async function permissionOf(user: string, path: string): Promise<string | undefined> {
  const response = await send(user, "POST", "/secured/filesystem/stat", { paths: [path] });
  return response.statusCode === 200 ? response.json().paths[path].permission : undefined;
}

const notices = () => service.platform.notifications.state.intake.messages;
const noticesTo = (user: string) => notices().filter((notice) => notice.user === user);

describe("sharing and unsharing", () => {
  it("changes what the other user can read: shared, bob downloads the file; unshared, he cannot", async () => {
    expect((await download("bob", NOTES)).statusCode).toBe(404);
    const shared = await share("alice", [{ user: "bob", paths: [{ path: NOTES, permission: "read" }] }]);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual({
      sharing: [{ user: "bob", sharing: [{ path: NOTES, permission: "read", success: true }] }],
    });
    const downloaded = await download("bob", NOTES);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.body).toBe("Notes of alice.\nRemember the milk.\n");
    expect(await permissionOf("bob", NOTES)).toBe("read");

    const unshared = await unshare("alice", [{ user: "bob", paths: [NOTES] }]);
    expect(unshared.statusCode).toBe(200);
    expect(unshared.json()).toEqual({ unshare: [{ user: "bob", unshare: [{ path: NOTES, success: true }] }] });
    expect((await download("bob", NOTES)).statusCode).toBe(404);
    expect(await permissionOf("bob", NOTES)).toBeUndefined();
  });

  it("shares a folder with what is in it, at the permission asked", async () => {
    const output = `${ANALYSES}/run-1/output.tsv`;
    expect(await permissionOf("carol", output)).toBeUndefined();
    expect(
      (await share("alice", [{ user: "carol", paths: [{ path: ANALYSES, permission: "write" }] }])).statusCode,
    ).toBe(200);
    expect(await permissionOf("carol", ANALYSES)).toBe("write");
    expect(await permissionOf("carol", output)).toBe("write");
    expect((await download("carol", output)).statusCode).toBe(200);
    await unshare("alice", [{ user: "carol", paths: [ANALYSES] }]);
    expect(await permissionOf("carol", output)).toBeUndefined();
  });

  it("reports an outcome per path and user; a failing path or user does not fail the others", async () => {
    const response = await share("alice", [
      {
        user: "bob",
        paths: [
          { path: NOTES, permission: "read" },
          { path: MISSING, permission: "read" },
          { path: `${HOME("bob")}/notes.txt`, permission: "read" },
        ],
      },
      { user: "carol", paths: [{ path: MEASUREMENTS, permission: "own" }] },
      { user: "nobody-here", paths: [{ path: MEASUREMENTS, permission: "read" }] },
    ]);
    expect(response.statusCode).toBe(200);
    const [bob, carol, nobody] = response.json().sharing as Array<{ user: string; sharing: Json[] }>;
    expect(bob?.user).toBe("bob");
    expect(bob?.sharing).toEqual([
      { path: NOTES, permission: "read", success: true },
      expect.objectContaining({
        path: MISSING,
        success: false,
        error: expect.objectContaining({ error_code: "ERR_DOES_NOT_EXIST" }),
      }),
      expect.objectContaining({ path: `${HOME("bob")}/notes.txt`, success: false, error: expect.any(Object) }),
    ]);
    expect(carol).toEqual({ user: "carol", sharing: [{ path: MEASUREMENTS, permission: "own", success: true }] });
    expect(nobody?.sharing).toEqual([
      expect.objectContaining({
        path: MEASUREMENTS,
        success: false,
        error: expect.objectContaining({ error_code: "ERR_NOT_A_USER" }),
      }),
    ]);
    expect(await permissionOf("bob", NOTES)).toBe("read");
    expect(await permissionOf("carol", MEASUREMENTS)).toBe("own");
  });

  it("unshares path by path: what was not shared is reported as such, a missing path fails alone", async () => {
    const response = await unshare("alice", [{ user: "bob", paths: [FOR_BOB, MEASUREMENTS, MISSING] }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().unshare).toEqual([
      {
        user: "bob",
        unshare: [
          { path: FOR_BOB, success: true },
          expect.objectContaining({ path: MEASUREMENTS, success: true, reason: "not-shared" }),
          expect.objectContaining({
            path: MISSING,
            success: false,
            error: expect.objectContaining({ error_code: "ERR_DOES_NOT_EXIST" }),
          }),
        ],
      },
    ]);
    expect((await download("bob", FOR_BOB)).statusCode).toBe(404);
  });

  it("names the recipient by a directory subject or a group subject, answering the user it resolved to; a subject naming no user fails each path", async () => {
    const response = await share("alice", [
      { subject: { id: "bob", source_id: "ldap" }, paths: [{ path: NOTES, permission: "read" }] },
      { subject: { id: "lab", source_id: "g:gsa" }, paths: [{ path: NOTES, permission: "read" }] },
      { subject: { id: "x", source_id: "elsewhere" }, paths: [{ path: NOTES, permission: "write" }] },
    ]);
    expect(response.statusCode).toBe(200);
    const sharedWith = service.platform.fileInfo.recorder
      .to("POST", "/sharer")
      .map((request) => (request.body as { sharing: Array<{ user: string }> }).sharing.map((item) => item.user));
    expect(sharedWith).toEqual([["bob"], ["@grouper-lab"]]);
    const [bob, lab, elsewhere] = response.json().sharing;
    expect(lab).toMatchObject({ user: "@grouper-lab", subject: { id: "lab", source_id: "g:gsa" } });
    expect(bob).toEqual({
      user: "bob",
      subject: { id: "bob", source_id: "ldap" },
      sharing: [{ path: NOTES, permission: "read", success: true }],
    });
    expect(elsewhere).toEqual({
      subject: { id: "x", source_id: "elsewhere" },
      sharing: [
        {
          path: NOTES,
          permission: "write",
          success: false,
          error: { error_code: "ERR_BAD_OR_MISSING_FIELD", reason: expect.any(String) },
        },
      ],
    });
    expect(await permissionOf("bob", NOTES)).toBe("read");

    const unshared = await unshare("alice", [{ subject: { id: "x", source_id: "elsewhere" }, paths: [NOTES] }]);
    expect(unshared.statusCode).toBe(200);
    expect(unshared.json().unshare).toEqual([
      {
        subject: { id: "x", source_id: "elsewhere" },
        unshare: [
          {
            path: NOTES,
            success: false,
            error: { error_code: "ERR_BAD_OR_MISSING_FIELD", reason: expect.any(String) },
          },
        ],
      },
    ]);
    expect(await permissionOf("bob", NOTES)).toBe("read");
  });
});

describe("notifications", () => {
  it("tells the sharer and the sharee what was shared, as data notifications", async () => {
    await share("alice", [
      {
        user: "bob",
        paths: [
          { path: NOTES, permission: "read" },
          { path: MEASUREMENTS, permission: "read" },
        ],
      },
    ]);
    const payload = { action: "share", paths: [NOTES, MEASUREMENTS] };
    expect(noticesTo("bob")).toEqual([
      expect.objectContaining({
        type: "data",
        subject: "alice has shared 2 file(s)/folder(s) with you.",
        message: expect.objectContaining({
          text: "alice has shared the following file(s)/folder(s) with you: notes.txt, measurements.csv",
        }),
        payload,
      }),
    ]);
    expect(noticesTo("alice")).toEqual([
      expect.objectContaining({
        type: "data",
        subject: "2 file(s)/folder(s) have been shared with bob",
        message: expect.objectContaining({
          text: "The following file(s)/folder(s) have been shared with bob: notes.txt, measurements.csv",
        }),
        payload,
      }),
    ]);
  });

  it("tells the sharer about the paths that could not be shared, and nobody else", async () => {
    await share("alice", [{ user: "carol", paths: [{ path: MISSING, permission: "read" }] }]);
    expect(noticesTo("carol")).toEqual([]);
    expect(noticesTo("alice")).toEqual([
      expect.objectContaining({
        type: "data",
        subject: "1 file(s)/folder(s) could not be shared with carol",
        message: expect.objectContaining({
          text: "The following file(s)/folder(s) could not be shared with carol: no-such-file.txt",
        }),
        payload: { action: "share", paths: [MISSING] },
      }),
    ]);
  });

  it("tells the unsharer what was unshared", async () => {
    await unshare("alice", [{ user: "bob", paths: [FOR_BOB] }]);
    expect(noticesTo("alice")).toEqual([
      expect.objectContaining({
        type: "data",
        subject: "1 file(s)/folder(s) have been unshared with bob",
        message: expect.objectContaining({
          text: "The following file(s)/folder(s) have been unshared with bob: for-bob.txt",
        }),
        payload: { action: "unshare", paths: [FOR_BOB] },
      }),
    ]);
  });

  it("names the count instead of the entries when there are many", async () => {
    const folders = Array.from({ length: 10 }, (_, index) => `${HOME("alice")}/documents/d${index}`);
    const created = await send("alice", "POST", "/secured/filesystem/directories", { paths: folders });
    expect(created.statusCode, created.body).toBe(200);
    await share("alice", [{ user: "bob", paths: folders.map((path) => ({ path, permission: "read" })) }]);
    const [toBob] = noticesTo("bob");
    expect(toBob?.subject).toBe("alice has shared 10 file(s)/folder(s) with you.");
    expect(toBob?.message.text).toBe(toBob?.subject);
  });

  it("shares all the same when notifications fail or the notification service is down", async () => {
    service.platform.notifications.faults.set({ mode: "json-500" });
    const failing = await share("alice", [{ user: "bob", paths: [{ path: NOTES, permission: "read" }] }]);
    expect(failing.statusCode).toBe(200);
    expect(failing.json().sharing[0].sharing[0]).toMatchObject({ success: true });
    expect((await download("bob", NOTES)).statusCode).toBe(200);

    await service.platform.notifications.stop();
    try {
      const down = await unshare("alice", [{ user: "bob", paths: [NOTES] }]);
      expect(down.statusCode).toBe(200);
      expect(down.json().unshare[0].unshare[0]).toMatchObject({ success: true });
    } finally {
      await service.platform.notifications.start();
    }
    expect((await download("bob", NOTES)).statusCode).toBe(404);
  });
});

describe("bad requests", () => {
  it.each([
    ["no sharing list", {}],
    ["an empty sharing list", { sharing: [] }],
    ["a recipient without paths", { sharing: [{ user: "bob", paths: [] }] }],
    ["a path without a permission", { sharing: [{ user: "bob", paths: [{ path: NOTES }] }] }],
    ["a permission that is not one", { sharing: [{ user: "bob", paths: [{ path: NOTES, permission: "admin" }] }] }],
    ["a relative path", { sharing: [{ user: "bob", paths: [{ path: "notes.txt", permission: "read" }] }] }],
    [
      "a path with ..",
      { sharing: [{ user: "bob", paths: [{ path: `${HOME("bob")}/../alice`, permission: "read" }] }] },
    ],
  ])("answers 400 to a share with %s, changing nothing", async (_case, body) => {
    const response = await send("alice", "POST", "/secured/share", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD", reason: expect.any(String) });
    expect(service.platform.fileInfo.recorder.to("POST", "/sharer")).toEqual([]);
    expect(notices()).toEqual([]);
  });

  it.each([
    ["no unshare list", {}],
    ["paths that are not paths", { unshare: [{ user: "bob", paths: [{ path: NOTES }] }] }],
    ["a relative path", { unshare: [{ user: "bob", paths: ["for-bob.txt"] }] }],
  ])("answers 400 to an unshare with %s, changing nothing", async (_case, body) => {
    const response = await send("alice", "POST", "/secured/unshare", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_OR_MISSING_FIELD" });
    expect(service.platform.fileInfo.recorder.to("POST", "/unsharer")).toEqual([]);
  });

  it("answers 400 to a body that is not JSON", async () => {
    for (const url of ["/secured/share", "/secured/unshare"]) {
      const response = await send("alice", "POST", url, "{nope", { "content-type": "application/json" });
      expect(response.statusCode, url).toBe(400);
    }
  });
});

it.each(["/secured/share", "/secured/unshare"])("answers 401 to POST %s without a token", async (url) => {
  const response = await send(undefined, "POST", url, { sharing: [], unshare: [] });
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ error_code: "ERR_NOT_AUTHORIZED" });
  expect(service.platform.fileInfo.recorder.requests).toEqual([]);
});
