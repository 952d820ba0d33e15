import { expect, it } from "vitest";
import { figuresLine } from "../src/figures.js";
import { type Outcome, Tally } from "../src/outcomes.js";

const answered = (status: number, errorCode?: string): Outcome => ({
  route: "GET /x",
  id: "",
  sentAt: 0,
  endedAt: 1,
  status,
  ...(errorCode ? { errorCode } : {}),
});
const failed = (failure: string): Outcome => ({ route: "GET /x", id: "", sentAt: 0, endedAt: 1, failure });

/** The common counts every request sent falls in exactly one of. */
const DISJOINT = ["2xx", "502", "504", "5xx-other", "other-answers", "resets", "refused", "timeouts", "other-failures"];

it("accounts on its line for every request sent: answered, broken, timed out, failed otherwise or abandoned", () => {
  const tally = Tally.of([
    answered(200),
    answered(204),
    answered(502, "ERR_BAD_GATEWAY"),
    answered(504, "ERR_GATEWAY_TIMEOUT"),
    answered(500),
    answered(404, "ERR_NOT_FOUND"),
    failed("ECONNRESET"),
    failed("ECONNREFUSED"),
    failed("UND_ERR_HEADERS_TIMEOUT"),
    failed("UND_ERR_HEADERS_TIMEOUT"),
    failed("EAI_AGAIN"),
  ]);
  tally.addAbandoned();
  tally.addAbandoned();

  const line = figuresLine("sample", { tally, more: { own: "figure" } });
  const figures = Object.fromEntries(
    line
      .replace("[reliability] sample: ", "")
      .split(" ")
      .map((pair) => pair.split("=") as [string, string]),
  );

  expect(figures).toMatchObject({ sent: "13", timeouts: "2", "other-failures": "1", abandoned: "2", own: "figure" });
  expect(figures["without-error-model"]).toBe("1");
  const counted = [...DISJOINT, "abandoned"].reduce((sum, name) => sum + Number(figures[name]), 0);
  expect(counted).toBe(tally.sent);
});
