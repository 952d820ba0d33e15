import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

export const startAppsProxy = (overrides: Record<string, string> = {}) =>
  startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "500", MAIL_TIMEOUT_MS: "2000", ...overrides });

type Method = NonNullable<InjectOptions["method"]>;

/** `send("alice", "GET", "/apps")`: a request through the gateway as a demo user, or anonymous (undefined). */
export function sender(service: () => ServiceUnderTest) {
  return async (
    user: string | undefined,
    method: Method,
    url: string,
    payload?: InjectOptions["payload"],
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    service().app.inject({
      method,
      url,
      headers: { ...(user ? await service().as(user) : {}), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
}

export const enc = encodeURIComponent;
