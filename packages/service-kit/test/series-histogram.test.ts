import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { SeriesHistogram } from "../src/series-histogram.js";

type Observation = [string, string, string, number];

/** The registry's text for a histogram with these bucket bounds and observations, and its counter beside it. */
const exposition = async (bounds: number[], observations: Observation[]) => {
  const histogram = new SeriesHistogram("calls_seconds", "Calls", ["a", "b", "c"], bounds);
  for (const observation of observations) histogram.observe(...observation);
  const registry = new Registry();
  registry.registerMetric(histogram.histogram());
  registry.registerMetric(histogram.counter("calls_total", "Calls"));
  return registry.metrics();
};

describe("SeriesHistogram", () => {
  it("counts a value on a bucket's bound in that bucket, cumulatively, as Prometheus' `le` means", async () => {
    const text = await exposition(
      [0.1, 1],
      [
        ["x", "y", "z", 0.1],
        ["x", "y", "z", 0.5],
        ["x", "y", "z", 7],
      ],
    );
    expect(text).toContain('calls_seconds_bucket{le="0.1",a="x",b="y",c="z"} 1\n');
    expect(text).toContain('calls_seconds_bucket{le="1",a="x",b="y",c="z"} 2\n');
    expect(text).toContain('calls_seconds_bucket{le="+Inf",a="x",b="y",c="z"} 3\n');
    expect(text).toContain('calls_seconds_sum{a="x",b="y",c="z"} 7.6\n');
    expect(text).toContain('calls_seconds_count{a="x",b="y",c="z"} 3\n');
    expect(text).toContain('# TYPE calls_total counter\ncalls_total{a="x",b="y",c="z"} 3');
  });

  it("keeps series apart by every label, and escapes label values as the registry does", async () => {
    const text = await exposition(
      [1],
      [
        ["x", "y", "z", 0.5],
        ["x", "y", "w", 0.5],
        ["x", 'q"uote\\', "z", 0.5],
      ],
    );
    expect(text).toContain('calls_total{a="x",b="y",c="z"} 1');
    expect(text).toContain('calls_total{a="x",b="y",c="w"} 1');
    expect(text).toContain('calls_total{a="x",b="q\\"uote\\\\",c="z"} 1');
  });

  it("starts again from nothing when the registry resets its metrics", async () => {
    const histogram = new SeriesHistogram("calls_seconds", "Calls", ["a", "b", "c"], [1]);
    const registry = new Registry();
    registry.registerMetric(histogram.histogram());
    histogram.observe("x", "y", "z", 0.5);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain("calls_seconds_count");
  });
});
