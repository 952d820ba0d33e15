import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { type CatalogueRow, readCatalogue } from "@de-gateway/catalogue";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp, { BACKEND_TIMEOUT_MS: "500" });
});
afterAll(() => service.close());

const rows = readCatalogue().filter((row) => row.service === "subscriptions");

/** Path values wrong for a parameter: not a UUID, an encoded separator, a NUL, very long (dot segments, encoded or not, are resolved to another path before routing). */
const BAD_VALUES = ["not-a-uuid", "a%2Fb", "%00", "x".repeat(2000)];
/** Bodies of the wrong kind: malformed JSON, a list, the wrong types, nothing. */
const BAD_BODIES: Array<{ payload: string; type: string }> = [
  { payload: '{"uuid":', type: "application/json" },
  { payload: "[]", type: "application/json" },
  { payload: '{"uuid":7,"quota":"lots","subscriptions":{},"name":false,"usage_value":-1}', type: "application/json" },
  { payload: "quota=5", type: "application/x-www-form-urlencoded" },
];

const callerOf = async (row: CatalogueRow) =>
  row.auth === "service"
    ? { authorization: `Bearer ${await service.platform.serviceToken()}` }
    : await service.platform.authHeader(row.auth === "admin" ? "carol" : "alice");

function requestsFor(row: CatalogueRow): Array<Pick<InjectOptions, "url" | "payload" | "headers">> {
  const withBodies = ["POST", "PUT"].includes(row.method);
  return BAD_VALUES.flatMap((value) => {
    const url = row.path.replace(/\{[^}]+\}/g, value);
    if (!withBodies) return [{ url: `${url}?limit=-1&include-expired=perhaps&cutoff=x&paid=maybe` }];
    return BAD_BODIES.map(({ payload, type }) => ({ url, payload, headers: { "content-type": type } }));
  });
}

describe("bad input on every subscriptions row", () => {
  it.each(rows.map((row) => [`${row.method} ${row.path}`, row] as const))(
    "%s refuses it with 4xx in the error model, never a 5xx",
    async (_name, row) => {
      const caller = await callerOf(row);
      for (const request of requestsFor(row)) {
        const response = await service.app.inject({
          method: row.method as InjectOptions["method"],
          ...request,
          headers: { ...caller, ...request.headers },
        });
        const what = `${row.method} ${request.url} ${String(request.payload)}`;
        expect(response.statusCode, what).toBeLessThan(500);
        // A body or a UUID is always wrong here; a username or a query the row does not read may be fine.
        if (request.payload !== undefined || row.path.includes("uuid}") || row.path.includes("{plan-id}")) {
          expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
        }
        if (response.statusCode >= 400) {
          expect(response.json(), what).toMatchObject({ error_code: expect.any(String), reason: expect.any(String) });
        }
      }
    },
  );
});
