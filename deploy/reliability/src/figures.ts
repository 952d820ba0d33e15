import type { Tally } from "./outcomes.js";
import { MiB } from "./probe-client.js";

export interface ScenarioFigures {
  tally: Tally;
  /** From the end of the fault until every route answered 2xx again. */
  recoveryMs?: number;
  /** Largest growth of the process memory the scenario watches, in bytes. */
  memoryGrowth?: number;
  /** The scenario's own figures (latencies, counts of leftovers, ...). */
  more?: Record<string, string | number>;
}

const orNone = (value: number | undefined, unit: string) =>
  value === undefined ? "n/a" : `${value.toFixed(0)}${unit}`;

/**
 * The one line a scenario prints: the same figures for every scenario, then its own. Every request sent is in one of
 * the common counts from `2xx` to `abandoned` (`without-error-model` counts again some of those answered).
 */
export function figuresLine(scenario: string, { tally, recoveryMs, memoryGrowth, more = {} }: ScenarioFigures): string {
  const common = [
    `sent=${tally.sent}`,
    `2xx=${tally.ok}`,
    `502=${tally.badGateway}`,
    `504=${tally.gatewayTimeout}`,
    `5xx-other=${tally.otherServerError}`,
    `other-answers=${tally.otherAnswer}`,
    `without-error-model=${tally.withoutErrorModel}`,
    `resets=${tally.resets}`,
    `refused=${tally.refused}`,
    `timeouts=${tally.timeouts}`,
    `other-failures=${tally.otherFailure}`,
    `abandoned=${tally.abandoned}`,
    `recovery=${orNone(recoveryMs, "ms")}`,
    `memory-growth=${memoryGrowth === undefined ? "n/a" : `${MiB(memoryGrowth).toFixed(1)}MiB`}`,
  ];
  const own = Object.entries(more).map(([name, value]) => `${name}=${value}`);
  return `[reliability] ${scenario}: ${[...common, ...own].join(" ")}`;
}

export function printFigures(scenario: string, figures: ScenarioFigures): void {
  console.log(figuresLine(scenario, figures));
}
