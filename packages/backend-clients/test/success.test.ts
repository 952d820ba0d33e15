import { describe, expect, it } from "vitest";
import { isSuccess } from "../src/index.js";

describe("isSuccess", () => {
  it("takes every 2xx status and nothing around it", () => {
    expect([200, 201, 204, 206, 299].every(isSuccess)).toBe(true);
    expect([100, 199, 300, 304, 400, 404, 500, 502].some(isSuccess)).toBe(false);
  });
});
