import { expect, it } from "vitest";
import { printFigures } from "../src/figures.js";
import { startLoad } from "../src/load.js";
import { latency, type Outcome, Tally } from "../src/outcomes.js";
import { useServiceProcess } from "../src/service-under-test.js";
import { now, sleep } from "../src/timing.js";

/**
 * Scenario 1: the preferences backend goes away for 2 s under load and comes back on the same port.
 * identity-session's sessions route depends on it; its logins route uses the apps backend only.
 */
const BACKEND_TIMEOUT_MS = 2_000;
const OUTAGE_MS = 2_000;
const RECOVERY_TARGET_MS = 1_000;

const under = useServiceProcess("identity-session", { env: { BACKEND_TIMEOUT_MS: String(BACKEND_TIMEOUT_MS) } });

it("answers 502 while a backend is down, keeps other routes up, and recovers within 1 s of its return", async () => {
  const headers = await under.platform.authHeader("alice");
  const load = startLoad({
    origin: under.service.url,
    connections: 10,
    pauseMs: 5,
    plans: [
      { route: "affected", path: "/secured/sessions", headers },
      { route: "other", path: "/secured/logins?limit=5", headers },
    ],
  });
  await sleep(1_000);
  await under.platform.preferences.stop();
  const down = now();
  await sleep(OUTAGE_MS);
  const restarting = now();
  await under.platform.preferences.start();
  const up = now();
  await sleep(2_000);
  await load.stop();

  const affected = load.outcomes.filter((outcome) => outcome.route === "affected");
  const other = load.outcomes.filter((outcome) => outcome.route === "other");
  const duringOutage = affected.filter((outcome) => outcome.sentAt >= down && outcome.endedAt <= restarting);
  const failedAfterReturn = affected.filter((outcome) => outcome.sentAt >= up && outcome.status !== 200);
  const recoveryMs = Math.max(0, ...failedAfterReturn.map((outcome) => outcome.endedAt - up));
  const slowest502 = Math.max(0, ...affected.filter((outcome) => outcome.status === 502).map(latency));
  const unexpected = (outcome: Outcome) =>
    outcome.status !== 200 && !(outcome.status === 502 && outcome.errorCode === "ERR_BAD_GATEWAY");
  const tally = load.tally;
  printFigures("backend outage", {
    tally,
    recoveryMs,
    more: {
      "outage-502": Tally.of(duringOutage).badGateway,
      "outage-requests": duringOutage.length,
      "slowest-502": `${slowest502.toFixed(0)}ms`,
      "other-route-non2xx": other.filter((outcome) => outcome.status !== 200).length,
    },
  });

  expect(duringOutage.length, "requests reached the affected route during the outage").toBeGreaterThan(10);
  expect(
    duringOutage.filter((outcome) => outcome.status !== 502 || outcome.errorCode !== "ERR_BAD_GATEWAY"),
    "every request to the affected route during the outage answered 502 ERR_BAD_GATEWAY",
  ).toEqual([]);
  expect(slowest502, "every 502 came within BACKEND_TIMEOUT_MS").toBeLessThanOrEqual(BACKEND_TIMEOUT_MS);
  expect(affected.filter(unexpected), "the affected route answered only 200 or 502 with the error model").toEqual([]);
  expect(
    other.filter((outcome) => outcome.status !== 200),
    "the route on another backend stayed 2xx",
  ).toEqual([]);
  expect(recoveryMs, "every route answered 2xx again within 1 s of the backend's return").toBeLessThanOrEqual(
    RECOVERY_TARGET_MS,
  );
  expect(tally.resets + tally.timeouts + tally.otherFailure, "no connection broke, nothing went unanswered").toBe(0);
});
