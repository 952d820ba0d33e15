import { describe, expect, it } from "vitest";
import { useService } from "./support.js";

const service = useService();
const send = (payload: unknown, url = "/send-notification") =>
  service().app.inject({ method: "POST", url, payload: payload as object });

describe("POST /send-notification", () => {
  it("needs no token and delivers the notification to the named user's messages", async () => {
    const response = await send({ type: "tool", user: "bob", subject: "FastQC installed", payload: { toolname: "x" } });
    expect(response.statusCode).toBe(200);
    const inbox = service().platform.notifications.state.intake.messages;
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ user: "bob", type: "tool", subject: "FastQC installed", seen: false });
    const listed = await service().app.inject({
      method: "GET",
      url: "/secured/notifications/messages",
      headers: await service().as("bob"),
    });
    expect(listed.json().messages[0]).toMatchObject({ subject: "FastQC installed", payload: { toolname: "x" } });
  });

  it("forwards the body unchanged and no identity of its own", async () => {
    const body = { type: "data", user: "carol", subject: "upload done", email: false };
    await send(body, "/send-notification?user=alice");
    const forwarded = service().platform.notifications.recorder.to("POST", "/notification")[0];
    expect(forwarded?.body).toEqual(body);
    expect(forwarded?.query).toEqual({});
  });

  it("relays the backend's 400 in the error model for an incomplete notification, storing nothing", async () => {
    const response = await send({ type: "data", subject: "no recipient" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    expect(service().platform.notifications.state.intake.messages).toHaveLength(0);
  });

  it("answers 502 when the notification backend is down", async () => {
    await service().platform.notifications.stop();
    try {
      const response = await send({ type: "data", user: "bob", subject: "lost?" });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service().platform.notifications.start();
    }
  });
});
