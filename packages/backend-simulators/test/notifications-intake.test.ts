import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createNotificationsSimulator, type NotificationsSimulator } from "../src/notifications/index.js";
import { answersOf, type Json } from "./answers-client.js";

/**
 * `POST /notification` as cyverse-de/notifications takes it (api/v1/notification_request.go, model/main.go) and
 * what its recorder makes of it (recorder/recorder.go), read back through the listing.
 */
const notifications: NotificationsSimulator = createNotificationsSimulator();
const ok = answersOf(() => notifications);
beforeAll(() => notifications.start());
afterAll(() => notifications.dispose());
beforeEach(() => notifications.reset());

const notify = (body: Record<string, unknown>) => ok("POST", "/notification", body);
const listing = (query: string): Promise<Json> => ok("GET", `/messages?user=alice&${query}`);
const stored = () => notifications.state.intake.messages;

describe("recording a notification", () => {
  it("records the type in lower case and lists its underscores as spaces; filters name the recorded type", async () => {
    await notify({ type: "Tool_Request", user: "alice", subject: "installed" });
    expect(stored()[0]?.type).toBe("tool_request");
    expect((await listing("")).messages[0].type).toBe("tool request");
    for (const filter of ["tool_request", "Tool%20Request", "TOOL_REQUEST"]) {
      expect((await listing(`filter=${filter}`)).messages, filter).toHaveLength(1);
    }
    expect(await ok("GET", "/count-messages?user=alice&filter=tool%20request")).toMatchObject({ "user-total": 1 });
  });

  it("lists the time as a string of epoch milliseconds and sorts by it as a number", async () => {
    await notify({ type: "data", user: "alice", subject: "later" });
    await notify({ type: "data", user: "alice", subject: "earlier" });
    const [later, earlier] = stored();
    Object.assign(later ?? {}, { timeCreated: 10_000, message: { ...later?.message, timestamp: "10000" } });
    Object.assign(earlier ?? {}, { timeCreated: 9_000, message: { ...earlier?.message, timestamp: "9000" } });
    const ascending = await listing("sort_dir=asc");
    expect(ascending.messages.map((listed: Json) => listed.message.timestamp)).toEqual(["9000", "10000"]);
    expect((await listing("")).messages.map((listed: Json) => listed.subject)).toEqual(["later", "earlier"]);
  });

  it("lists a null payload when none was sent, and the subject as the text of an empty message", async () => {
    await notify({ type: "data", user: "alice", subject: "no words", message: "" });
    expect((await listing("")).messages[0]).toMatchObject({ payload: null, message: { text: "no words" } });
  });

  it("keeps messages under the qualified username, each listed with the user as it was sent", async () => {
    await notify({ type: "data", user: "alice", subject: "short" });
    await notify({ type: "data", user: "alice@iplantcollaborative.org", subject: "qualified" });
    await notify({ type: "data", user: "bob", subject: "not alice's" });
    for (const user of ["alice", "alice@iplantcollaborative.org", "alice@elsewhere.edu"]) {
      const listed = await ok("GET", `/messages?user=${encodeURIComponent(user)}&sort_dir=asc`);
      expect(
        listed.messages.map((message: Json) => message.user),
        user,
      ).toEqual(["alice", "alice@iplantcollaborative.org"]);
    }
    expect(stored().map((message) => message.owner)).toEqual([
      "alice@iplantcollaborative.org",
      "alice@iplantcollaborative.org",
      "bob@iplantcollaborative.org",
    ]);
  });

  it("rewrites the payload's startdate and enddate as epoch milliseconds, and mails to a valid address", async () => {
    await notify({
      type: "analysis",
      user: "alice",
      subject: "job done",
      email: true,
      email_template: "analysis_status_change",
      payload: {
        email_address: "sarahr@cyverse.org",
        startdate: "2020-07-07T17:59:59-07:00",
        enddate: 1594169999000.7,
      },
    });
    await notify({
      type: "analysis",
      user: "alice",
      subject: "as they were",
      payload: { startdate: "", enddate: "42" },
    });
    const payloads = (await listing("sort_dir=asc")).messages.map((listed: Json) => listed.payload);
    expect(payloads[0]).toMatchObject({ startdate: "1594169999000", enddate: "1594169999000" });
    expect(payloads[1]).toEqual({ startdate: "", enddate: "42" });
  });

  const base = { type: "data", user: "alice", subject: "news" };
  const mailed = { ...base, email: true, email_template: "blank" };
  const validation = (field: string, tag: string) =>
    `Key: 'V1NotificationRequest.${field}' Error:Field validation for '${field}' failed on the '${tag}' tag`;
  it.each([
    ["an empty subject", { ...base, subject: "" }, validation("Subject", "required")],
    ["no type and no user", { subject: "x" }, `${validation("Type", "required")}\n${validation("User", "required")}`],
    ["a type longer than 32", { ...base, type: "t".repeat(33) }, validation("Type", "max")],
    ["a type with a period", { ...base, type: "data.v2" }, validation("Type", "excludesall")],
    ["a subject that is no string", { ...base, subject: 5 }, "code=400, message=Unmarshal type error"],
    ["a body that is no object", ["news"], "code=400, message=Unmarshal type error"],
    ["a mail without template", { ...base, email: true }, "no email template was specified"],
    ["a mail without address", mailed, "no email address was provided"],
    ["an address that is no string", { ...mailed, payload: { email_address: 42 } }, "type of the email address"],
    ["a blank address", { ...mailed, payload: { email_address: " " } }, "the email address was blank"],
    ["an invalid address", { ...mailed, payload: { email_address: "alice@localhost" } }, "format is incorrect"],
    ["a start date that is no time", { ...base, payload: { startdate: "yesterday" } }, "unable to parse timestamp"],
    ["an end date that is no text", { ...base, payload: { enddate: true } }, "invalid data type"],
  ])("refuses %s with 400 and model/main.go's InvalidRequestBody, storing nothing", async (_what, body, detail) => {
    const refused = await ok("POST", "/notification", body, 400);
    expect(Object.keys(refused)).toEqual(["message"]);
    expect(refused.message).toMatch(/^invalid request body: /);
    expect(refused.message).toContain(detail);
    expect(stored()).toEqual([]);
  });

  it("takes a type of 32 characters, and a mail whose template and address are given", async () => {
    await notify({ ...base, type: "t".repeat(32) });
    await notify({ ...mailed, payload: { email_address: "alice@example.org" } });
    expect(stored()).toHaveLength(2);
  });
});
