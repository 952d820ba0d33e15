import { expect, it } from "vitest";
import { printFigures } from "../src/figures.js";
import { type RequestPlan, startLoad } from "../src/load.js";
import { MiB, type ProcessReading, readProcess, totalHandles } from "../src/probe-client.js";
import { useServiceProcess } from "../src/service-under-test.js";
import { now, sleep } from "../src/timing.js";

/**
 * Scenario 5: 200,000 requests through identity-session (token verified, a backend called, JSON answered)
 * after a warm-up; with a forced garbage collection before each reading, heap and RSS stay within 20 MiB of
 * their values after the warm-up, and no handle is left behind.
 */
const WARM_UP = 10_000;
const REQUESTS = 200_000;
const MEMORY_TARGET = 20 * 1024 * 1024;
/** Handles that may come and go at rest (a kept-alive backend connection's timer, the probe's own socket). */
const HANDLE_SLACK = 2;

const under = useServiceProcess("identity-session", { probe: true });

/** Runs `amount` requests to completion; the simulators' recordings are emptied as they go, or they would grow. */
async function drive(origin: string, plans: RequestPlan[], amount: number) {
  const load = startLoad({ origin, plans, connections: 10, amount, keepOutcomes: false });
  const forgetting = setInterval(() => {
    under.platform.preferences.recorder.clear();
    under.platform.apps.recorder.clear();
  }, 1_000);
  await load.done;
  clearInterval(forgetting);
  return load.tally;
}

/** A reading at rest: the load's connections closed, a moment for timers to run out, then a full GC. */
async function atRest(probeUrl: string): Promise<ProcessReading> {
  await sleep(1_000);
  return readProcess(probeUrl, { afterGc: true });
}

it("keeps heap, RSS and handles flat over 200,000 requests", async () => {
  const { probeUrl } = under;
  const headers = await under.platform.authHeader("alice");
  const plans: RequestPlan[] = [
    { route: "sessions", path: "/secured/sessions", headers },
    { route: "logins", path: "/secured/logins?limit=5", headers },
  ];
  const warmUp = await drive(under.service.url, plans, WARM_UP);
  const before = await atRest(probeUrl);
  const started = now();
  const tally = await drive(under.service.url, plans, REQUESTS);
  const seconds = (now() - started) / 1000;
  const after = await atRest(probeUrl);
  const heapGrowth = after.heapUsed - before.heapUsed;
  const rssGrowth = after.rss - before.rss;
  printFigures("leaks", {
    tally,
    memoryGrowth: Math.max(heapGrowth, rssGrowth),
    more: {
      "heap-MiB-before/after": `${MiB(before.heapUsed).toFixed(1)}/${MiB(after.heapUsed).toFixed(1)}`,
      "rss-MiB-before/after": `${MiB(before.rss).toFixed(1)}/${MiB(after.rss).toFixed(1)}`,
      "handles-before/after": `${totalHandles(before)}/${totalHandles(after)}`,
      "fds-before/after": `${before.fileDescriptors}/${after.fileDescriptors}`,
      "requests-per-s": (REQUESTS / seconds).toFixed(0),
    },
  });

  expect(warmUp.ok, "the warm-up was answered").toBe(WARM_UP);
  expect(tally.ok, "every request was answered 200").toBe(REQUESTS);
  expect(heapGrowth, "the heap stayed within 20 MiB of its size after the warm-up").toBeLessThanOrEqual(MEMORY_TARGET);
  expect(rssGrowth, "so did the RSS").toBeLessThanOrEqual(MEMORY_TARGET);
  expect(totalHandles(after), "no handle was left behind").toBeLessThanOrEqual(totalHandles(before) + HANDLE_SLACK);
  expect(after.fileDescriptors, "no descriptor either").toBeLessThanOrEqual(before.fileDescriptors + HANDLE_SLACK);
});
