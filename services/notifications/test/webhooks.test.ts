import { describe, expect, it } from "vitest";
import { useService } from "./support.js";

const service = useService();

async function call(method: "GET" | "PUT", url: string, username = "alice", payload?: unknown) {
  return service().app.inject({
    method,
    url,
    headers: await service().as(username),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe("webhooks (the web client's preferences page)", () => {
  it("lists the topics and types the preferences page offers", async () => {
    const topics = await call("GET", "/webhooks/topics");
    expect(topics.statusCode).toBe(200);
    expect(topics.json().topics.map((topic: { topic: string }) => topic.topic)).toEqual([
      "data",
      "apps",
      "analysis",
      "permanent_id_request",
      "team",
      "tool_request",
    ]);
    const types = await call("GET", "/webhooks/types");
    expect(types.json().webhooktypes.map((type: { type: string }) => type.type)).toEqual(["Slack", "Zapier", "Custom"]);
  });

  it("lets alice replace her webhooks in the client's shape and read them back; bob's stay apart", async () => {
    // What the preferences page sends on every save.
    const saved = await call("PUT", "/webhooks?user=bob", "alice", {
      webhooks: [
        { url: "https://hooks.slack.com/services/T0/B0/x", type: { type: "Slack" }, topics: ["data", "team"] },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      webhooks: [
        {
          id: expect.any(String),
          url: "https://hooks.slack.com/services/T0/B0/x",
          type: expect.objectContaining({ type: "Slack", id: "f4dbf5f4-c3f6-11e7-a333-008cfa5ae621" }),
          topics: ["data", "team"],
        },
      ],
    };
    expect(saved.json()).toEqual(expected);
    expect((await call("GET", "/webhooks")).json()).toEqual(expected);
    expect((await call("GET", "/webhooks", "bob")).json()).toEqual({ webhooks: [] });
    // A save without a webhook clears the list (the client sends {webhooks: []}).
    await call("PUT", "/webhooks", "alice", { webhooks: [] });
    expect((await call("GET", "/webhooks")).json()).toEqual({ webhooks: [] });
  });

  it("passes on the backend's 400 for an unknown type or a malformed body, changing nothing", async () => {
    await call("PUT", "/webhooks", "alice", {
      webhooks: [{ url: "https://example.org/h", type: { type: "Custom" }, topics: [] }],
    });
    for (const body of [
      { webhooks: [{ url: "https://example.org/h", type: { type: "Carrier pigeon" }, topics: [] }] },
      { webhooks: [{ url: "https://example.org/h" }] },
      { hooks: [] },
    ]) {
      const response = await call("PUT", "/webhooks", "alice", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error_code: expect.any(String), reason: expect.anything() });
    }
    expect((await call("GET", "/webhooks")).json().webhooks).toHaveLength(1);
  });

  it.each([
    "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
    "http://127.0.0.1:4007/token/carol",
    "http://localhost:4007/clients",
    "http://10.0.0.8/hook",
    "http://[::ffff:0:7f00:1]/hook",
    "http://[2002:a9fe:a9fe::1]/hook",
  ])("refuses a webhook that would reach an internal address, as URL imports do: %s", async (url) => {
    const kept = { url: "https://example.org/h", type: { type: "Custom" }, topics: ["data"] };
    await call("PUT", "/webhooks", "alice", { webhooks: [kept] });
    const refused = await call("PUT", "/webhooks", "alice", {
      webhooks: [kept, { url, type: { type: "Custom" }, topics: ["data"] }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error_code: "ERR_INVALID_URL",
      reason: expect.stringMatching(/internal address/),
      url,
    });
    expect((await call("GET", "/webhooks")).json().webhooks.map((hook: { url: string }) => hook.url)).toEqual([
      kept.url,
    ]);
  });

  it.each(["file:///etc/passwd", "gopher://example.org/x", "not an address"])(
    "refuses a webhook that is not an http or https address: %s",
    async (url) => {
      const refused = await call("PUT", "/webhooks", "alice", {
        webhooks: [{ url, type: { type: "Custom" }, topics: [] }],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error_code: "ERR_INVALID_URL", reason: expect.any(String), url });
      expect((await call("GET", "/webhooks")).json()).toEqual({ webhooks: [] });
    },
  );

  it("takes at most 50 webhooks in one list, each of whose addresses is resolved", async () => {
    const hook = { url: "https://example.org/h", type: { type: "Custom" }, topics: [] };
    const refused = await call("PUT", "/webhooks", "alice", { webhooks: Array(51).fill(hook) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.stringMatching(/50/) });
  });

  it("needs a token", async () => {
    const response = await service().app.inject({ method: "GET", url: "/webhooks" });
    expect(response.statusCode).toBe(401);
  });
});
