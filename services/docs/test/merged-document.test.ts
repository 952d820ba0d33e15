import { join } from "node:path";
import { accessMatches, type CatalogueRow, readCatalogue, readPending, rowKey } from "@de-gateway/catalogue";
import { repoRoot } from "@de-gateway/routing";
import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATION_METHODS, type OpenApiDocument, type Operation } from "../src/openapi.js";
import { documentedServices, startDocumentedStack } from "./platform.js";

// The acceptance test of the merged document: built from the real services' own documents, valid OpenAPI 3.1
// by a maintained validator, and holding exactly the catalogue's rows (both catalogue files, as readCatalogue
// reads them), less those each service still lists in its pending.txt.
let stack: Awaited<ReturnType<typeof startDocumentedStack>>;
let document: OpenApiDocument;
beforeAll(async () => {
  stack = await startDocumentedStack();
  const response = await stack.docs.inject({ method: "GET", url: "/openapi.json" });
  expect(response.statusCode).toBe(200);
  document = response.json();
}, 60_000);
afterAll(() => stack.close());

const root = repoRoot();
const rows = readCatalogue();
const pending = new Set(
  documentedServices.flatMap((service) =>
    readPending(join(root, "services", service, "pending.txt")).map((key) => `${service} ${key}`),
  ),
);
const implemented = rows.filter((row) => !pending.has(`${row.service} ${rowKey(row)}`));

/** `GET /teams/{name}` and `GET /teams/{id}` are the same operation. */
const templateKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, "{}")}`;

function operations(): Array<{ key: string; path: string; operation: Operation }> {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    OPERATION_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ key: templateKey(method, path), path, operation }] : [];
    }),
  );
}

const documented = () => new Map(operations().map((entry) => [entry.key, entry]));
const find = (row: CatalogueRow) => documented().get(templateKey(row.method, row.path));

describe("the merged OpenAPI document", () => {
  it("is valid OpenAPI 3.1, by @readme/openapi-parser, with nothing left out of the merge", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : compileErrors(result)).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(document["x-merge-problems"]).toBeUndefined();
  });

  it("holds every catalogue row not pending, and nothing else but the operational routes marked as such", () => {
    expect(implemented.length).toBeGreaterThan(150);
    const missing = implemented.filter((row) => !find(row)).map(rowKey);
    expect(missing, "catalogue rows missing from the document").toEqual([]);
    const catalogued = new Set(rows.map((row) => templateKey(row.method, row.path)));
    const extra = operations()
      .filter(({ key, operation }) => !catalogued.has(key) && operation["x-operational"] !== true)
      .map(({ key }) => key);
    expect(extra, "operations that are no catalogue row").toEqual([]);
    const operational = operations().filter(({ operation }) => operation["x-operational"] === true);
    expect(operational.map(({ key }) => key).sort()).toEqual(["GET /docs", "GET /openapi.json"]);
    expect(operations().length).toBe(implemented.length + operational.length);
  });

  it("leaves out the rows still pending, so the count tightens as they are built", () => {
    const pendingRows = rows.filter((row) => pending.has(`${row.service} ${rowKey(row)}`));
    expect(pendingRows.filter(find).map(rowKey)).toEqual([]);
  });

  it("tags each operation with its owning service and states its access and security as the catalogue does", () => {
    const problems: string[] = [];
    for (const row of implemented) {
      const operation = find(row)?.operation;
      if (!operation) continue;
      if (JSON.stringify(operation.tags) !== JSON.stringify([row.service])) {
        problems.push(`${rowKey(row)}: tags ${JSON.stringify(operation.tags)}`);
      }
      if (!accessMatches(row, operation["x-access"] as string | undefined))
        problems.push(`${rowKey(row)}: x-access ${operation["x-access"]}`);
      // Open: no requirement, or an empty one beside the token schemes (a token then identifies the caller).
      const security = operation.security as Array<Record<string, unknown>> | undefined;
      const open =
        security !== undefined && (security.length === 0 || security.some((r) => Object.keys(r).length === 0));
      if (open !== (row.auth === "none" || row.auth === "optional"))
        problems.push(`${rowKey(row)}: security ${JSON.stringify(operation.security)}`);
    }
    expect(problems).toEqual([]);
    expect(document.tags?.map((tag) => tag.name)).toEqual([...documentedServices, "docs"]);
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(["bearer", "deJwt"]);
  });

  it("describes every path parameter, and a success answer with a schema, for every row", () => {
    const problems: string[] = [];
    for (const row of implemented) {
      const entry = find(row);
      if (!entry) continue;
      const parameters = (entry.operation.parameters ?? []) as Array<{ in: string; name: string; required?: boolean }>;
      const inPath = [...entry.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      for (const name of inPath) {
        if (!parameters.some((parameter) => parameter.in === "path" && parameter.name === name && parameter.required)) {
          problems.push(`${rowKey(row)}: path parameter {${name}} is not described`);
        }
      }
      const responses = (entry.operation.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>;
      const success = Object.entries(responses).filter(([status]) => /^2/.test(status));
      // A declared answer without a body (user-info's bags deletes) has its own description and no content; an
      // undeclared one is @fastify/swagger's "Default Response".
      const described = (response: { content?: Record<string, unknown>; description?: string }) =>
        (response.content && Object.keys(response.content).length > 0) ||
        (response.content === undefined &&
          response.description !== undefined &&
          response.description !== "Default Response");
      if (!success.some(([, response]) => described(response))) {
        problems.push(`${rowKey(row)}: no success answer with a schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("documents request bodies where a service validates or passes one on", () => {
    const withBody = operations().filter(({ operation }) => operation.requestBody !== undefined);
    expect(withBody.length).toBeGreaterThan(40);
    for (const { key, operation } of withBody) {
      const body = operation.requestBody as { content?: Record<string, { schema?: unknown }> };
      expect(
        Object.values(body.content ?? {}).every((media) => media.schema !== undefined),
        key,
      ).toBe(true);
    }
  });
});
