import { describe, expect, it } from "vitest";
import { BackendResponseError } from "../src/index.js";

const refused = (body: unknown) => new BackendResponseError("metadata", 400, body).toBody();

describe("a backend's refusal passed on", () => {
  it("keeps a text reason and the body's other fields", () => {
    expect(refused({ error_code: "ERR_NOT_FOUND", reason: "no such comment", id: "c1" })).toEqual({
      error_code: "ERR_NOT_FOUND",
      reason: "no such comment",
      id: "c1",
    });
  });

  it("gives the gateway's own text where the backend's reason is null, empty or an empty map", () => {
    for (const reason of [null, "", {}]) {
      expect(refused({ error_code: "ERR_NOT_FOUND", reason })).toMatchObject({
        error_code: "ERR_NOT_FOUND",
        reason: "the metadata backend answered with status 400",
      });
    }
  });

  it("writes a map of refused fields out as text and keeps the map beside it", () => {
    expect(
      refused({ error_code: "ERR_ILLEGAL_ARGUMENT", reason: { comment: "missing-required-key", n: [1] } }),
    ).toEqual({
      error_code: "ERR_ILLEGAL_ARGUMENT",
      reason: "comment: missing-required-key; n: [1]",
      backend_reason: { comment: "missing-required-key", n: [1] },
    });
  });
});
