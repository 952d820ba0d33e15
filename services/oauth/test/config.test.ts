import { ConfigError, loadConfig } from "@de-gateway/service-kit";
import { expect, it } from "vitest";
import { Config, oauthApiNamesFrom } from "../src/config.js";

const required = {
  APPS_URL: "http://127.0.0.1:4001",
  AUTH_JWKS_URL: "http://127.0.0.1:4007/.well-known/jwks.json",
  AUTH_ISSUER: "http://127.0.0.1:4007",
  AUTH_AUDIENCE: "de-gateway",
};

it("supports the one third-party platform unless told otherwise", () => {
  expect([...oauthApiNamesFrom(loadConfig(Config, required))]).toEqual(["tapis"]);
});

it("reads a comma-separated list of API names", () => {
  const config = loadConfig(Config, { ...required, OAUTH_API_NAMES: " agave , tapis" });
  expect([...oauthApiNamesFrom(config)]).toEqual(["agave", "tapis"]);
});

it("refuses to start with a malformed list of API names", () => {
  expect(() => loadConfig(Config, { ...required, OAUTH_API_NAMES: "agave,,tapis" })).toThrow(ConfigError);
  expect(() => loadConfig(Config, { ...required, OAUTH_API_NAMES: "agave/x" })).toThrow(/OAUTH_API_NAMES/);
});
