import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { DEFAULT_MAX_ITEMS } from "@de-gateway/service-kit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";
import { send } from "./helpers.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp);
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const backendCalls = () => service.platform.groups.recorder.requests.map((received) => received.path);

describe("GET /secured/user-info", () => {
  it.each(["..", "%2E%2E", ".", "%2e"])("never lets a user name (%s) change the backend path", async (name) => {
    const refused = await send(service, "alice", "GET", `/secured/user-info?username=${name}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_PATH" });
    expect(backendCalls()).toEqual([]);
  });

  it("looks up at most the bound of user names: beyond it, 400 and no backend call", async () => {
    const many = (count: number) => Array.from({ length: count }, () => "username=a").join("&");
    const refused = await send(service, "alice", "GET", `/secured/user-info?${many(1_400)}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error_code: "ERR_BAD_REQUEST" });
    expect(backendCalls()).toEqual([]);
    const within = await send(service, "alice", "GET", `/secured/user-info?${many(DEFAULT_MAX_ITEMS)}`);
    expect(within.statusCode).toBe(200);
  });
});
