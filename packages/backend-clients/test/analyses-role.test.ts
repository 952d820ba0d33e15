import { AuthConfig, auth, authOptionsFrom } from "@de-gateway/auth";
import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { buildService, portSetting, ServerConfig, type Service } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { type Static, Type } from "typebox";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { backendClientOptionsFrom, backendClients, backendSettings, path } from "../src/index.js";

const AnalysesConfig = Type.Object({
  ...portSetting(0),
  ...ServerConfig,
  ...AuthConfig,
  ...backendSettings("analyses"),
});
type AnalysesConfig = Static<typeof AnalysesConfig>;

/** A gateway forwarding to the analyses service (Go, echo), whose refusals are `{message}`. */
const fixture: FastifyPluginAsyncTypebox<{ config: AnalysesConfig }> = async (app, { config }) => {
  await app.register(auth, authOptionsFrom(config));
  await app.register(backendClients, backendClientOptionsFrom(config));
  app.get("/quick-launch/:id", (request, reply) =>
    app.backends.analyses.forward(request, reply, {
      path: path`/quicklaunches/${(request.params as { id: string }).id}`,
    }),
  );
};
const buildFixture = (config: AnalysesConfig): Promise<Service> => buildService("analyses-role", fixture, config);

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(AnalysesConfig, buildFixture);
});
afterAll(() => service.close());
beforeEach(() => service.platform.reset());

const PUBLIC_QUICK_LAUNCH = "e7f6a5b4-0000-4000-8000-000000000001";

describe("the analyses role", () => {
  it("names the caller by the full username and drops what the caller says about itself", async () => {
    await service.send("alice", "GET", `/quick-launch/${PUBLIC_QUICK_LAUNCH}?user=bob&email=b@x.org&first-name=B&x=1`);
    const [sent] = service.platform.analyses.recorder.to("GET", `/quicklaunches/${PUBLIC_QUICK_LAUNCH}`);
    expect(sent?.query).toEqual({ user: "alice@iplantcollaborative.org", x: "1" });
  });

  it("answers a forwarded refusal in the error model, its status kept and the backend's body beside it", async () => {
    service.platform.analyses.faults.set({
      mode: "json-status",
      status: 404,
      body: { message: "code=404, message=quick launch not found: x" },
    });
    const refused = await service.send("alice", "GET", "/quick-launch/x");
    expect(refused.statusCode).toBe(404);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({
      error_code: "ERR_NOT_FOUND",
      reason: "quick launch not found: x",
      backend_response: { message: "code=404, message=quick launch not found: x" },
    });
  });

  it("answers a forwarded 5xx as 502 and passes a success on unchanged", async () => {
    service.platform.analyses.faults.set({ mode: "json-500" });
    const failed = await service.send("alice", "GET", `/quick-launch/${PUBLIC_QUICK_LAUNCH}`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error_code: "ERR_BAD_GATEWAY", backend_status: 500 });
    service.platform.analyses.faults.clear();
    const found = await service.send("alice", "GET", `/quick-launch/${PUBLIC_QUICK_LAUNCH}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: PUBLIC_QUICK_LAUNCH, name: "Count lines" });
  });
});
