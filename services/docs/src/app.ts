import { createRequire } from "node:module";
import { dirname } from "node:path";
import { createService, type Service } from "@de-gateway/service-kit";
import fastifyStatic from "@fastify/static";
import { Type } from "typebox";
import { type Config, documentSources } from "./config.js";
import { MergedDocument } from "./merged-document.js";
import type { OpenApiDocument } from "./openapi.js";
import { ASSETS_PREFIX, CONTENT_SECURITY_POLICY, PAGE, SERVED_ASSETS, START_SCRIPT } from "./page.js";

const swaggerUiDist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

// The docs service's public operations are part of the URL space but not of the endpoint catalogue.
const operational = { tags: ["docs"], security: [], "x-operational": true };

/** docs: the OpenAPI document of the whole URL space, merged from the services' own, and a page to browse it. */
export async function buildApp(config: Config): Promise<Service> {
  const app = await createService({
    name: "docs",
    logLevel: config.LOG_LEVEL,
    bodyLimit: config.JSON_BODY_LIMIT,
    ownOpenApiRoute: false,
  });
  const merged = new MergedDocument({
    sources: documentSources(config.OPENAPI_SOURCES),
    own: () => app.swagger() as unknown as OpenApiDocument,
    cacheMs: config.OPENAPI_CACHE_MS,
    fetchTimeoutMs: config.OPENAPI_FETCH_TIMEOUT_MS,
    log: app.log,
  });

  app.get(
    "/openapi.json",
    {
      schema: {
        ...operational,
        summary: "This document: every operation of the gateway, merged from the services' own documents",
        response: { 200: Type.Object({}, { additionalProperties: true, description: "an OpenAPI 3.1 document" }) },
      },
    },
    async () => merged.get(),
  );
  for (const url of ["/docs", "/docs/"]) {
    app.get(
      url,
      {
        schema: {
          ...operational,
          hide: url.endsWith("/"),
          summary: "Browse this document (Swagger UI, served by the gateway itself)",
          response: { 200: { description: "an HTML page", content: { "text/html": { schema: Type.String() } } } },
        },
      },
      async (_request, reply) =>
        reply.type("text/html; charset=utf-8").header("content-security-policy", CONTENT_SECURITY_POLICY).send(PAGE),
    );
  }
  app.get("/docs/start.js", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").send(START_SCRIPT),
  );
  await app.register(fastifyStatic, {
    root: swaggerUiDist,
    prefix: ASSETS_PREFIX,
    allowedPath: (path) => SERVED_ASSETS.includes(path.replace(/^\//, "")),
    maxAge: "1h",
  });
  return app;
}
