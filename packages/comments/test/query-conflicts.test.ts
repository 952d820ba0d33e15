import { GatewayError } from "@de-gateway/service-kit";
import { expect, it } from "vitest";
import { singleValuedQuery } from "../src/index.js";

it("keeps one value per parameter, repeated identical values included", () => {
  expect(singleValuedQuery("/x?retracted=true&retracted=true&a=%20b")).toEqual({ retracted: "true", a: " b" });
  expect(singleValuedQuery("/x")).toEqual({});
});

it("refuses a parameter repeated with different values as a 409 conflict", () => {
  const failure = (() => {
    try {
      singleValuedQuery("/x?retracted=true&retracted=false");
    } catch (error) {
      return error;
    }
  })();
  expect(failure).toBeInstanceOf(GatewayError);
  expect(failure).toMatchObject({ statusCode: 409, errorCode: "ERR_CONFLICT" });
});
