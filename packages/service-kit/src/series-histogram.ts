import type { Metric } from "prom-client";

/** One line of a metric as the registry reads it: its labels, its value, and its name when not the metric's. */
interface MetricLine {
  labels: Record<string, string>;
  value: number;
  metricName?: string;
}

/** The observations of one series: counts per bucket (each bucket on its own, not cumulative), their sum and count. */
interface Series {
  labels: Record<string, string>;
  buckets: number[];
  sum: number;
  count: number;
}

type Level<T> = Map<string, T>;

const newLevel = <T>(): Level<T> => new Map();

function entryOf<T>(level: Level<T>, key: string, made: () => T): T {
  let entry = level.get(key);
  if (entry === undefined) {
    entry = made();
    level.set(key, entry);
  }
  return entry;
}

/**
 * A Prometheus histogram with three labels, kept for the requests every service counts and times. prom-client's own
 * Histogram makes a label hash out of a labels object on each observation, which was a measurable part of a
 * proxied request's CPU (docs/performance.md); here a series is found by its three label values, one map each, and
 * the values are usually the same string objects request after request (the route template, the method), whose
 * hashes V8 keeps. The series are read in prom-client's own form, so the registry writes them as it writes its own.
 */
export class SeriesHistogram {
  private readonly series: Level<Level<Level<Series>>> = new Map();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly [string, string, string],
    private readonly upperBounds: readonly number[],
  ) {}

  observe(first: string, second: string, third: string, value: number): void {
    const series = this.seriesOf(first, second, third);
    let bucket = 0;
    while (bucket < this.upperBounds.length && value > (this.upperBounds[bucket] as number)) bucket++;
    series.buckets[bucket] = (series.buckets[bucket] as number) + 1;
    series.sum += value;
    series.count++;
  }

  private seriesOf(first: string, second: string, third: string): Series {
    const thirds = entryOf(entryOf(this.series, first, newLevel<Level<Series>>), second, newLevel<Series>);
    let series = thirds.get(third);
    if (!series) {
      const [a, b, c] = this.labelNames;
      series = {
        labels: { [a]: first, [b]: second, [c]: third },
        buckets: new Array(this.upperBounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      thirds.set(third, series);
    }
    return series;
  }

  private *allSeries(): Generator<Series> {
    for (const seconds of this.series.values()) for (const thirds of seconds.values()) yield* thirds.values();
  }

  /** The histogram as the registry reads a metric: `_bucket` lines (cumulative, `le` first), `_sum` and `_count`. */
  histogram(): Metric {
    return this.metric(this.name, this.help, "histogram", () => [...this.allSeries()].flatMap((s) => this.lines(s)));
  }

  /** The count of each series, as a counter of its own. */
  counter(name: string, help: string): Metric {
    return this.metric(name, help, "counter", () =>
      [...this.allSeries()].map((series) => ({ labels: series.labels, value: series.count })),
    );
  }

  /**
   * A metric the registry writes as it writes its own: it reads any registered metric through `get()` (its name,
   * help, type and values) and clears it through `reset()`, which is all a metric of prom-client's own kinds offers it.
   */
  private metric(name: string, help: string, type: string, values: () => MetricLine[]): Metric {
    const read = { name, help, type, aggregator: "sum" };
    const metric = { ...read, get: async () => ({ ...read, values: values() }), reset: () => this.series.clear() };
    return metric as unknown as Metric;
  }

  private lines(series: Series): MetricLine[] {
    let cumulative = 0;
    const buckets = series.buckets.map((count, index) => {
      cumulative += count;
      const le = index < this.upperBounds.length ? String(this.upperBounds[index]) : "+Inf";
      return { labels: { le, ...series.labels }, value: cumulative, metricName: `${this.name}_bucket` };
    });
    return [
      ...buckets,
      { labels: series.labels, value: series.sum, metricName: `${this.name}_sum` },
      { labels: series.labels, value: series.count, metricName: `${this.name}_count` },
    ];
  }
}
