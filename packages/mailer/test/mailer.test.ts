import { SimulatedPlatform } from "@de-gateway/backend-simulators";
import { GatewayError } from "@de-gateway/service-kit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Mailer } from "../src/index.js";

let platform: SimulatedPlatform;
let mailer: Mailer;
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
  mailer = new Mailer({ SMTP_URL: platform.smtp.smtpUrl, MAIL_FROM: "noreply@example.org", MAIL_TIMEOUT_MS: 2000 });
});
afterAll(async () => {
  mailer.close();
  await platform.stop();
});

it("delivers plain-text mail with recipient, subject and reply-to to a real SMTP server", async () => {
  await mailer.send({
    to: "support@example.org",
    subject: "Help",
    text: "line one\nline two",
    replyTo: "alice@example.org",
  });
  expect(platform.smtp.mails).toEqual([
    expect.objectContaining({
      from: "noreply@example.org",
      to: ["support@example.org"],
      replyTo: "alice@example.org",
      subject: "Help",
      text: expect.stringContaining("line two"),
    }),
  ]);
});

it("turns an unreachable SMTP server into a 502 instead of hanging, its address kept out of the answer", async () => {
  await platform.smtp.stopSmtp();
  try {
    const failure = await mailer.send({ to: "x@example.org", subject: "s", text: "t" }).catch((error) => error);
    expect(failure).toBeInstanceOf(GatewayError);
    expect(failure.statusCode).toBe(502);
    // The caller's answer names no address of the relay; the log gets the library's error as the cause.
    expect(failure.toBody()).toEqual({
      error_code: "ERR_BAD_GATEWAY",
      reason: "the mail server did not accept the message",
    });
    expect(failure.cause.message).toMatch(/ECONNREFUSED/);
  } finally {
    await platform.smtp.startSmtp();
  }
});

it("logs in to a relay with the account its URL names, percent-encoded characters decoded", async () => {
  const login = { user: "relay@example.org", pass: "p@ss:w/rd" };
  platform.smtp.requireLogin(login);
  const relay = new URL(platform.smtp.smtpUrl);
  relay.username = encodeURIComponent(login.user);
  relay.password = encodeURIComponent(login.pass);
  const settings = { MAIL_FROM: "noreply@example.org", MAIL_TIMEOUT_MS: 2000 };
  const withLogin = new Mailer({ ...settings, SMTP_URL: relay.href });
  try {
    await withLogin.send({ to: "support@example.org", subject: "Logged in", text: "t" });
    expect(platform.smtp.mails.at(-1)).toMatchObject({ subject: "Logged in", authenticatedAs: "relay@example.org" });
    // Without the account, or with another password, the relay refuses: a 502, as any refusal.
    relay.password = "wrong";
    for (const url of [platform.smtp.smtpUrl, relay.href]) {
      const refused = new Mailer({ ...settings, SMTP_URL: url });
      const failure = await refused.send({ to: "x@example.org", subject: "s", text: "t" }).catch((error) => error);
      refused.close();
      expect(failure, url).toBeInstanceOf(GatewayError);
      expect(failure.statusCode).toBe(502);
    }
  } finally {
    withLogin.close();
    platform.reset();
  }
  // A reset opens the relay to anyone again.
  await mailer.send({ to: "support@example.org", subject: "After the reset", text: "t" });
  expect(platform.smtp.mails.map((mail) => mail.subject)).toEqual(["After the reset"]);
});
