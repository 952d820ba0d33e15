import { qualifiedUsername, SimulatedPlatform } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printFigures } from "../src/figures.js";
import { type Load, startLoad } from "../src/load.js";
import type { Outcome } from "../src/outcomes.js";
import { type GatewayProcess, startEdge, startService, stopProcesses } from "../src/processes.js";
import { ReadinessWatch } from "../src/readiness.js";
import { now, sleep, until } from "../src/timing.js";

/**
 * Scenario 3: SIGTERM to identity-session under load, first straight to the service (the load generator stops
 * sending once /readyz says 503, as a load balancer does), then through the edge while the service is restarted
 * as the stack restarts one: stopped with SIGTERM, started again on the same port.
 */
const DRAIN_DELAY_MS = 1_500;
/** service-kit's grace for requests in flight once the port has closed. */
const GRACE_MS = 10_000;
const READY_503_WITHIN_MS = 250;
/** The preferences backend's delays: some requests are still in flight when the port closes. */
const SLOW_BACKEND_MS = 2_500;
const EDGE_BACKEND_MS = 300;

let platform: SimulatedPlatform;
const processes: GatewayProcess[] = [];
const serviceEnv = { DRAIN_DELAY_MS: String(DRAIN_DELAY_MS) };
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
});
afterAll(async () => {
  await stopProcesses(processes);
  await platform?.stop();
});

async function started(process: Promise<GatewayProcess>): Promise<GatewayProcess> {
  const running = await process;
  processes.push(running);
  return running;
}

const inFlightAt = (outcomes: readonly Outcome[], at: number) =>
  outcomes.filter((outcome) => outcome.sentAt < at && outcome.endedAt > at);
const notOk = (outcomes: readonly Outcome[]) => outcomes.filter((outcome) => outcome.status !== 200);

describe("graceful shutdown", () => {
  it("on SIGTERM turns /readyz 503 at once, finishes what is in flight, refuses only after the drain, exits 0", async () => {
    const service = await started(startService("identity-session", platform, { env: serviceEnv }));
    platform.preferences.faults.set({ mode: "delay", delayMs: SLOW_BACKEND_MS, path: "^/searches/" });
    const headers = await platform.authHeader("alice");
    const fast = { route: "sessions", path: "/secured/sessions", headers };
    const slow = { route: "saved searches (slow backend)", path: "/secured/saved-searches", headers };
    const load = startLoad({ origin: service.url, connections: 10, pauseMs: 5, plans: [fast, fast, fast, fast, slow] });
    const readiness = new ReadinessWatch(service.url);
    await sleep(SLOW_BACKEND_MS + 500);

    const signalled = now();
    service.running.child.kill("SIGTERM");
    // A balancer stops sending once the health check fails; what it had sent must still be answered.
    await until(
      () => readiness.checks.some((check) => check.at > signalled && check.status !== 200),
      "/readyz to fail",
    );
    await load.stop();
    const exit = await service.exited;
    await sleep(200);
    await readiness.stop();
    platform.preferences.faults.clear();

    const afterSignal = readiness.checks.filter((check) => check.at > signalled);
    const first503 = afterSignal.find((check) => check.status === 503);
    const firstRefused = afterSignal.find((check) => check.failure === "ECONNREFUSED");
    const inFlight = inFlightAt(load.outcomes, signalled);
    printFigures("graceful shutdown", {
      tally: load.tally,
      more: {
        "readyz-503-after": first503 ? `${(first503.at - signalled).toFixed(0)}ms` : "never",
        "in-flight-at-sigterm": inFlight.length,
        "first-refused-after": firstRefused ? `${(firstRefused.at - signalled).toFixed(0)}ms` : "never",
        exit: `${exit.code ?? exit.signal}@${(exit.at - signalled).toFixed(0)}ms`,
      },
    });

    expect(first503, "/readyz answered 503 after SIGTERM").toBeDefined();
    expect((first503?.at ?? Number.POSITIVE_INFINITY) - signalled, "/readyz turned 503 at once").toBeLessThanOrEqual(
      READY_503_WITHIN_MS,
    );
    expect(
      afterSignal.filter((check) => check.at > (first503?.at ?? 0) && check.status === 200),
      "/readyz never answered 200 again",
    ).toEqual([]);
    expect(inFlight.filter((o) => o.route === slow.route).length, "slow requests were in flight").toBeGreaterThan(0);
    expect(notOk(load.outcomes), "every request sent got its 200: in flight ones included").toEqual([]);
    expect(firstRefused, "new connections were refused once the service stopped").toBeDefined();
    expect(
      afterSignal.filter((check) => check.at < signalled + DRAIN_DELAY_MS && check.failure !== undefined),
      "new connections were accepted throughout the drain delay",
    ).toEqual([]);
    expect(exit.code, "the process exited 0").toBe(0);
    expect(exit.at - signalled, "within the drain time").toBeLessThanOrEqual(DRAIN_DELAY_MS + GRACE_MS);
  });

  it("loses no request the service had accepted when the stack restarts it behind the edge", async () => {
    const first = await started(startService("identity-session", platform, { env: serviceEnv }));
    const edge = await started(startEdge({ "identity-session": first.url }));
    platform.preferences.faults.set({ mode: "delay", delayMs: EDGE_BACKEND_MS, path: "^/sessions/" });
    platform.preferences.recorder.clear();
    const headers = await platform.authHeader("alice");
    const load: Load = startLoad({
      origin: edge.url,
      connections: 10,
      pauseMs: 20,
      plans: [{ route: "sessions", path: "/secured/sessions", headers }],
    });
    await sleep(1_500);

    const signalled = now();
    first.running.child.kill("SIGTERM");
    const exit = await first.exited;
    await started(startService("identity-session", platform, { env: serviceEnv, port: first.port }));
    const back = now();
    await sleep(1_500);
    await load.stop();
    await sleep(EDGE_BACKEND_MS + 200);
    platform.preferences.faults.clear();

    const accepted = new Set(
      platform.preferences.recorder
        .to("GET", `/sessions/${encodeURIComponent(qualifiedUsername("alice"))}`)
        .map((request) => String(request.headers["x-request-id"])),
    );
    const refusedByEdge = (o: Outcome) => o.status === 502 && o.errorCode === "ERR_BAD_GATEWAY" && !accepted.has(o.id);
    const lost = load.outcomes.filter((o) => o.status !== 200 && !refusedByEdge(o));
    const lateFailures = notOk(load.outcomes.filter((o) => o.sentAt >= back));
    printFigures("restart behind the edge", {
      tally: load.tally,
      recoveryMs: Math.max(0, ...lateFailures.map((o) => o.endedAt - back)),
      more: {
        "in-flight-at-sigterm": inFlightAt(load.outcomes, signalled).length,
        "accepted-then-lost": lost.length,
        "502-while-down": load.outcomes.filter(refusedByEdge).length,
        "down-for": `${(back - exit.at).toFixed(0)}ms`,
        exit: `${exit.code ?? exit.signal}@${(exit.at - signalled).toFixed(0)}ms`,
      },
    });

    expect(inFlightAt(load.outcomes, signalled).length, "requests were in flight at SIGTERM").toBeGreaterThan(0);
    expect(lost, "every request that reached the service got its 200; the rest a 502 from the edge").toEqual([]);
    expect(exit.code, "the stopped instance exited 0").toBe(0);
    expect(lateFailures, "once the new instance was up, every request got its 200").toEqual([]);
  });
});
