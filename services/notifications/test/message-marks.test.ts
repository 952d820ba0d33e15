import { describe, expect, it } from "vitest";
import { idsOf, notify, useService } from "./support.js";

const service = useService();
const call = async (method: "GET" | "POST" | "DELETE", url: string, payload?: unknown, username = "alice") =>
  service().app.inject({ method, url, headers: await service().as(username), ...(payload ? { payload } : {}) });
const unseenCount = async (username = "alice") =>
  (await call("GET", "/secured/notifications/count-messages?seen=false", undefined, username)).json()["user-total"];
const stored = (id: string) => service().platform.notifications.state.intake.messages.find((m) => m.message.id === id);

describe("POST /secured/notifications/seen", () => {
  it("marks the listed messages seen: the unseen count decreases and the answer carries it", async () => {
    const [first, second] = [await notify(service(), "alice"), await notify(service(), "alice")];
    await notify(service(), "alice");
    expect(await unseenCount()).toBe(3);
    const response = await call("POST", "/secured/notifications/seen", { uuids: [first] });
    expect(response.statusCode).toBe(200);
    // The interface's count is what is left unseen; the service's own is how many the mark changed (1).
    expect(response.json()).toEqual({ success: true, count: 2 });
    expect(await unseenCount()).toBe(2);
    expect(stored(first)?.seen).toBe(true);
    expect(stored(second)?.seen).toBe(false);
  });

  it("with ?user=bob under alice's token leaves bob's messages alone", async () => {
    const bobs = await notify(service(), "bob");
    const response = await call("POST", "/secured/notifications/seen?user=bob", { uuids: [bobs] });
    expect(response.statusCode).toBe(200);
    expect(stored(bobs)?.seen).toBe(false);
    expect(service().platform.notifications.recorder.to("POST", "/seen")[0]?.query).toEqual({ user: "alice" });
  });

  it.each([
    ["no uuids", {}],
    ["uuids not a list", { uuids: "all" }],
    ["an id that is not a UUID", { uuids: ["not-a-uuid"] }],
  ])("refuses a body with %s: 400, nothing forwarded", async (_name, payload) => {
    const response = await call("POST", "/secured/notifications/seen", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    expect(service().platform.notifications.recorder.to("POST", "/seen")).toHaveLength(0);
  });
});

describe("POST /secured/notifications/mark-all-seen", () => {
  it("marks all the caller's messages seen and ignores a `user` in the body", async () => {
    await notify(service(), "alice");
    await notify(service(), "alice");
    const bobs = await notify(service(), "bob");
    const response = await call("POST", "/secured/notifications/mark-all-seen", { user: "bob" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ count: 0 });
    expect(await unseenCount()).toBe(0);
    expect(stored(bobs)?.seen).toBe(false);
    expect(await unseenCount("bob")).toBe(1);
    expect(service().platform.notifications.recorder.to("POST", "/mark-all-seen")[0]?.body).toEqual({ user: "alice" });
  });

  it("accepts an empty object or no body at all", async () => {
    for (const payload of [{}, undefined]) {
      await notify(service(), "alice");
      const response = await call("POST", "/secured/notifications/mark-all-seen", payload);
      expect(response.statusCode).toBe(200);
      expect(await unseenCount()).toBe(0);
    }
  });

  it("refuses a body that is not a JSON object", async () => {
    const response = await call("POST", "/secured/notifications/mark-all-seen", ["alice"]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
  });
});

describe("POST /secured/notifications/delete and DELETE /secured/notifications/delete-all", () => {
  it("delete hides the listed messages from every listing and count", async () => {
    const [gone, kept] = [await notify(service(), "alice"), await notify(service(), "alice")];
    const response = await call("POST", "/secured/notifications/delete", { uuids: [gone] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    expect(idsOf((await call("GET", "/secured/notifications/messages")).json())).toEqual([kept]);
    expect(idsOf((await call("GET", "/secured/notifications/unseen-messages")).json())).toEqual([kept]);
    expect(idsOf((await call("GET", "/secured/notifications/last-ten-messages")).json())).toEqual([kept]);
    expect((await call("GET", "/secured/notifications/count-messages")).json()["user-total"]).toBe(1);
  });

  it("delete answers the service's count: the listed messages it matched, one already deleted too", async () => {
    const gone = await notify(service(), "alice");
    await call("POST", "/secured/notifications/delete", { uuids: [gone] });
    const again = await call("POST", "/secured/notifications/delete", { uuids: [gone] });
    expect(again.json()).toEqual({ success: true, count: 1 });
  });

  it("delete with ?user=bob under alice's token does not delete bob's messages", async () => {
    const bobs = await notify(service(), "bob");
    await call("POST", "/secured/notifications/delete?user=bob", { uuids: [bobs] });
    expect(stored(bobs)?.deleted).toBe(false);
  });

  it("delete-all deletes only the caller's messages, even with ?user=bob, and answers the unseen count", async () => {
    await notify(service(), "alice");
    const bobs = await notify(service(), "bob");
    const response = await call("DELETE", "/secured/notifications/delete-all?user=bob");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ count: 0 });
    expect((await call("GET", "/secured/notifications/messages")).json().messages).toEqual([]);
    expect(stored(bobs)?.deleted).toBe(false);
    expect(service().platform.notifications.recorder.to("DELETE", "/delete-all")[0]?.query).toEqual({ user: "alice" });
  });

  it("delete-all with a filter deletes only that type", async () => {
    await notify(service(), "alice", { type: "data" });
    const tool = await notify(service(), "alice", { type: "tool" });
    await call("DELETE", "/secured/notifications/delete-all?filter=data");
    expect(idsOf((await call("GET", "/secured/notifications/messages")).json())).toEqual([tool]);
  });

  it("delete-all deletes nothing for a type no message has (one still unseen), and refuses a filter that is no type name", async () => {
    const kept = await notify(service(), "alice");
    const none = await call("DELETE", "/secured/notifications/delete-all?filter=everything");
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ count: 1 });
    const refused = await call("DELETE", "/secured/notifications/delete-all?filter=*");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    expect(stored(kept)?.deleted).toBe(false);
  });

  it("answers 502 when the notification backend is down, changing nothing", async () => {
    const kept = await notify(service(), "alice");
    await service().platform.notifications.stop();
    try {
      const response = await call("POST", "/secured/notifications/delete", { uuids: [kept] });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service().platform.notifications.start();
    }
    expect(stored(kept)?.deleted).toBe(false);
  });
});
