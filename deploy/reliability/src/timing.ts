import { performance } from "node:perf_hooks";

export { setTimeout as sleep } from "node:timers/promises";

/** The clock every outcome and event of a scenario is placed on. */
export const now = () => performance.now();

/** Polls `condition` until it holds; fails naming `what` after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = now() + timeoutMs;
  while (!(await condition())) {
    if (now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The `fraction` quantile (0.95 for p95) of some durations. */
export function quantile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number;
}
