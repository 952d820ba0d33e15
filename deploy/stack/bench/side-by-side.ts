import { existsSync, readdirSync, readFileSync } from "node:fs";
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
  /** The least warm-up per target; it goes on until the processes measured are warm (`warmUp`). */
  warmupSeconds: number;
}

/** 10 connections on loopback, as the issue measures; a few seconds per run so that the suite stays short. */
export const DEFAULT_LOAD: LoadSettings = {
  connections: 10,
  seconds: Number(process.env.BENCH_SECONDS ?? 2),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  warmupSeconds: 1,
};

/** Processes whose CPU time is counted per request in every run, by name: e.g. the simulators and the service. */
export type Watched = Record<string, number>;

// Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on.
const TICKS_PER_SECOND = 100;

/**
 * User and system CPU time so far in clock ticks, and the minor page faults so far, from a /proc `stat` file (a
 * process's or a thread's).
 */
function statTicks(file: string): { user: number; system: number; pageFaults: number } {
  const fields = (readFileSync(file, "utf8").split(") ")[1] ?? "").split(" ");
  return { user: Number(fields[11]), system: Number(fields[12]), pageFaults: Number(fields[7]) };
}

/**
 * A process's CPU time so far, in µs, from one read of /proc/<pid>/stat: user plus system, and the system part alone
 * (the kernel's work for it: socket writes and reads on loopback, mostly); and its minor page faults so far, each a
 * dozen µs of kernel time on a paravirtualised guest (docs/performance.md, "Machine").
 */
export function processTimes(pid: number): { cpu: number; kernel: number; pageFaults: number } {
  const { user, system, pageFaults } = statTicks(`/proc/${pid}/stat`);
  return { cpu: ((user + system) / TICKS_PER_SECOND) * 1e6, kernel: (system / TICKS_PER_SECOND) * 1e6, pageFaults };
}

/** User plus system CPU time of a process so far, in µs. */
const cpuMicros = (pid: number): number => processTimes(pid).cpu;

/**
 * CPU time so far of a process's V8 worker threads (its `V8Worker`s: the JIT's background compiles, the collector's
 * helpers) and of all its threads, in clock ticks; undefined where there is no /proc.
 */
export function workerTicks(pid: number): { workers: number; all: number } | undefined {
  const tasks = `/proc/${pid}/task`;
  if (!existsSync(tasks)) return undefined;
  let workers = 0;
  let all = 0;
  for (const tid of readdirSync(tasks)) {
    try {
      const { user, system } = statTicks(`${tasks}/${tid}/stat`);
      const ticks = user + system;
      all += ticks;
      if (readFileSync(`${tasks}/${tid}/comm`, "utf8").startsWith("V8Worker")) workers += ticks;
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return { workers, all };
}

/** The system calls that read or wrote so far (`syscr` + `syscw` of /proc/<pid>/io). */
export function systemCalls(pid: number): number {
  const io = readFileSync(`/proc/${pid}/io`, "utf8");
  return Number(/syscr: (\d+)/.exec(io)?.[1]) + Number(/syscw: (\d+)/.exec(io)?.[1]);
}

const cpuOf = (watched: Watched) =>
  Object.fromEntries(Object.entries(watched).map(([name, pid]) => [name, cpuMicros(pid)]));

interface Run {
  requests: number;
  requestsPerSecond: number;
  p99Ms: number;
  /** CPU time each watched process spent per request during the run, in µs. */
  cpuPerRequest: Record<string, number>;
}

async function load(target: Target, connections: number, seconds: number, watched: Watched = {}): Promise<Run> {
  const before = cpuOf(watched);
  const result = await autocannon({ ...target, connections, duration: seconds });
  const after = cpuOf(watched);
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0 || result.requests.total === 0) {
    throw new Error(
      `${target.method ?? "GET"} ${target.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ` +
        `${result.timeouts} timeouts out of ${result.requests.total} requests`,
    );
  }
  const cpuPerRequest = Object.fromEntries(
    Object.keys(watched).map((name) => [name, ((after[name] ?? 0) - (before[name] ?? 0)) / result.requests.total]),
  );
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    cpuPerRequest,
  };
}

/**
 * A process is warm when its V8 workers take under this share of its CPU over a step. Measured under figure 1's load
 * (2026-11-29): 1–3 % once apps-proxy runs its optimized code, a fifth to a third in its first seconds of load, when
 * the JIT is still compiling its request path in the background, for about ten seconds.
 */
const WARM_WORKER_SHARE = 0.05;
const WARMUP_STEP_SECONDS = 2;
/** CPU ticks in a step (0.1 s of 2) under which a process is not being loaded: the target is another's. */
const IDLE_TICKS = 10;
/** Beyond this a warm-up ends, warm or not: a process that keeps compiling is measured as it is. */
const MOST_WARMUP_SECONDS = 30;

type WorkerTicks = ReturnType<typeof workerTicks>;

/** Whether a process was warm between two readings of `workerTicks`: idle, or its V8 workers nearly so. */
export function isWarm(before: WorkerTicks, after: WorkerTicks): boolean {
  if (!before || !after) return true;
  const all = after.all - before.all;
  return all < IDLE_TICKS || (after.workers - before.workers) / all < WARM_WORKER_SHARE;
}

