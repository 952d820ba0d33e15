import { loadConfig, type Service } from "@de-gateway/service-kit";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { Static, TObject, TProperties } from "typebox";
import { describeMismatches } from "./framework/answers.js";
import { SimulatedPlatform } from "./platform.js";

type Method = NonNullable<InjectOptions["method"]>;

export interface ServiceUnderTest {
  platform: SimulatedPlatform;
  app: Service;
  /** Request headers that authenticate as a demo user. */
  as(username: string): Promise<{ authorization: string }>;
  /** `send("alice", "GET", "/apps")`: a request through the service as a demo user, or anonymous (undefined). */
  send(
    username: string | undefined,
    method: Method,
    url: string,
    payload?: InjectOptions["payload"],
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Starts every simulator on ephemeral loopback ports and builds the service against them, exactly as
 * its server would from the environment (plus `overrides`, e.g. a short BACKEND_TIMEOUT_MS).
 */
export async function startServiceUnderTest<P extends TProperties>(
  configSchema: TObject<P>,
  build: (config: Static<TObject<P>>) => Promise<Service>,
  overrides: Record<string, string> = {},
): Promise<ServiceUnderTest> {
  const platform = await SimulatedPlatform.start();
  const env = { ...(await platform.env()), LOG_LEVEL: "silent", BACKEND_TIMEOUT_MS: "1000", ...overrides };
  const app = await build(loadConfig(configSchema, env));
  await app.ready();
  return {
    platform,
    app,
    as: (username) => platform.authHeader(username),
    async send(username, method, url, payload, headers = {}) {
      return app.inject({
        method,
        url,
        headers: { ...(username ? await platform.authHeader(username) : {}), ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
    },
    async close() {
      await app.close();
      const mismatches = platform.answerMismatches();
      await platform.stop();
      if (mismatches.length) throw new Error(describeMismatches(mismatches));
    },
  };
}

/** The routes a service registers, built against the simulators and closed again. */
export async function registeredRoutesOf<P extends TProperties>(
  configSchema: TObject<P>,
  build: (config: Static<TObject<P>>) => Promise<Service>,
): Promise<Service["registeredRoutes"]> {
  const service = await startServiceUnderTest(configSchema, build);
  try {
    return [...service.app.registeredRoutes];
  } finally {
    await service.close();
  }
}
