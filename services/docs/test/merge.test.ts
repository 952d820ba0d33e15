import { describe, expect, it } from "vitest";
import { mergeDocuments } from "../src/merge.js";
import type { OpenApiDocument } from "../src/openapi.js";

const base: OpenApiDocument = {
  openapi: "3.1.0",
  info: { title: "gateway", version: "1" },
  security: [{ bearer: [] }],
  components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
};
const answer = { 200: { description: "ok" } };
const doc = (paths: OpenApiDocument["paths"], extra: Partial<OpenApiDocument> = {}): OpenApiDocument => ({
  openapi: "3.1.0",
  info: { title: "service", version: "1" },
  security: [{ bearer: [] }],
  paths,
  ...extra,
});

describe("mergeDocuments", () => {
  it("tags every operation with its service and makes the inherited security explicit", () => {
    const { document, problems } = mergeDocuments(base, [
      { service: "groups", document: doc({ "/teams": { get: { responses: answer }, post: { responses: answer } } }) },
      { service: "oauth", document: doc({ "/open": { get: { security: [], tags: ["x"], responses: answer } } }) },
    ]);
    expect(problems).toEqual([]);
    expect(document.paths?.["/teams"]?.get).toEqual({
      responses: answer,
      tags: ["groups"],
      security: [{ bearer: [] }],
    });
    expect(document.paths?.["/teams"]?.post?.tags).toEqual(["groups"]);
    expect(document.paths?.["/open"]?.get).toMatchObject({ tags: ["oauth"], security: [] });
    expect(document.tags?.map((tag) => tag.name)).toEqual(["groups", "oauth"]);
    expect(document.info).toEqual(base.info);
  });

  it("keeps an operation documented twice once, under the same path template, and reports it", () => {
    const { document, problems } = mergeDocuments(base, [
      { service: "groups", document: doc({ "/teams/{name}": { get: { responses: answer } } }) },
      { service: "data", document: doc({ "/teams/{id}": { get: { responses: answer }, put: { responses: answer } } }) },
    ]);
    expect(problems).toEqual(["data: GET /teams/{id} is already documented by groups"]);
    expect(document.paths?.["/teams/{name}"]?.get?.tags).toEqual(["groups"]);
    expect(Object.keys(document.paths?.["/teams/{id}"] ?? {})).toEqual(["put"]);
  });

  it("merges component schemas, reporting a name two services define differently", () => {
    const { document, problems } = mergeDocuments(base, [
      {
        service: "a",
        document: doc({}, { components: { schemas: { Team: { type: "object" }, Same: { type: "string" } } } }),
      },
      {
        service: "b",
        document: doc({}, { components: { schemas: { Team: { type: "array" }, Same: { type: "string" } } } }),
      },
    ]);
    expect(problems).toEqual(["b: components.schemas.Team differs from the one already merged; the first is kept"]);
    expect(document.components?.schemas).toEqual({ Team: { type: "object" }, Same: { type: "string" } });
    expect(document.components?.securitySchemes).toEqual(base.components?.securitySchemes);
  });
});
