import { expect, it } from "vitest";
import { printFigures } from "../src/figures.js";
import { startLoad } from "../src/load.js";
import { latency, type Outcome } from "../src/outcomes.js";
import { activeSockets, type ProcessReading, readProcess } from "../src/probe-client.js";
import { useServiceProcess } from "../src/service-under-test.js";
import { now, quantile, sleep } from "../src/timing.js";

/**
 * Scenario 2: the file-info backend stops answering under load. The data service's passthrough GET, passthrough
 * POST and custom-handler routes on it must give up with 504 on time, without piling up sockets, while its route
 * on the metadata backend carries on. The backend must have received each POST once: a retry could act twice.
 *
 * The timeout is 8 s: undici checks timeouts above 1 s on a 0.5 s tick, so a 504 can come up to ~0.5 s after
 * BACKEND_TIMEOUT_MS, which only fits in the 10 % allowed from about 5 s up (the default is 30 s).
 */
const BACKEND_TIMEOUT_MS = 8_000;
const TIMEOUT_SLACK = 1.1;
const HANG_MS = BACKEND_TIMEOUT_MS + 1_000;
const HOME = "/iplant/home/alice";
/** Connections that may open or close meanwhile as the pool adjusts to the load. */
const SOCKET_SLACK = 2;

const under = useServiceProcess("data", {
  env: { BACKEND_TIMEOUT_MS: String(BACKEND_TIMEOUT_MS) },
  probe: true,
});

/** The service's readings, every 200 ms while `during` runs. */
async function readingsWhile(probeUrl: string, during: Promise<unknown>): Promise<ProcessReading[]> {
  const readings: ProcessReading[] = [];
  let running = true;
  void during.finally(() => {
    running = false;
  });
  while (running) {
    readings.push(await readProcess(probeUrl));
    await sleep(200);
  }
  return readings;
}

const most = (readings: ProcessReading[], of: (reading: ProcessReading) => number) => Math.max(...readings.map(of));
const least = (readings: ProcessReading[], of: (reading: ProcessReading) => number) => Math.min(...readings.map(of));
const descriptors = (reading: ProcessReading) => reading.fileDescriptors;

it("answers 504 within the timeout while a backend hangs, without piling up sockets or slowing other backends", async () => {
  const { probeUrl } = under;
  const headers = await under.platform.authHeader("alice");
  const load = startLoad({
    origin: under.service.url,
    connections: 8,
    pauseMs: 5,
    plans: [
      { route: "passthrough GET", path: "/secured/filetypes/type-list", headers },
      {
        route: "passthrough POST",
        method: "POST",
        path: "/secured/filesystem/directories",
        headers,
        body: (sequence) => ({ paths: [`${HOME}/hang-${sequence}`] }),
      },
      {
        route: "custom handler",
        method: "POST",
        path: "/secured/filesystem/exists",
        headers,
        body: () => ({ paths: [HOME] }),
      },
      { route: "other backend", path: "/secured/filesystem/metadata/templates", headers },
    ],
  });
  await sleep(1_000);
  const warm = now();
  const before = await readingsWhile(probeUrl, sleep(2_000));
  const hangStart = now();
  under.platform.fileInfo.faults.set({ mode: "hang" });
  const during = await readingsWhile(probeUrl, sleep(HANG_MS));
  under.platform.fileInfo.faults.clear();
  const hangEnd = now();
  await sleep(BACKEND_TIMEOUT_MS * TIMEOUT_SLACK);
  const after = await readingsWhile(probeUrl, sleep(1_000));
  await load.stop();

  const onFileInfo = (outcome: Outcome) => outcome.route !== "other backend";
  const hung = load.outcomes.filter((o) => onFileInfo(o) && o.sentAt >= hangStart && o.sentAt < hangEnd);
  const timedOut = load.outcomes.filter((o) => o.status === 504);
  const slowest504 = Math.max(0, ...timedOut.map(latency));
  const recovered = load.outcomes.filter((o) => o.sentAt >= hangEnd + BACKEND_TIMEOUT_MS * TIMEOUT_SLACK);
  const other = load.outcomes.filter((o) => o.route === "other backend");
  const otherP95 = (from: number, to: number) =>
    quantile(other.filter((o) => o.sentAt >= from && o.sentAt < to).map(latency), 0.95);
  const otherBefore = otherP95(warm, hangStart);
  const otherDuring = otherP95(hangStart, hangEnd);
  // A hung POST is listed by the fault that held it; one that was answered, by the recorder.
  const postsReceived = [
    ...under.platform.fileInfo.faults.applied.filter((held) => held.method === "POST").map((held) => held.requestId),
    ...under.platform.fileInfo.recorder
      .to("POST", "/data/directories")
      .map((request) => request.headers["x-request-id"]),
  ];
  const receipts = new Map<string, number>();
  for (const id of postsReceived) receipts.set(String(id), (receipts.get(String(id)) ?? 0) + 1);
  const repeatedPosts = [...receipts.values()].filter((count) => count > 1).length;
  const figures = (of: (reading: ProcessReading) => number) =>
    `${most(before, of)}/${most(during, of)}/${least(after, of)}`;
  printFigures("backend hang", {
    tally: load.tally,
    recoveryMs: Math.max(
      0,
      ...load.outcomes.filter((o) => o.sentAt >= hangEnd && o.status !== 200).map((o) => o.endedAt - hangEnd),
    ),
    more: {
      "slowest-504": `${slowest504.toFixed(0)}ms`,
      "active-sockets-before/during/after": figures(activeSockets),
      "fds-before/during/after": figures(descriptors),
      "other-backend-p95-before/during": `${otherBefore.toFixed(0)}ms/${otherDuring.toFixed(0)}ms`,
      "posts-received-twice": repeatedPosts,
    },
  });

  expect(hung.length, "requests reached the hung backend's routes").toBeGreaterThanOrEqual(6);
  expect(
    hung.filter((o) => o.status !== 504 || o.errorCode !== "ERR_GATEWAY_TIMEOUT"),
    "every request to the hung backend answered 504 ERR_GATEWAY_TIMEOUT",
  ).toEqual([]);
  expect(slowest504, "every 504 came within the timeout plus 10 %").toBeLessThanOrEqual(
    BACKEND_TIMEOUT_MS * TIMEOUT_SLACK,
  );
  expect(
    other.filter((o) => o.status !== 200),
    "the route on another backend stayed 2xx",
  ).toEqual([]);
  expect(otherDuring, "the route on another backend was not slowed (p95)").toBeLessThanOrEqual(
    Math.max(2 * otherBefore, otherBefore + 100),
  );
  expect(
    recovered.filter((o) => o.status !== 200),
    "every route answered 2xx once the backend answered again",
  ).toEqual([]);
  expect(
    least(after, activeSockets),
    "the service's busy sockets came back to their number before the hang",
  ).toBeLessThanOrEqual(most(before, activeSockets) + SOCKET_SLACK);
  expect(least(after, descriptors), "so did its descriptors, pooled connections included").toBeLessThanOrEqual(
    most(before, descriptors) + SOCKET_SLACK,
  );
  expect(repeatedPosts, "no POST reached the backend twice").toBe(0);
  expect(receipts.size, "the backend did receive the POSTs").toBeGreaterThan(0);
  const { tally } = load;
  expect(
    tally.resets + tally.timeouts + tally.otherFailure + tally.otherServerError,
    "no broken exchange, no other 5xx",
  ).toBe(0);
});
