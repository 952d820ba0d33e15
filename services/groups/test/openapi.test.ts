import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(Config, buildApp);
});
afterAll(() => service.close());

it("documents its routes in OpenAPI, team names as path parameters", async () => {
  const response = await service.app.inject({ method: "GET", url: "/openapi.json" });
  expect(response.statusCode).toBe(200);
  const paths = Object.keys(response.json().paths);
  expect(paths).toEqual(
    expect.arrayContaining([
      "/teams/{name}/join-request/{requester}/deny",
      "/collaborator-lists/{name}/members/deleter",
      "/secured/user-search",
      "/secured/remove-collaborators",
    ]),
  );
});
