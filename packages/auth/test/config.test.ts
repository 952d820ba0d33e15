import { ConfigError, loadConfig } from "@de-gateway/service-kit";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { AuthConfig, authOptionsFrom } from "../src/index.js";

const Config = Type.Object(AuthConfig);
const required = { AUTH_JWKS_URL: "https://idp.example.org/keys", AUTH_ISSUER: "issuer", AUTH_AUDIENCE: "de" };

describe("auth settings", () => {
  it("refuses a key-set address that is not http or https, and a missing issuer or audience", () => {
    expect(() => loadConfig(Config, { ...required, AUTH_JWKS_URL: "file:///etc/keys.json" })).toThrow(/AUTH_JWKS_URL/);
    for (const name of ["AUTH_ISSUER", "AUTH_AUDIENCE"]) {
      const attempt = () => loadConfig(Config, { ...required, [name]: "" });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(new RegExp(name));
    }
  });

  it("takes administrators from de-admins unless told otherwise, and reads a list with spaces and gaps", () => {
    expect(authOptionsFrom(loadConfig(Config, required)).adminGroups).toEqual(["de-admins"]);
    const listed = loadConfig(Config, { ...required, AUTH_ADMIN_GROUPS: " de-admins , ,ops," });
    expect(authOptionsFrom(listed)).toMatchObject({
      jwksUrl: "https://idp.example.org/keys",
      issuer: "issuer",
      audience: "de",
      adminGroups: ["de-admins", "ops"],
    });
  });
});
