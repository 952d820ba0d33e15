import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createNotificationsSimulator, type NotificationsSimulator } from "../src/notifications/index.js";
import { answersOf, type Json } from "./answers-client.js";

/**
 * Listing, counting and changing a user's messages as cyverse-de/notifications does (api/v1/listings.go,
 * api/v1/updates.go, db/listings.go, db/updates.go), and its refusals of bad input.
 */
const notifications: NotificationsSimulator = createNotificationsSimulator();
const ok = answersOf(() => notifications);
beforeAll(() => notifications.start());
afterAll(() => notifications.dispose());
beforeEach(() => notifications.reset());

/** Notifies alice of a message of the given type; its id. */
async function notify(type: string): Promise<string> {
  await ok("POST", "/notification", { type, user: "alice", subject: `a ${type} message` });
  return notifications.state.intake.messages.at(-1)?.message.id as string;
}
const seen = (...uuids: string[]): Promise<Json> => ok("POST", "/seen?user=alice", { uuids });
const deleted = (...uuids: string[]): Promise<Json> => ok("POST", "/delete?user=alice", { uuids });

describe("a user's messages", () => {
  it("counts in a listing's unseen_total only the unseen messages of the listing's type, whatever its seen", async () => {
    const [data] = [await notify("data"), await notify("data"), await notify("analysis")];
    await seen(data as string);
    const unseenTotal = async (query: string) => (await ok("GET", `/messages?user=alice&${query}`)).unseen_total;
    expect(await unseenTotal("filter=data")).toBe("1");
    expect(await unseenTotal("filter=analysis&seen=true")).toBe("1");
    expect(await unseenTotal("filter=tool")).toBe("0");
    expect(await unseenTotal("filter=new")).toBe("2");
    expect(await unseenTotal("seen=true")).toBe("2");
  });

  it("counts every row the update matched: deleted and already changed messages too", async () => {
    const [gone, kept] = [await notify("data"), await notify("data")];
    expect(await deleted(gone as string)).toEqual({ success: true, count: 1 });
    expect(await deleted(gone as string)).toEqual({ success: true, count: 1 });
    expect(await ok("POST", "/mark-all-seen", { user: "alice" })).toEqual({ success: true, count: 2 });
    expect(await seen(gone as string, kept as string)).toEqual({ success: true, count: 2 });
    expect(await ok("POST", "/mark-all-seen", { user: "alice" })).toEqual({ success: true, count: 0 });
    // Only the deletion of all skips the deleted ones (`not deleted`).
    expect(await ok("DELETE", "/delete-all?user=alice")).toEqual({ success: true, count: 1 });
  });

  it("reads the seen flag as strconv.ParseBool does, and an empty uuid list as none", async () => {
    await seen(await notify("data"));
    expect((await ok("GET", "/messages?user=alice&seen=T")).messages).toHaveLength(1);
    expect(await ok("GET", "/count-messages?user=alice&seen=0")).toMatchObject({ "user-total": 0 });
    expect(await ok("POST", "/seen?user=alice", {})).toEqual({ success: true, count: 0 });
  });

  const refusals: Array<[string, string, string, unknown, string]> = [
    ["GET", "/messages?user=alice&sort_field=priority", "", undefined, "sort_field: invalid sort field: priority"],
    ["GET", "/messages?user=alice&sort_dir=sideways", "", undefined, "sort_dir: invalid sort order: sideways"],
    ["GET", "/messages?user=alice&limit=-1", "", undefined, "invalid query parameter: limit"],
    ["GET", "/messages?user=alice&seen=maybe", "", undefined, "invalid query parameter: seen"],
    ["GET", "/count-messages?seen=true", "", undefined, "missing required query parameter: user"],
    ["GET", "/unseen-messages", "", undefined, "missing required query parameter: user"],
    ["DELETE", "/delete-all?filter=data", "", undefined, "missing required query parameter: user"],
    ["POST", "/seen", "", { uuids: [] }, "missing required query parameter: user"],
    [
      "POST",
      "/delete?user=alice",
      "invalid request body: ",
      { uuids: ["nope"] },
      "'UUIDs[0]' failed on the 'uuid_rfc4122'",
    ],
    ["POST", "/seen?user=alice", "invalid request body: ", { uuids: "all" }, "Unmarshal type error"],
    [
      "POST",
      "/mark-all-seen",
      "invalid request body: ",
      {},
      "'UsernameWrapper.User' Error:Field validation for 'User'",
    ],
  ];
  it.each(refusals)("refuses %s %s with 400 and {message}", async (method, path, prefix, body, detail) => {
    const refused = await ok(method, path, body, 400);
    expect(Object.keys(refused)).toEqual(["message"]);
    expect(refused.message.startsWith(prefix)).toBe(true);
    expect(refused.message).toContain(detail);
  });

  it("refuses a body that is not JSON with 400, as the handlers refuse what they cannot bind", async () => {
    const response = await fetch(`${notifications.url}/seen?user=alice`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{uuids",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: expect.stringMatching(/^invalid request body: code=400, /) });
  });
});
