import { describe, expect, it } from "vitest";
import { type TraceContext, traceContextFor, traceHeaderList } from "../src/index.js";

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT = "00f067aa0ba902b7";
const valid = `00-${TRACE_ID}-${PARENT}-01`;
/** The trace headers by name (the list is name, value, name, value…). */
const traceHeaders = (trace: TraceContext) => {
  const list = traceHeaderList(trace);
  return Object.fromEntries(list.flatMap((name, index) => (index % 2 ? [] : [[name, list[index + 1]]])));
};

describe("W3C trace context", () => {
  it("continues the caller's trace with a span of its own, keeping flags and tracestate", () => {
    const trace = traceContextFor({ traceparent: valid, tracestate: "congo=t61rcWkgMzE,rojo=00f067aa0ba902b7" });
    expect(trace).toMatchObject({ traceId: TRACE_ID, parentSpanId: PARENT, flags: "01" });
    expect(trace.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(trace.spanId).not.toBe(PARENT);
    expect(traceHeaders(trace)).toEqual({
      traceparent: `00-${TRACE_ID}-${trace.spanId}-01`,
      tracestate: "congo=t61rcWkgMzE,rojo=00f067aa0ba902b7",
    });
  });

  it("reads the known fields of a future version", () => {
    expect(traceContextFor({ traceparent: `cc-${TRACE_ID}-${PARENT}-00-what-comes-next` })).toMatchObject({
      traceId: TRACE_ID,
      parentSpanId: PARENT,
      flags: "00",
    });
  });

  it.each([
    ["missing", undefined],
    ["upper-case hex", valid.toUpperCase()],
    ["all-zero trace id", `00-${"0".repeat(32)}-${PARENT}-01`],
    ["all-zero parent id", `00-${TRACE_ID}-${"0".repeat(16)}-01`],
    ["version ff", `ff-${TRACE_ID}-${PARENT}-01`],
    ["extra fields in version 00", `${valid}-extra`],
    ["short trace id", `00-${TRACE_ID.slice(1)}-${PARENT}-01`],
    ["garbage", "not a traceparent"],
  ])("starts a new trace when the traceparent is %s, dropping tracestate", (_case, traceparent) => {
    const trace = traceContextFor({ traceparent, tracestate: "congo=t61rcWkgMzE" });
    expect(trace.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(trace.traceId).not.toBe(TRACE_ID);
    expect(trace.parentSpanId).toBeUndefined();
    expect(traceHeaders(trace)).toEqual({ traceparent: `00-${trace.traceId}-${trace.spanId}-01` });
  });

  it("makes a different trace and span for each request without one, however many there are", () => {
    // 2,000 traces take 48 KiB of random bytes: the pool they come from is refilled a dozen times.
    const traces = Array.from({ length: 2000 }, () => traceContextFor({}));
    const ids = traces.flatMap(({ traceId, spanId }) => [traceId, spanId]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { traceId, spanId } of traces) {
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(spanId).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it("drops a tracestate longer than 512 characters instead of passing it on", () => {
    const trace = traceContextFor({ traceparent: valid, tracestate: `a=${"x".repeat(600)}` });
    expect(trace.traceId).toBe(TRACE_ID);
    expect(trace.tracestate).toBeUndefined();
  });
});
