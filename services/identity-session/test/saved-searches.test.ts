import {
  qualifiedUsername as qualified,
  type ServiceUnderTest,
  startServiceUnderTest,
} from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "300" });
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const searches = [{ name: "fastq files", query: { all: [{ type: "path", args: { suffix: ".fastq" } }] } }];
const stored = () => service.platform.preferences.state.searches;

async function request(method: "GET" | "POST" | "DELETE", payload?: string, username = "alice") {
  return service.app.inject({
    method,
    url: "/secured/saved-searches",
    headers: {
      ...(await service.as(username)),
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

describe("/secured/saved-searches", () => {
  it("needs a token", async () => {
    expect((await service.app.inject({ method: "GET", url: "/secured/saved-searches" })).statusCode).toBe(401);
  });

  it("GET answers {} when nothing is stored", async () => {
    const response = await request("GET");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it("POST stores any JSON as received and answers it wrapped in {saved_searches}; GET gives it back", async () => {
    const saved = await request("POST", JSON.stringify(searches));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ saved_searches: searches });
    expect(stored().get(qualified("alice"))).toEqual(searches);
    const read = await request("GET");
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(searches);
  });

  it("gives back percent signs as sent, though user-info reads its saved searches out through Go's formatter", async () => {
    const withPercents = { name: "100% of 50%d", query: { all: [{ type: "path", args: { name: "%s%%" } }] } };
    expect((await request("POST", JSON.stringify(withPercents))).json()).toEqual({ saved_searches: withPercents });
    expect((await request("GET")).json()).toEqual(withPercents);
  });

  it("POST replaces what was stored", async () => {
    await request("POST", JSON.stringify(searches));
    await request("POST", JSON.stringify({ recent: [] }));
    expect((await request("GET")).json()).toEqual({ recent: [] });
  });

  it("rejects invalid JSON with 400 and a reason, storing nothing", async () => {
    const response = await request("POST", '[{"name": "unterminated"');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    expect(stored().size).toBe(0);
  });

  it("refuses a POST without a body, keeping what is stored; DELETE takes an empty JSON body", async () => {
    await request("POST", JSON.stringify(searches));
    for (const payload of [undefined, ""]) {
      const refused = await request("POST", payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    }
    expect(stored().get(qualified("alice"))).toEqual(searches);
    expect((await request("DELETE", "")).statusCode).toBe(200);
    expect(stored().has(qualified("alice"))).toBe(false);
  });

  it("DELETE removes them, and is silent when nothing is stored", async () => {
    await request("POST", JSON.stringify(searches));
    expect((await request("DELETE")).statusCode).toBe(200);
    expect(stored().has(qualified("alice"))).toBe(false);
    expect((await request("GET")).json()).toEqual({});
    expect((await request("DELETE")).statusCode).toBe(200);
  });

  it("keeps each user's searches apart and takes the user from the token", async () => {
    await service.app.inject({
      method: "POST",
      url: "/secured/saved-searches?user=bob",
      headers: { ...(await service.as("alice")), "content-type": "application/json" },
      payload: JSON.stringify(searches),
    });
    expect([...stored().keys()]).toEqual([qualified("alice")]);
    expect((await request("GET", undefined, "bob")).json()).toEqual({});
  });

  it("answers 502 when the preferences backend is down and 504 when it hangs", async () => {
    await service.platform.preferences.stop();
    try {
      const down = await request("POST", JSON.stringify(searches));
      expect(down.statusCode).toBe(502);
      expect(down.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY" });
    } finally {
      await service.platform.preferences.start();
    }
    service.platform.preferences.faults.set({ mode: "hang" });
    expect((await request("GET")).statusCode).toBe(504);
  });
});
