import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useService } from "./support.js";

const service = useService();
const call = async (method: "GET" | "POST" | "DELETE", url: string, username = "alice", payload?: unknown) =>
  service().app.inject({ method, url, headers: await service().as(username), ...(payload ? { payload } : {}) });
const uuidsOf = async (listing: string, username = "alice"): Promise<string[]> =>
  (await call("GET", `/secured/notifications/system/${listing}`, username))
    .json()
    ["system-messages"].map((m: { uuid: string }) => m.uuid);
const counts = async (username = "alice") => {
  const body = (await call("GET", "/secured/notifications/count-messages", username)).json();
  return [body["system-total"], body["system-total-new"], body["system-total-unseen"]];
};

/** Adds an active system message directly in the backend; returns its uuid. */
function addSystemMessage(dismissible = true): string {
  const uuid = randomUUID();
  const now = Date.now();
  service().platform.notifications.state.system.messages.set(uuid, {
    uuid,
    type: "warning",
    message: `maintenance ${uuid}`,
    activation_date: now - 60_000,
    deactivation_date: now + 3_600_000,
    date_created: now,
    dismissible,
    logins_disabled: false,
  });
  return uuid;
}

describe("system messages", () => {
  it("lists the active system messages to every user; inactive ones to no one", async () => {
    const active = addSystemMessage();
    const expired = addSystemMessage();
    const message = service().platform.notifications.state.system.messages.get(expired);
    if (message) message.deactivation_date = Date.now() - 1;
    for (const user of ["alice", "bob"]) {
      const listed = await uuidsOf("messages", user);
      expect(listed).toContain(active);
      expect(listed).not.toContain(expired);
    }
  });

  it("received, seen and delete marks are the caller's own and invisible to other users", async () => {
    const uuid = addSystemMessage();
    expect(await uuidsOf("new-messages")).toContain(uuid);

    const received = await call("POST", "/secured/notifications/system/received", "alice", { uuids: [uuid] });
    expect(received.statusCode).toBe(200);
    expect(await uuidsOf("new-messages")).not.toContain(uuid);
    expect(await uuidsOf("unseen-messages")).toContain(uuid);

    const seen = await call("POST", "/secured/notifications/system/seen", "alice", { uuids: [uuid] });
    expect(seen.statusCode).toBe(200);
    expect(await uuidsOf("unseen-messages")).not.toContain(uuid);
    const listed = (await call("GET", "/secured/notifications/system/messages")).json()["system-messages"];
    expect(listed.find((m: { uuid: string }) => m.uuid === uuid)).toMatchObject({ acknowledged: true });

    const deleted = await call("POST", "/secured/notifications/system/delete", "alice", { uuids: [uuid] });
    expect(deleted.statusCode).toBe(200);
    expect(await uuidsOf("messages")).not.toContain(uuid);

    for (const listing of ["messages", "new-messages", "unseen-messages"]) {
      expect(await uuidsOf(listing, "bob")).toContain(uuid);
    }
  });

  it("answers with what remains below each mark and counts follow the marks", async () => {
    const uuid = addSystemMessage();
    expect(await counts()).toEqual([2, 2, 2]); // with the seeded announcement
    const received = await call("POST", "/secured/notifications/system/received", "alice", { uuids: [uuid] });
    expect(received.json()).toMatchObject({ count: 1 });
    expect(await counts()).toEqual([2, 1, 2]);
    const seen = await call("POST", "/secured/notifications/system/seen", "alice", { uuids: [uuid] });
    expect(seen.json()).toMatchObject({ count: 1 });
    expect(await counts()).toEqual([2, 1, 1]);
    const deleted = await call("POST", "/secured/notifications/system/delete", "alice", { uuids: [uuid] });
    expect(deleted.json()).toMatchObject({ count: 1 });
    expect(await counts()).toEqual([1, 1, 1]);
    expect(await counts("bob")).toEqual([2, 2, 2]);
  });

  it("mark-all-received and mark-all-seen act for the caller, whatever `user` the body names", async () => {
    addSystemMessage();
    for (const name of ["mark-all-received", "mark-all-seen"]) {
      const response = await call("POST", `/secured/notifications/system/${name}`, "alice", { user: "bob" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ count: 0 });
      const forwarded = service().platform.notifications.recorder.to("POST", `/system/${name}`)[0];
      expect(forwarded?.body).toEqual({ user: "alice" });
    }
    expect(await counts()).toEqual([2, 0, 0]);
    expect(await counts("bob")).toEqual([2, 2, 2]);
  });

  it("delete-all dismisses only dismissible messages, only for the caller, even with ?user=bob", async () => {
    const dismissible = addSystemMessage(true);
    const sticky = addSystemMessage(false);
    const response = await call("DELETE", "/secured/notifications/system/delete-all?user=bob");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ count: 1 });
    const left = await uuidsOf("messages");
    expect(left).toContain(sticky);
    expect(left).not.toContain(dismissible);
    expect(await uuidsOf("messages", "bob")).toContain(dismissible);
    expect(service().platform.notifications.recorder.to("DELETE", "/system/delete-all")[0]?.query).toEqual({
      user: "alice",
    });
  });

  it("a non-dismissible message cannot be deleted but can be marked seen", async () => {
    const sticky = addSystemMessage(false);
    await call("POST", "/secured/notifications/system/delete", "alice", { uuids: [sticky] });
    expect(await uuidsOf("messages")).toContain(sticky);
    await call("POST", "/secured/notifications/system/seen", "alice", { uuids: [sticky] });
    expect(await uuidsOf("unseen-messages")).not.toContain(sticky);
  });

  it("refuses malformed uuid lists with 400, marking nothing", async () => {
    const uuid = addSystemMessage();
    for (const name of ["received", "seen", "delete"]) {
      const response = await call("POST", `/secured/notifications/system/${name}`, "alice", { uuids: [uuid, 7] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    }
    expect(await uuidsOf("new-messages")).toContain(uuid);
    expect(service().platform.notifications.recorder.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });

  it("needs a token and answers 502 when the backend is down", async () => {
    const anonymous = await service().app.inject({ method: "GET", url: "/secured/notifications/system/messages" });
    expect(anonymous.statusCode).toBe(401);
    await service().platform.notifications.stop();
    try {
      const response = await call("GET", "/secured/notifications/system/messages");
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service().platform.notifications.start();
    }
  });
});
