import { ConfigError, loadConfig } from "@de-gateway/service-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Config, documentSources } from "../src/config.js";
import { startDocumentedStack } from "./platform.js";

describe("OPENAPI_SOURCES", () => {
  it("names the services and their origins, in order", () => {
    expect(documentSources(" groups=http://groups:3002/ ,oauth=https://oauth.internal:3006")).toEqual([
      { service: "groups", origin: "http://groups:3002" },
      { service: "oauth", origin: "https://oauth.internal:3006" },
    ]);
  });

  it.each(["", "groups", "groups=ftp://x", "groups=http://x,", "Groups=http://x"])(
    "refuses %j naming the variable",
    (value) => {
      expect(() => loadConfig(Config, { OPENAPI_SOURCES: value })).toThrow(ConfigError);
      expect(() => loadConfig(Config, { OPENAPI_SOURCES: value })).toThrow(/OPENAPI_SOURCES/);
    },
  );
});

describe("a service that does not answer", () => {
  let stack: Awaited<ReturnType<typeof startDocumentedStack>>;
  beforeAll(async () => {
    stack = await startDocumentedStack({ OPENAPI_CACHE_MS: "60000" });
  }, 60_000);
  afterAll(() => stack.close());

  const merged = async () => (await stack.docs.inject({ method: "GET", url: "/openapi.json" })).json();

  it("leaves its operations out, says so in x-merge-problems, and is asked again on the next request", async () => {
    await stack.stop("groups");
    const partial = await merged();
    // Published to anyone: no internal address or connection error, only which service is missing.
    expect(partial["x-merge-problems"]).toEqual(["groups: its document could not be fetched"]);
    expect(partial.paths["/teams"]).toBeUndefined();
    expect(partial.paths["/secured/bootstrap"]).toBeDefined();

    await stack.restart("groups");
    const complete = await merged();
    expect(complete["x-merge-problems"]).toBeUndefined();
    expect(complete.paths["/teams"].get.tags).toEqual(["groups"]);
  });

  it("reuses a complete document until OPENAPI_CACHE_MS has passed", async () => {
    const first = await merged();
    await stack.stop("oauth");
    expect(await merged()).toEqual(first);
    await stack.restart("oauth");
  });
});
