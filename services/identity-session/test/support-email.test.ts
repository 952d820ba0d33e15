import { createServer, type Server, type Socket } from "node:net";
import {
  MAIL_FROM_ADDRESS,
  type ServiceUnderTest,
  SUPPORT_ADDRESS,
  startServiceUnderTest,
} from "@de-gateway/backend-simulators";
import { loadConfig, type Service } from "@de-gateway/service-kit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

const MAIL_TIMEOUT_MS = 500;
let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { MAIL_TIMEOUT_MS: String(MAIL_TIMEOUT_MS) });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

async function send(payload: unknown, app: Service = service.app) {
  return app.inject({
    method: "POST",
    url: "/support-email",
    headers: { ...(await service.as("alice")), "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
}

const fields = { name: "Alice Liddell", analysis_id: "a-42", comment: "The job failed\nafter an hour" };

describe("POST /support-email", () => {
  it("needs a token", async () => {
    const response = await service.app.inject({ method: "POST", url: "/support-email", payload: { fields } });
    expect(response.statusCode).toBe(401);
    expect(service.platform.smtp.mails).toEqual([]);
  });

  it("mails the request to the support address with the subject, reply-to and one line per field", async () => {
    const response = await send({ email: "alice.work@example.org", subject: "Job failed", fields });
    expect(response.statusCode).toBe(200);
    expect(service.platform.smtp.mails).toEqual([
      expect.objectContaining({
        from: MAIL_FROM_ADDRESS,
        to: [SUPPORT_ADDRESS],
        replyTo: "alice.work@example.org",
        subject: "Job failed",
      }),
    ]);
    const lines = service.platform.smtp.mails[0]?.text.trim().split("\n");
    expect(lines).toEqual(["name: Alice Liddell", "analysis_id: a-42", "comment: The job failed", "after an hour"]);
  });

  it("writes lists, numbers, booleans, objects and null as readable values", async () => {
    await send({ fields: { tags: ["a", "b"], size: 3, urgent: true, details: { step: 2 }, note: null } });
    expect(service.platform.smtp.mails[0]?.text.trim().split("\n")).toEqual([
      "tags: a, b",
      "size: 3",
      "urgent: true",
      'details: {"step":2}',
      "note:",
    ]);
  });

  it("replies to the caller's own address when no address is submitted", async () => {
    await send({ subject: "Hello", fields });
    expect(service.platform.smtp.mails[0]?.replyTo).toBe("alice@example.org");
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["blank", "   "],
    ["a number", 7],
    ["null", null],
    ["an object", { text: "help" }],
  ])("uses the default subject '<platform> Support Request' when the subject is %s", async (_case, subject) => {
    const response = await send({ subject, fields });
    expect(response.statusCode).toBe(200);
    expect(service.platform.smtp.mails[0]?.subject).toBe("DE Support Request");
  });

  it("keeps a subject on one line", async () => {
    await send({ subject: "Job failed\r\nBcc: everyone@example.org", fields });
    expect(service.platform.smtp.mails[0]?.subject).toBe("Job failed Bcc: everyone@example.org");
  });

  it.each([
    ["missing", { subject: "s" }],
    ["a string", { fields: "name: Alice" }],
    ["a list", { fields: ["name", "Alice"] }],
    ["null", { fields: null }],
    ["a number", { fields: 3 }],
  ])("rejects fields that are %s with 400 and sends nothing", async (_case, payload) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringMatching(/fields/) });
    expect(service.platform.smtp.mails).toEqual([]);
  });

  it("rejects a reply address that is not an e-mail address", async () => {
    const response = await send({ email: "not an address", fields });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringMatching(/email/) });
    expect(service.platform.smtp.mails).toEqual([]);
  });

  it("rejects malformed JSON with 400", async () => {
    const response = await service.app.inject({
      method: "POST",
      url: "/support-email",
      headers: { ...(await service.as("alice")), "content-type": "application/json" },
      payload: '{"fields": {',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
  });

  it(
    "answers 502 at once when the SMTP server is down",
    async () => {
      await service.platform.smtp.stopSmtp();
      try {
        const response = await send({ fields });
        expect(response.statusCode).toBe(502);
        expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", reason: expect.any(String) });
      } finally {
        await service.platform.smtp.startSmtp();
      }
    },
    MAIL_TIMEOUT_MS,
  );
});

describe("POST /support-email with an SMTP server that never greets", () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let app: Service;
  beforeAll(async () => {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    const env = await service.platform.env();
    app = await buildApp(
      loadConfig(Config, {
        ...env,
        LOG_LEVEL: "silent",
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_TIMEOUT_MS: String(MAIL_TIMEOUT_MS),
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it(
    "gives up after the mail timeout with 502 instead of hanging",
    async () => {
      const response = await send({ fields }, app);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    },
    MAIL_TIMEOUT_MS * 3,
  );
});

describe("POST /secured/support-email (the web client's feedback dialog)", () => {
  it("sends the same mail as /support-email, from the client's submission shape", async () => {
    const response = await service.app.inject({
      method: "POST",
      url: "/secured/support-email",
      headers: await service.as("alice"),
      payload: {
        email: "alice.work@example.org",
        fields: { feedback: "The new file viewer is great" },
        subject: "DE Feedback from Alice",
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(service.platform.smtp.mails).toEqual([
      expect.objectContaining({
        to: [SUPPORT_ADDRESS],
        replyTo: "alice.work@example.org",
        subject: "DE Feedback from Alice",
      }),
    ]);
    expect(service.platform.smtp.mails[0]?.text.trim()).toBe("feedback: The new file viewer is great");
  });

  it("needs a token and refuses a body without fields with 400", async () => {
    const anonymous = await service.app.inject({ method: "POST", url: "/secured/support-email", payload: { fields } });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await service.app.inject({
      method: "POST",
      url: "/secured/support-email",
      headers: await service.as("alice"),
      payload: { subject: "no fields" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    expect(service.platform.smtp.mails).toEqual([]);
  });
});
