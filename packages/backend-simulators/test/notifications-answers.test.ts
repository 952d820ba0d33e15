import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotificationsSimulator, type NotificationsSimulator } from "../src/notifications/index.js";
import { answersOf } from "./answers-client.js";

/**
 * Every route of the notification backend answers in its own shapes (src/notifications/answer-schemas.ts), asked
 * as the gateway asks (services/notifications: `user` is the caller's short name): the user-message routes of
 * cyverse-de/notifications, their refusals, and the system-message routes.
 */
const notifications: NotificationsSimulator = createNotificationsSimulator();
const ok = answersOf(() => notifications);
beforeAll(() => notifications.start());
afterAll(() => notifications.dispose());

const SEED_SYSTEM_MESSAGE = "5b0d1f3e-7a52-4c1e-9d8f-2e6a4b3c1d70";

describe("the notification service answers in its own shapes", () => {
  it("takes a notification with no body, then lists, counts and changes the user's messages", async () => {
    expect(await ok("POST", "/notification", { type: "data", user: "alice", subject: "upload done" })).toBe("");
    const listing = await ok("GET", "/messages?user=alice&limit=10&offset=0&sort_field=timestamp&sort_dir=desc");
    expect(listing).toMatchObject({ total: "1", unseen_total: "1" });
    const [id] = listing.messages.map((listed: { message: { id: string } }) => listed.message.id);
    expect(typeof listing.messages[0].message.timestamp).toBe("string");
    await ok("GET", "/unseen-messages?user=alice");
    expect(await ok("GET", "/count-messages?user=alice&seen=false")).toMatchObject({ "user-total": 1 });
    expect(await ok("POST", "/seen?user=alice", { uuids: [id] })).toEqual({ success: true, count: 1 });
    expect(await ok("POST", "/mark-all-seen", { user: "alice" })).toEqual({ success: true, count: 0 });
    expect(await ok("POST", "/delete?user=alice", { uuids: [id] })).toEqual({ success: true, count: 1 });
    expect(await ok("DELETE", "/delete-all?user=alice&filter=data")).toEqual({ success: true, count: 0 });
  });

  it("refuses bad input with model/main.go's ErrorResponse, and answers unknown paths as echo does", async () => {
    expect(await ok("GET", "/messages", undefined, 400)).toEqual({ message: "missing required query parameter: user" });
    expect(await ok("POST", "/notification", { type: "data", user: "alice" }, 400)).toEqual({
      message:
        "invalid request body: Key: 'V1NotificationRequest.Subject' Error:Field validation for 'Subject' failed on the 'required' tag",
    });
    expect(await ok("GET", "/last-ten-messages?user=alice", undefined, 404)).toEqual({ message: "Not Found" });
  });

  it("lists, marks and administers system messages", async () => {
    for (const path of ["messages", "new-messages", "unseen-messages"]) await ok("GET", `/system/${path}?user=alice`);
    for (const path of ["received", "seen", "delete"]) {
      await ok("POST", `/system/${path}?user=alice`, { uuids: [SEED_SYSTEM_MESSAGE] });
    }
    for (const path of ["mark-all-received", "mark-all-seen"]) await ok("POST", `/system/${path}`, { user: "bob" });
    await ok("DELETE", "/system/delete-all?user=bob");
    const created = await ok("PUT", "/admin/system", {
      type: "warning",
      message: "Down for maintenance",
      deactivation_date: Date.now() + 86_400_000,
    });
    const uuid = created["system-notification"].uuid;
    await ok("GET", "/admin/system?active-only=true");
    await ok("GET", "/admin/system-types");
    await ok("GET", `/admin/system/${uuid}`);
    await ok("POST", `/admin/system/${uuid}`, { dismissible: true });
    await ok("DELETE", `/admin/system/${uuid}`);
  });
});
