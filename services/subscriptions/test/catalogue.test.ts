import { registeredRoutesOf } from "@de-gateway/backend-simulators";
import { CONFORMANT, conformance, readPending } from "@de-gateway/catalogue";
import { expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

it("registers every subscriptions row of the catalogue that is not pending, with its access level", async () => {
  const pending = readPending(new URL("../pending.txt", import.meta.url));
  expect(conformance("subscriptions", await registeredRoutesOf(Config, buildApp), pending)).toEqual(CONFORMANT);
});
