/**
 * Shows that bootstrap calls its backends concurrently: with every backend answering 100 ms late, a bootstrap
 * takes about as long as the slowest backend call, not the sum of them.
 *
 * Starts the simulators and the service on ephemeral loopback ports, delays the apps, file-info and preferences
 * simulators by 100 ms each, times each backend call the gateway makes and the bootstrap itself over the same
 * HTTP path (median of a bounded number of requests), prints the ratio on one line and exits 1 when it exceeds 1.1.
 */
import type { AddressInfo } from "node:net";
import { appsIdentityOf, qualifiedUsername, SimulatedPlatform } from "@de-gateway/backend-simulators";
import { loadConfig } from "@de-gateway/service-kit";
import { buildApp } from "../src/app.js";
import { Config } from "../src/config.js";

const DELAY_MS = 100;
const WARMUP = 3;
const REQUESTS = 20;
const TARGET_RATIO = 1.1;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * Median duration of each probe over `REQUESTS` rounds, after `WARMUP` unmeasured rounds. Every round runs each
 * probe once, one after the other, so that drift in the machine's load affects all of them alike.
 */
async function timedRounds(probes: Record<string, () => Promise<void>>): Promise<Record<string, number>> {
  const durations: Record<string, number[]> = Object.fromEntries(Object.keys(probes).map((name) => [name, []]));
  for (let round = 0; round < WARMUP + REQUESTS; round++) {
    for (const [name, probe] of Object.entries(probes)) {
      const start = performance.now();
      await probe();
      if (round >= WARMUP) durations[name]?.push(performance.now() - start);
    }
  }
  return Object.fromEntries(Object.entries(durations).map(([name, values]) => [name, median(values)]));
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const body = await response.json();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

const platform = await SimulatedPlatform.start();
const app = await buildApp(loadConfig(Config, { ...(await platform.env()), LOG_LEVEL: "silent" }));
try {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const gateway = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const headers = await platform.authHeader("alice");
  for (const simulator of [platform.apps, platform.fileInfo, platform.preferences]) {
    simulator.faults.set({ mode: "delay", delayMs: DELAY_MS });
  }

  const appsIdentity = appsIdentityOf("alice");
  const backendCalls = {
    "apps POST /users/login": () =>
      fetch(`${platform.apps.url}/users/login?ip-address=127.0.0.1&${appsIdentity}`, { method: "POST" }),
    "apps GET /workspaces": () => fetch(`${platform.apps.url}/workspaces?${appsIdentity}`),
    "apps GET /webhooks": () => fetch(`${platform.apps.url}/webhooks?${appsIdentity}`),
    "file-info GET /navigation/base-paths": () => fetch(`${platform.fileInfo.url}/navigation/base-paths?user=alice`),
    "preferences GET /preferences/alice@…": () =>
      fetch(`${platform.preferences.url}/preferences/${qualifiedUsername("alice")}`),
  };
  const backendProbes = Object.fromEntries(
    Object.entries(backendCalls).map(([name, call]) => [
      name,
      async () => {
        const response = await call();
        await response.arrayBuffer();
        if (!response.ok && response.status !== 404) throw new Error(`${name} answered ${response.status}`);
      },
    ]),
  );
  const bootstrapProbe = async () => {
    const body = (await expectOk(
      await fetch(`${gateway}/secured/bootstrap?ip-address=127.0.0.1`, { headers }),
      "bootstrap",
    )) as Record<string, Record<string, unknown>>;
    // A section that failed would answer early and flatter the measurement.
    const failed = ["session", "workspace", "apps_info", "data_info", "preferences"].filter(
      (section) => "error" in (body[section] ?? {}),
    );
    if (failed.length) throw new Error(`bootstrap sections failed: ${failed.join(", ")}`);
  };
  const { bootstrap: totalMs = Number.NaN, ...backendMs } = await timedRounds({
    ...backendProbes,
    bootstrap: bootstrapProbe,
  });

  const [slowestName, slowestMs] = Object.entries(backendMs).reduce((a, b) => (b[1] > a[1] ? b : a));
  const ratio = totalMs / slowestMs;
  const met = ratio <= TARGET_RATIO;
  console.log(
    `figure 4 bootstrap fan-out (${Object.keys(backendMs).length} backend calls, each delayed ${DELAY_MS} ms; medians of ${REQUESTS} rounds): ` +
      `total ${totalMs.toFixed(1)} ms / slowest backend (${slowestName}) ${slowestMs.toFixed(1)} ms = ${ratio.toFixed(3)} x; ` +
      `target <= ${TARGET_RATIO} x: ${met ? "met" : "MISSED"}`,
  );
  if (!met) {
    console.error(`bootstrap is slower than ${TARGET_RATIO} x the slowest backend: are the calls still concurrent?`);
    process.exitCode = 1;
  }
} finally {
  await app.close();
  await platform.stop();
}