/**
 * Loads a target for at least `leastSeconds`, then in steps until each of `pids` is warm: CPU per request is compared
 * at the steady state a service runs in, not while V8 is still compiling the longer path (the gateway's is several
 * times the floors'). A process the target does not load spends next to nothing and counts as warm. Returns the
 * requests answered.
 */
export async function warmUp(
  target: Target,
  connections: number,
  leastSeconds: number,
  pids: readonly number[],
): Promise<number> {
  let answered = (await load(target, connections, leastSeconds)).requests;
  for (let seconds = leastSeconds; seconds < MOST_WARMUP_SECONDS; seconds += WARMUP_STEP_SECONDS) {
    const before = pids.map(workerTicks);
    answered += (await load(target, connections, WARMUP_STEP_SECONDS)).requests;
    if (pids.every((pid, index) => isWarm(before[index], workerTicks(pid)))) break;
  }
  return answered;
}

export interface Comparison {
  /** Requests per second through the gateway divided by requests per second direct, per round. */
  ratio: Spread;
  /** Through p99 minus direct p99, in ms, per round. */
  p99AddedMs: Spread;
  direct: Spread;
  through: Spread;
  /**
   * µs of CPU per request of each watched process, on each path: steadier than req/s on a shared machine, and
   * the reason for the ratio (what a hop costs against what the direct answer costs).
   */
  cpuPerRequest: { direct: Record<string, Spread>; through: Record<string, Spread> };
  /** The same, round by round, for ratios taken per round (e.g. one process's CPU against another's). */
  cpuPerRequestRounds: { direct: Record<string, number>[]; through: Record<string, number>[] };
}

export interface SideBySideOptions {
  settings?: LoadSettings;
  /** Runs before every measured run (e.g. emptying the simulators' request records). */
  between?: () => Promise<void>;
  watched?: Watched;
}

const spreadsOf = (runs: readonly Run[], watched: Watched) =>
  Object.fromEntries(
    Object.keys(watched).map((name) => [name, spreadOf(runs.map((run) => run.cpuPerRequest[name] ?? 0))]),
  );

/**
 * Loads the direct target and the target through the gateway one after the other, `rounds` times, in
 * alternating order so that drift in the machine's load affects both alike; ratios are taken per round.
 */
export async function sideBySide(
  direct: Target,
  through: Target,
  { settings = DEFAULT_LOAD, between = async () => {}, watched = {} }: SideBySideOptions = {},
): Promise<Comparison> {
  const pids = Object.values(watched);
  await warmUp(direct, settings.connections, settings.warmupSeconds, pids);
  await warmUp(through, settings.connections, settings.warmupSeconds, pids);
  const directRuns: Run[] = [];
  const throughRuns: Run[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    const order = round % 2 ? [through, direct] : [direct, through];
    for (const target of order) {
      await between();
      const run = await load(target, settings.connections, settings.seconds, watched);
      (target === direct ? directRuns : throughRuns).push(run);
    }
  }
  const rounds = directRuns.map((d, round) => ({ d, t: throughRuns[round] as Run }));
  return {
    ratio: spreadOf(rounds.map(({ d, t }) => t.requestsPerSecond / d.requestsPerSecond)),
    p99AddedMs: spreadOf(rounds.map(({ d, t }) => t.p99Ms - d.p99Ms)),
    direct: spreadOf(directRuns.map((run) => run.requestsPerSecond)),
    through: spreadOf(throughRuns.map((run) => run.requestsPerSecond)),
    cpuPerRequest: { direct: spreadsOf(directRuns, watched), through: spreadsOf(throughRuns, watched) },
    cpuPerRequestRounds: {
      direct: directRuns.map((run) => run.cpuPerRequest),
      through: throughRuns.map((run) => run.cpuPerRequest),
    },
  };
}

/** One of several targets loaded in turns, and the process whose CPU time is its cost (e.g. the hop it goes through). */
export interface Contender {
  name: string;
  target: Target;
  pid: number;
}

/**
 * Loads several targets in turns, `rounds` times, the one going first moving on by one each round so that drift in
 * the machine's load is shared out, and returns each contender's own process's µs of CPU per request, round by
 * round: ratios between contenders are then taken per round, as `sideBySide` takes them between two.
 */
export async function inTurns(
  contenders: readonly Contender[],
  { settings = DEFAULT_LOAD, between = async () => {} }: Omit<SideBySideOptions, "watched"> = {},
): Promise<Record<string, number[]>> {
  for (const { target, pid } of contenders) await warmUp(target, settings.connections, settings.warmupSeconds, [pid]);
  const cpu: Record<string, number[]> = Object.fromEntries(contenders.map(({ name }) => [name, []]));
  for (let round = 0; round < settings.rounds; round++) {
    const first = round % contenders.length;
    for (const { name, target, pid } of [...contenders.slice(first), ...contenders.slice(0, first)]) {
      await between();
      const run = await load(target, settings.connections, settings.seconds, { [name]: pid });
      cpu[name]?.push(run.cpuPerRequest[name] ?? 0);
    }
  }
  return cpu;
}
