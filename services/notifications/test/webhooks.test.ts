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

  it("needs a token", async () => {
    const response = await service().app.inject({ method: "GET", url: "/webhooks" });
    expect(response.statusCode).toBe(401);
  });
});
