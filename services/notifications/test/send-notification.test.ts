import { describe, expect, it } from "vitest";
import { useService } from "./support.js";

const service = useService();
const send = (payload: unknown, url = "/send-notification") =>
  service().app.inject({ method: "POST", url, payload: payload as object });
const mail = { type: "analysis", user: "bob", subject: "job done", email: true, email_template: "blank" };

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

  it.each([
    ["no recipient", { type: "data", subject: "no recipient" }, "'User' failed on the 'required' tag"],
    ["an empty subject", { type: "data", user: "bob", subject: "" }, "'Subject' failed on the 'required' tag"],
    ["a type with a period", { type: "data.v2", user: "bob", subject: "x" }, "'Type' failed on the 'excludesall'"],
    ["a mail without an address", { ...mail, payload: {} }, "no email address was provided"],
    ["a mail to an invalid address", { ...mail, payload: { email_address: "bob@localhost" } }, "format is incorrect"],
    ["a start date that is no time", { ...mail, email: false, payload: { startdate: "today" } }, "startdate"],
  ])("relays the backend's 400 for %s in the error model, storing nothing", async (_what, body, detail) => {
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    const refusal = response.json();
    expect(refusal).toEqual({
      error_code: "ERR_BAD_REQUEST",
      reason: expect.stringContaining(detail),
      backend_response: { message: refusal.reason },
    });
    expect(service().platform.notifications.state.intake.messages).toHaveLength(0);
  });

  it("is listed as the service lists it: the subject for an empty message, a null payload, times rewritten", async () => {
    await send({ type: "data", user: "bob", subject: "plain", message: "" });
    await send({ ...mail, payload: { email_address: "bob@example.org", startdate: "2020-07-08T00:59:59Z" } });
    // Sent to the qualified name, listed to bob all the same (the service qualifies every name it is given).
    await send({ type: "data", user: "bob@iplantcollaborative.org", subject: "qualified" });
    const listed = await service().app.inject({
      method: "GET",
      url: "/secured/notifications/messages?sortDir=asc",
      headers: await service().as("bob"),
    });
    const [plain, mailed, qualified] = listed.json().messages;
    expect(plain).toMatchObject({ user: "bob", payload: null, message: { text: "plain" } });
    expect(mailed.payload).toMatchObject({ startdate: "1594169999000" });
    expect(qualified).toMatchObject({ user: "bob@iplantcollaborative.org", subject: "qualified" });
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
