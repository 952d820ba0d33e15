import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

export const startAppsProxy = (overrides: Record<string, string> = {}) =>
  startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "500", MAIL_TIMEOUT_MS: "2000", ...overrides });

/** `send("alice", "GET", "/apps")` through the service started for this file. */
export const sender =
  (service: () => ServiceUnderTest): ServiceUnderTest["send"] =>
  (...request) =>
    service().send(...request);

export const enc = encodeURIComponent;
