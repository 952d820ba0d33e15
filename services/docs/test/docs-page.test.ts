import { loadConfig, type Service } from "@de-gateway/service-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

let docs: Service;
beforeAll(async () => {
  // The page does not need the services: it only loads this service's own files.
  docs = await buildApp(loadConfig(Config, { LOG_LEVEL: "silent", OPENAPI_SOURCES: "groups=http://127.0.0.1:9" }));
  await docs.ready();
});
afterAll(() => docs.close());

const get = (url: string) => docs.inject({ method: "GET", url });

/** Every address the page loads: script sources, stylesheets, icons. */
const loadedAddresses = (html: string) =>
  [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? "");

describe("/docs", () => {
  it.each(["/docs", "/docs/"])(
    "%s answers an HTML page whose policy lets it load only this origin's files",
    async (url) => {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.body).toMatch(/^<!doctype html>/);
      const policy = String(page.headers["content-security-policy"]);
      expect(policy).toContain("default-src 'none'");
      for (const directive of ["script-src", "connect-src", "img-src", "font-src", "style-src"]) {
        const sources = policy.split("; ").find((part) => part.startsWith(`${directive} `));
        expect(
          sources
            ?.split(" ")
            .slice(1)
            .filter((source) => !["'self'", "'unsafe-inline'", "data:"].includes(source)),
        ).toEqual([]);
      }
    },
  );

  it("loads the renderer from the gateway itself, every file of it served", async () => {
    const addresses = loadedAddresses((await get("/docs")).body);
    expect(addresses).toContain("/docs/assets/swagger-ui-bundle.js");
    expect(addresses).toContain("/docs/start.js");
    for (const address of addresses) {
      expect(address, "an absolute path on this origin").toMatch(/^\/[^/]/);
      const response = await get(address);
      expect(response.statusCode, address).toBe(200);
      expect(response.body.length, address).toBeGreaterThan(100);
    }
    expect((await get("/docs/assets/swagger-ui-bundle.js")).headers["content-type"]).toMatch(/javascript/);
    expect((await get("/docs/assets/swagger-ui.css")).headers["content-type"]).toMatch(/^text\/css/);
  });

  it("starts Swagger UI on the merged document, with the online validator off", async () => {
    const script = await get("/docs/start.js");
    expect(script.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(script.body).toContain('url: "/openapi.json"');
    expect(script.body).toContain("validatorUrl: null");
    expect(script.body).not.toMatch(/https?:/);
  });

  it("serves no other file of the renderer's package (its sample page loads a remote document)", async () => {
    for (const url of ["/docs/assets/index.html", "/docs/assets/swagger-initializer.js", "/docs/assets/package.json"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ error_code: "ERR_NOT_FOUND" });
    }
    expect((await get("/docs/assets/..%2Fpackage.json")).statusCode).toBeGreaterThanOrEqual(400);
  });
});
