import { SimulatedPlatform } from "@de-gateway/backend-simulators";
import { createService, loadConfig, type Service } from "@de-gateway/service-kit";
import { Type } from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthConfig, auth, authOptionsFrom } from "../src/index.js";

let platform: SimulatedPlatform;
let app: Service;
const lines: string[] = [];

beforeAll(async () => {
  platform = await SimulatedPlatform.start();
  const config = loadConfig(Type.Object(AuthConfig), await platform.env());
  app = await createService({
    name: "token-logging",
    logLevel: "trace",
    logStream: { write: (line) => lines.push(line) },
  });
  await app.register(auth, authOptionsFrom(config));
  app.get("/who", async (request) => ({ username: request.user.username }));
  app.get("/fails", async () => {
    throw new Error("something broke");
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await platform.stop();
});

describe("tokens in the log", () => {
  it("never writes a caller's token, whether it verifies, is refused, or the request fails", async () => {
    const valid = await platform.token("alice");
    const expired = await platform.token("alice", { expiresInSeconds: -60 });
    const deJwt = await platform.deJwt("bob");
    const attempts = [
      { url: "/who", headers: { authorization: `Bearer ${valid}` }, status: 200 },
      { url: "/who", headers: { authorization: `Bearer ${expired}` }, status: 401 },
      { url: "/who", headers: { "x-iplant-de-jwt": deJwt }, status: 200 },
      { url: "/fails", headers: { authorization: `Bearer ${valid}` }, status: 500 },
      { url: "/nowhere", headers: { authorization: `Bearer ${valid}` }, status: 404 },
    ];
    for (const { url, headers, status } of attempts) {
      expect((await app.inject({ method: "GET", url, headers })).statusCode, url).toBe(status);
    }
    const log = lines.join("");
    expect(log).toContain("request completed");
    expect(log).toContain("token refused");
    // A token's signature is what makes it usable; no part of one may be written.
    for (const token of [valid, expired, deJwt]) expect(log).not.toContain(token.split(".")[2]);
  });
});
