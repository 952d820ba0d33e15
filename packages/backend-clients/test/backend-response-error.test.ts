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

  it("gives a Go service's echo error as its text, without the `code=<status>, message=` it starts with", () => {
    const echoed = (message: string) => new BackendResponseError("analyses", 404, { message }).toBody();
    expect(echoed("code=404, message=quick launch not found: x")).toEqual({
      error_code: "ERR_NOT_FOUND",
      reason: "quick launch not found: x",
      backend_response: { message: "code=404, message=quick launch not found: x" },
    });
    // Wrapped twice (a binding error answered as a new echo error), and a Go error answered as it is.
    expect(echoed("code=400, message=code=400, message=Syntax error").reason).toBe("Syntax error");
    expect(echoed("sql: no rows in result set").reason).toBe("sql: no rows in result set");
  });
});
