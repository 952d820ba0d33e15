/** Median and spread of a figure measured several times in one run. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { median, min: sorted[0] as number, max: sorted[sorted.length - 1] as number };
}

export const formatSpread = (spread: Spread, digits: number, unit = ""): string =>
  `${spread.median.toFixed(digits)}${unit} [${spread.min.toFixed(digits)}–${spread.max.toFixed(digits)}]`;

/** A figure's target as the issue states it, and whether this run met it. */
export interface Verdict {
  target: string;
  met: boolean;
}

/**
 * Prints one figure of the suite on one line, with its target and whether it was met. A missed target
 * makes the bench exit 1 (after every figure is printed), so `pnpm bench` reports it.
 */
export function printFigure(id: string, text: string, verdict?: Verdict): void {
  const outcome = verdict ? `target ${verdict.target}: ${verdict.met ? "met" : "MISSED"}` : "no target set";
  console.log(`figure ${id}: ${text}; ${outcome}`);
  if (verdict && !verdict.met) process.exitCode = 1;
}

/**
 * `BENCH_FIGURES=1,5` runs only those figures (a comma-separated list of their numbers); unset, every figure runs.
 * For working on one figure: the suite's full run sets nothing.
 */
export function figureWanted(figure: number): boolean {
  const chosen = process.env.BENCH_FIGURES?.split(",").map((entry) => entry.trim());
  return !chosen || chosen.includes(String(figure));
}
