import type { Running } from "../src/processes.js";
import { formatSpread, printFigure, type Spread, spreadOf } from "./figures.js";
import { type LoadSettings, sideBySide } from "./side-by-side.js";
import { startTracedTwin } from "./traced-twin.js";

/** Issue 49's bound on what tracing every request may cost a service. */
const TARGET = 1.25;

/** A sample of the twin's Prometheus text, 0 when absent. */
async function sample(port: number, series: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(
    text
      .split("\n")
      .find((line) => line.startsWith(`${series} `))
      ?.split(" ")[1] ?? 0,
  );
}

export interface TracingCostOptions {
  /** The stack's apps-proxy, tracing off. */
  untraced: Running;
  headers: Record<string, string>;
  settings: LoadSettings;
  between: () => Promise<void>;
}

/**
 * Figure 1's tracing line: `GET /reference-genomes` through apps-proxy with every request sampled and its spans (the
 * server span and the apps call's) exported over OTLP/HTTP to a collector that keeps nothing (otlp-sink.ts), against
 * the stack's apps-proxy with tracing off, loaded in turns; the ratio of their CPU per request, round by round. Every
 * span must have been exported (none dropped), or the figure would leave out part of the cost.
 */
export async function tracingCostFigure({ untraced, headers, settings, between }: TracingCostOptions): Promise<void> {
  const twin = await startTracedTwin(untraced);
  try {
    const target = (port: number) => ({ url: `http://127.0.0.1:${port}/reference-genomes`, headers });
    const comparison = await sideBySide(target(untraced.component.port), target(twin.port), {
      watched: { off: untraced.child.pid as number, on: twin.pid },
      settings,
      between,
    });
    const { direct: off, through: on } = comparison.cpuPerRequestRounds;
    const ratio = spreadOf(on.map((run, round) => (run.on ?? 0) / (off[round]?.off ?? 1)));
    const exported = await sample(twin.port, "gateway_trace_spans_exported_total");
    const dropped =
      (await sample(twin.port, 'gateway_trace_spans_dropped_total{reason="queue_full"}')) +
      (await sample(twin.port, 'gateway_trace_spans_dropped_total{reason="export_failed"}'));
    printFigure(
      "1 tracing (GET /reference-genomes through apps-proxy, every request's spans exported to a collector that keeps nothing vs tracing off, µs of CPU per request)",
      `${formatSpread(ratio, 2, " x")} off's, median of ${settings.rounds} rounds ` +
        `(on ${formatSpread(comparison.cpuPerRequest.through.on as Spread, 0, " µs")}, ` +
        `off ${formatSpread(comparison.cpuPerRequest.direct.off as Spread, 0, " µs")}; ` +
        `${comparison.through.median.toFixed(0)} req/s on, ${comparison.direct.median.toFixed(0)} off; ` +
        `${exported} spans exported, ${dropped} dropped)`,
      { target: `<= ${TARGET} x off's CPU per request, no span dropped`, met: ratio.median <= TARGET && dropped === 0 },
    );
  } finally {
    await twin.stop();
  }
}
