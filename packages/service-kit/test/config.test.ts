import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, portSetting, ServerConfig } from "../src/index.js";

const Schema = Type.Object({
  ...portSetting(3000),
  ...ServerConfig,
  URL: Type.String({ pattern: "^https?://" }),
  FLAG: Type.Boolean({ default: false }),
});

describe("loadConfig", () => {
  it("applies defaults and converts numbers and booleans", () => {
    const config = loadConfig(Schema, { URL: "http://x", FLAG: "true", JSON_BODY_LIMIT: "10" });
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      LOG_LEVEL: "info",
      URL: "http://x",
      FLAG: true,
      JSON_BODY_LIMIT: 10,
    });
  });

  it("names every missing or malformed variable", () => {
    const attempt = () => loadConfig(Schema, { PORT: "70000", LOG_LEVEL: "loud", URL: "" });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    })();
    expect(message).toMatch(/PORT: .*\(got "70000"\)/);
    expect(message).toMatch(/LOG_LEVEL: .*\(got "loud"\)/);
    expect(message).toMatch(/URL: .*\(not set\)/);
  });
});
