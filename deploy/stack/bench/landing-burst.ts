import { DEFAULT_PORTS } from "@de-gateway/backend-simulators";
import { formatSpread, printFigure, spreadOf } from "./figures.js";

/** A backend request as a simulator recorded it. */
interface Recorded {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

const ROUNDS = 5;
const BURSTS_PER_ROUND = 10;
// Set by the connection or recomputed by fetch when the call is sent again.
const TRANSPORT_HEADERS = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive"]);

const simulatorUrls = () =>
  Object.entries(DEFAULT_PORTS)
    .filter(([name]) => name !== "smtp")
    .map(([, port]) => `http://127.0.0.1:${port}`);

/** Every request the simulators received while `action` ran, each with the simulator it went to. */
async function backendCallsOf(action: () => Promise<unknown>): Promise<{ url: string; call: Recorded }[]> {
  const simulators = simulatorUrls();
  await Promise.all(simulators.map((url) => fetch(`${url}/__sim/requests`, { method: "DELETE" }).catch(() => {})));
  await action();
  const recorded = await Promise.all(
    simulators.map(async (url) => {
      const response = await fetch(`${url}/__sim/requests`).catch(() => undefined);
      const calls = response?.ok ? ((await response.json()) as Recorded[]) : [];
      return calls.map((call) => ({ url, call }));
    }),
  );
  return recorded.flat();
}

/** Sends a recorded backend call again, straight to its simulator. */
function replay({ url, call }: { url: string; call: Recorded }): () => Promise<void> {
  const query = new URLSearchParams();
  for (const [name, values] of Object.entries(call.query))
    for (const value of [values].flat()) query.append(name, value);
  const headers = Object.fromEntries(
    Object.entries(call.headers).flatMap(([name, value]) =>
      TRANSPORT_HEADERS.has(name) || value === undefined ? [] : [[name, [value].flat().join(", ")]],
    ),
  );
  const hasBody = call.body !== undefined && call.body !== null && call.method !== "GET";
  const target = `${url}${call.path}${query.size ? `?${query}` : ""}`;
  const init = { method: call.method, headers, ...(hasBody ? { body: JSON.stringify(call.body) } : {}) };
  return async () => {
    const response = await fetch(target, init);
    await response.arrayBuffer();
    if (response.status >= 500) throw new Error(`${call.method} ${target} answered ${response.status}`);
  };
}

const timed = async (action: () => Promise<unknown>) => {
  const start = performance.now();
  await action();
  return performance.now() - start;
};

/**
 * The landing page's burst as the web client sends it once signed in: bootstrap, the dashboard, the analyses'
 * stats, the active alerts and the notification counts, all at once, each to the service that answers it. Against
 * it, the slowest of the backend calls the burst makes (taken from the simulators' request records), each sent
 * straight to its simulator. Rounds of bursts and backend calls taking turns; the figure is the median round's
 * ratio of median latencies.
 */
export async function landingBurstFigure(port: (service: string) => number, bearer: Record<string, string>) {
  const at = (service: string, path: string) => `http://127.0.0.1:${port(service)}${path}`;
  const pages = [
    at("identity-session", "/secured/bootstrap"),
    at("apps-proxy", "/dashboard"),
    at("apps-proxy", "/analyses/stats"),
    at("notifications", "/alerts/active"),
    at("notifications", "/secured/notifications/count-messages"),
  ];
  const burst = () =>
    Promise.all(
      pages.map(async (url) => {
        const response = await fetch(url, { headers: bearer });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      }),
    );
  for (let warmUp = 0; warmUp < 5; warmUp++) await burst();
  const calls = (await backendCallsOf(burst)).map((call) => ({
    name: `${call.call.method} ${call.url}${call.call.path}`,
    send: replay(call),
  }));
  for (const call of calls) await call.send();

  const ratios: number[] = [];
  const bursts: number[] = [];
  const slowest: { ms: number; name: string }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const burstTimes: number[] = [];
    const callTimes = new Map<string, number[]>(calls.map((call) => [call.name, []]));
    for (let turn = 0; turn < BURSTS_PER_ROUND; turn++) {
      const callsFirst = (round + turn) % 2 === 1;
      if (!callsFirst) burstTimes.push(await timed(burst));
      for (const call of calls) callTimes.get(call.name)?.push(await timed(call.send));
      if (callsFirst) burstTimes.push(await timed(burst));
    }
    const [name, ms] = [...callTimes]
      .map(([n, times]) => [n, spreadOf(times).median] as const)
      .sort((a, b) => b[1] - a[1])[0] ?? ["none", 0];
    slowest.push({ ms, name });
    bursts.push(spreadOf(burstTimes).median);
    ratios.push(spreadOf(burstTimes).median / ms);
  }
  const ratio = spreadOf(ratios);
  const names = [...new Set(slowest.map((call) => call.name))].join(", ");
  printFigure(
    "9 landing burst (bootstrap, /dashboard, /analyses/stats, /alerts/active, count-messages at once vs the slowest of its backend calls)",
    `${formatSpread(ratio, 2, " x")}, median of ${ROUNDS} rounds (burst ${spreadOf(bursts).median.toFixed(1)} ms, ` +
      `slowest backend call ${spreadOf(slowest.map((call) => call.ms)).median.toFixed(1)} ms: ${names}; ` +
      `${calls.length} backend calls in all)`,
  );
}
