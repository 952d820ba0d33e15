import { ConfigError, loadConfig } from "@de-gateway/service-kit";
import { expect, it } from "vitest";
import { Config } from "../src/config.js";

const required = {
  QMS_URL: "http://127.0.0.1:4013",
  SUBSCRIPTIONS_URL: "http://127.0.0.1:4014",
  RESOURCE_USAGE_URL: "http://127.0.0.1:4015",
  DATA_USAGE_URL: "http://127.0.0.1:4016",
  GROUPS_URL: "http://127.0.0.1:4004",
  AUTH_JWKS_URL: "http://127.0.0.1:4007/.well-known/jwks.json",
  AUTH_ISSUER: "http://127.0.0.1:4007",
  AUTH_AUDIENCE: "de-gateway",
};

it("listens on 3008, looks users up as de_grouper and qualifies names with the platform's domain unless told", () => {
  expect(loadConfig(Config, required)).toMatchObject({
    PORT: 3008,
    GROUPER_USER: "de_grouper",
    USER_DOMAIN: "iplantcollaborative.org",
    AUTH_SERVICE_ROLES: "",
  });
});

it("refuses to start without a backend's URL or with one that is no URL", () => {
  const { QMS_URL: _left, ...withoutQms } = required;
  expect(() => loadConfig(Config, withoutQms)).toThrow(/QMS_URL/);
  expect(() => loadConfig(Config, { ...required, SUBSCRIPTIONS_URL: "subscriptions" })).toThrow(ConfigError);
  expect(() => loadConfig(Config, { ...required, DATA_USAGE_URL: "data-usage:4016" })).toThrow(/DATA_USAGE_URL/);
});
