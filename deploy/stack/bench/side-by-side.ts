import autocannon from "autocannon";
import { type Spread, spreadOf } from "./figures.js";

/** One HTTP request, sent over and over by the load generator. */
export interface Target {
  url: string;
  method?: "GET" | "POST" | "PUT";
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadSettings {
  connections: number;
  seconds: number;
  rounds: number;
  warmupSeconds: number;
}

/** 10 connections on loopback, as the issue measures; a few seconds per run so that the suite stays short. */
export const DEFAULT_LOAD: LoadSettings = {
  connections: 10,
  seconds: Number(process.env.BENCH_SECONDS ?? 2),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  warmupSeconds: 1,
};

interface Run {
  requestsPerSecond: number;
  p99Ms: number;
}

async function load(target: Target, connections: number, seconds: number): Promise<Run> {
  const result = await autocannon({ ...target, connections, duration: seconds });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0 || result.requests.total === 0) {
    throw new Error(
      `${target.method ?? "GET"} ${target.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ` +
        `${result.timeouts} timeouts out of ${result.requests.total} requests`,
    );
  }
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

export interface Comparison {
  /** Requests per second through the gateway divided by requests per second direct, per round. */
  ratio: Spread;
  /** Through p99 minus direct p99, in ms, per round. */
  p99AddedMs: Spread;
  direct: Spread;
  through: Spread;
}

/**
 * Loads the direct target and the target through the gateway one after the other, `rounds` times, in
 * alternating order so that drift in the machine's load affects both alike; ratios are taken per round.
 */
export async function sideBySide(
  direct: Target,
  through: Target,
  settings: LoadSettings = DEFAULT_LOAD,
  between: () => Promise<void> = async () => {},
): Promise<Comparison> {
  await load(direct, settings.connections, settings.warmupSeconds);
  await load(through, settings.connections, settings.warmupSeconds);
  const ratios: number[] = [];
  const added: number[] = [];
  const directRates: number[] = [];
  const throughRates: number[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    const order = round % 2 ? [through, direct] : [direct, through];
    const runs = new Map<Target, Run>();
    for (const target of order) {
      await between();
      runs.set(target, await load(target, settings.connections, settings.seconds));
    }
    const [d, t] = [runs.get(direct) as Run, runs.get(through) as Run];
    ratios.push(t.requestsPerSecond / d.requestsPerSecond);
    added.push(t.p99Ms - d.p99Ms);
    directRates.push(d.requestsPerSecond);
    throughRates.push(t.requestsPerSecond);
  }
  return {
    ratio: spreadOf(ratios),
    p99AddedMs: spreadOf(added),
    direct: spreadOf(directRates),
    through: spreadOf(throughRates),
  };
}
