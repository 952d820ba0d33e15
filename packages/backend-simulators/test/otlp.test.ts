import { gzipSync } from "node:zlib";
import { createService, type RequestSpan, tracingSettingsFrom, withSpan } from "@de-gateway/service-kit";
import { type Attributes, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { type ReadableSpan, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "../src/otlp/index.js";
import { ExportTraceServiceRequestMessage } from "../src/otlp/otlp-proto.js";
import { tracingEnvironmentFor } from "../src/ports.js";

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await createOtlpReceiver().start();
});
afterEach(() => {
  expect(receiver.answerMismatches).toEqual([]);
  receiver.reset();
});
afterAll(() => receiver.dispose());

/** A tracer of the OpenTelemetry SDK exporting every span at once to the receiver over OTLP/HTTP JSON. */
function sdkTracer(service: string) {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": service }),
    spanProcessors: [
      new SimpleSpanProcessor({ exporter: new OTLPTraceExporter({ url: `${receiver.url}/v1/traces` }) }),
    ],
  });
  return { tracer: provider.getTracer("otlp-test"), provider };
}

const ns = ([seconds, nanos]: [number, number]) => (BigInt(seconds) * 1_000_000_000n + BigInt(nanos)).toString();
const nanosecondsOf = (span: Span) => {
  const { startTime, endTime } = span as unknown as ReadableSpan;
  return { startNs: ns(startTime), endNs: ns(endTime) };
};

const post = (body: string | Uint8Array, headers: Record<string, string> = { "content-type": "application/json" }) =>
  fetch(`${receiver.url}/v1/traces`, { method: "POST", headers, body });

const getJson = async (path: string) => {
  const response = await fetch(`${receiver.url}${path}`);
  return { status: response.status, body: (await response.json()) as unknown };
};

const TRACE_ID = "5b8efff798038103d269b633813fc60c";
const ROOT_ID = "eee19b7ec3c1b174";
const CHILD_ID = "eee19b7ec3c1b173";

/** An export as the OTLP specification's JSON example writes it, with `spans` in one resource and scope. */
const exportOf = (spans: object[], service = "groups") =>
  JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [{ key: "service.name", value: { stringValue: service } }] },
        scopeSpans: [{ scope: { name: "hand-written" }, spans }],
      },
    ],
  });

const span = (overrides: object = {}) => ({
  traceId: TRACE_ID,
  spanId: ROOT_ID,
  parentSpanId: "",
  name: "GET /teams",
  kind: 2,
  startTimeUnixNano: "1544712660000000000",
  endTimeUnixNano: "1544712661000000000",
  attributes: [],
  ...overrides,
});

describe("OTLP/HTTP JSON exports", () => {
  it("keeps what the OpenTelemetry SDK exports: parent and child, kinds, attributes, status and exact times", async () => {
    const { tracer, provider } = sdkTracer("apps-proxy");
    const parent = tracer.startSpan("GET /apps/:appId", {
      kind: SpanKind.SERVER,
      attributes: { "http.request.method": "GET", "http.response.status_code": 504, "user.name": "alice" },
    });
    const child = tracer.startSpan(
      "apps GET",
      { kind: SpanKind.CLIENT, attributes: { "backend.role": "apps", retried: false, tags: ["a", "b"], ratio: 0.5 } },
      trace.setSpan(ROOT_CONTEXT, parent),
    );
    child.addEvent("timeout", { "timeout.ms": 1000 });
    child.setStatus({ code: SpanStatusCode.ERROR, message: "backend timed out" });
    child.end();
    parent.end();
    await provider.forceFlush();
    const traceId = parent.spanContext().traceId;

    const spans = await receiver.waitForSpans((kept) => kept.traceId === traceId, { count: 2 });
    const server = spans.find((kept) => kept.kind === "server");
    const client = spans.find((kept) => kept.kind === "client");
    expect(server).toEqual({
      traceId,
      spanId: parent.spanContext().spanId,
      name: "GET /apps/:appId",
      kind: "server",
      service: "apps-proxy",
      scope: "otlp-test",
      ...nanosecondsOf(parent),
      attributes: { "http.request.method": "GET", "http.response.status_code": 504, "user.name": "alice" },
      resource: expect.objectContaining({ "service.name": "apps-proxy" }),
      status: { code: "unset" },
    });
    expect(client).toEqual(
      expect.objectContaining({
        parentSpanId: parent.spanContext().spanId,
        name: "apps GET",
        attributes: { "backend.role": "apps", retried: false, tags: ["a", "b"], ratio: 0.5 },
        status: { code: "error", message: "backend timed out" },
        events: [expect.objectContaining({ name: "timeout", attributes: { "timeout.ms": 1000 } })],
        ...nanosecondsOf(child),
      }),
    );
    await provider.shutdown();

    const listed = await getJson("/api/traces");
    expect(listed.body).toEqual([
      expect.objectContaining({
        traceId,
        rootName: "GET /apps/:appId",
        services: ["apps-proxy"],
        spanCount: 2,
        error: true,
        startNs: nanosecondsOf(parent).startNs,
      }),
    ]);
    expect((await getJson(`/api/traces/${traceId}`)).body).toEqual({ traceId, spans });
  });

  it("answers {} and keeps 64-bit times and integers exact when they come as JSON numbers", async () => {
    const response = await post(
      exportOf([span()])
        .replace('"1544712660000000000"', "1544712660000000001")
        .replace(
          '"attributes":[]',
          '"attributes":[{"key":"big","value":{"intValue":9007199254740993}},{"key":"small","value":{"intValue":"42"}}]',
        ),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(receiver.spans()).toEqual([
      expect.objectContaining({
        startNs: "1544712660000000001",
        endNs: "1544712661000000000",
        attributes: { big: "9007199254740993", small: 42 },
        service: "groups",
        kind: "server",
      }),
    ]);
    expect(receiver.spans()[0]).not.toHaveProperty("parentSpanId");
  });

  it("refuses the spans it cannot read alone, as a partial success", async () => {
    const response = await post(
      exportOf([span(), span({ spanId: "xyz" }), span({ spanId: CHILD_ID, traceId: "0".repeat(32) })]),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      partialSuccess: {
        rejectedSpans: "2",
        errorMessage:
          "spanId is not 16 hex digits (and not all zeros); traceId is not 32 hex digits (and not all zeros)",
      },
    });
    expect(receiver.spans().map((kept) => kept.spanId)).toEqual([ROOT_ID]);
  });

  it("takes gzip bodies and bodies of a few MiB", async () => {
    const spans = Array.from({ length: 4000 }, (_, index) =>
      span({
        spanId: (index + 1).toString(16).padStart(16, "0"),
        parentSpanId: ROOT_ID,
        attributes: [{ key: "padding", value: { stringValue: "x".repeat(1000) } }],
      }),
    );
    const body = exportOf(spans);
    expect(body.length).toBeGreaterThan(4 * 1024 * 1024);
    expect((await post(body)).status).toBe(200);
    const gzipped = await post(gzipSync(exportOf([span()])), {
      "content-type": "application/json",
      "content-encoding": "gzip",
    });
    expect(gzipped.status).toBe(200);
    expect(receiver.trace(TRACE_ID)).toHaveLength(4001);
  });

  it("refuses with 400 what is not an ExportTraceServiceRequest in JSON", async () => {
    for (const body of [
      "{not json",
      "[]",
      '"spans"',
      '{"resourceSpans": {}}',
      '{"resourceSpans": [{"scopeSpans": 3}]}',
    ]) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(await response.json(), body).toEqual({ error_code: "ERR_BAD_REQUEST", reason: expect.any(String) });
    }
    const empty = await fetch(`${receiver.url}/v1/traces`, { method: "POST" });
    expect(empty.status).toBe(400);
    expect(receiver.spans()).toEqual([]);
  });

  it("refuses other types and encodings with 415 naming the two it takes", async () => {
    const refused: Array<Record<string, string>> = [
      { "content-type": "text/plain" },
      { "content-type": "application/grpc" },
      { "content-type": "application/json", "content-encoding": "br" },
      { "content-type": "application/x-protobuf", "content-encoding": "br" },
    ];
    for (const headers of refused) {
      const response = await post(new Uint8Array([10, 0]), headers);
      expect(response.status, JSON.stringify(headers)).toBe(415);
      expect(await response.json()).toEqual({
        error_code: "ERR_UNSUPPORTED_MEDIA_TYPE",
        reason: expect.stringContaining("takes OTLP/HTTP protobuf or JSON"),
      });
    }
    expect(receiver.spans()).toEqual([]);
  });
});

const CALLER_SPAN = "b7ad6b7169203331";

/**
 * The attributes of every OTLP AnyValue kind the fixture's server span carries: kept as sent, bytes as the JSON
 * encoding writes them (base64).
 */
const SIMPLE_ATTRIBUTES = {
  text: "a",
  empty: "",
  yes: true,
  no: false,
  count: 42,
  negative: -7,
  ratio: 0.5,
  tags: ["a", "b"],
};
const SENT_BYTES = new Uint8Array([1, 2, 255]);
const SENT_MAP = { inner: "x", nested: { depth: 2 }, list: [1, "two"] };

/**
 * A service of service-kit's whose spans go to the receiver in the environment the stack gives (protobuf, the SDK's
 * default), or in JSON: its route's span carries an attribute of every OTLP value type and an event, and its step fails.
 * The protobuf exporter is service-kit's dependency, not this package's: it is reached the way the services reach it.
 */
async function tracedService(protocol?: "http/json") {
  const tracing = tracingSettingsFrom(
    {
      ...tracingEnvironmentFor({ traces: receiver.url }),
      ...(protocol ? { OTEL_EXPORTER_OTLP_PROTOCOL: protocol } : {}),
      OTEL_BSP_SCHEDULE_DELAY: 10,
    },
    "otlp-fixture",
  );
  const app = await createService({ name: "otlp-fixture", logLevel: "silent", ...(tracing ? { tracing } : {}) });
  const made: RequestSpan[] = [];
  app.get("/work", { config: { auth: "none" } }, async (request) => {
    const server = request.trace.span as RequestSpan;
    made.push(server);
    // The SDK takes every OTLP AnyValue (bytes and maps too), though the API's type names only the simple ones.
    server.span.setAttributes({ ...SIMPLE_ATTRIBUTES, bytes: SENT_BYTES, map: SENT_MAP } as unknown as Attributes);
    server.span.addEvent("retry", { attempt: 2 });
    await withSpan(request, "a step", { "fixture.step": 1 }, async (traced) => {
      made.push(traced.trace.span as RequestSpan);
      throw new Error("step failed");
    }).catch(() => undefined);
    return { done: true };
  });
  await app.ready();
  return { app, tracing, made };
}

/** What must be the same whichever encoding carried a span: all but its ids and times. */
const encodingFree = (spans: ReceivedSpan[]) =>
  spans
    .map(({ traceId: _trace, spanId: _span, parentSpanId, startNs: _start, endNs: _end, events, ...rest }) => ({
      ...rest,
      parent: parentSpanId === CALLER_SPAN ? "caller" : "another span",
      events: events?.map(({ timeNs: _time, ...event }) => event),
    }))
    .sort((one, other) => one.name.localeCompare(other.name));

/** An export in protobuf, encoded from its OTLP/JSON text (whose ids are hex, where protobuf has bytes). */
const protobufOf = (json: string) => {
  const request = JSON.parse(json, (key, value) =>
    /^(traceId|spanId|parentSpanId)$/.test(key) ? Buffer.from(value, "hex") : value,
  );
  return ExportTraceServiceRequestMessage.encode(ExportTraceServiceRequestMessage.fromObject(request)).finish();
};

const PROTOBUF_HEADERS = { "content-type": "application/x-protobuf" };

describe("OTLP/HTTP protobuf exports", () => {
  it("keeps what the SDK's protobuf exporter sends as it keeps the same spans sent as JSON", async () => {
    const [byProtobuf, byJson] = await Promise.all([tracedService(), tracedService("http/json")]);
    try {
      // The stack's environment leaves the services' default: protobuf.
      expect(byProtobuf.tracing?.protocol).toBe("http/protobuf");
      const traceIds = ["1".repeat(32), "2".repeat(32)] as const;
      await Promise.all(
        [byProtobuf, byJson].map(({ app }, index) =>
          app.inject({
            method: "GET",
            url: "/work",
            headers: { traceparent: `00-${traceIds[index]}-${CALLER_SPAN}-01`, "x-request-id": "same-request" },
          }),
        ),
      );
      const spansOf = (traceId: string) => receiver.waitForSpans((kept) => kept.traceId === traceId, { count: 2 });
      const fromProtobuf = await spansOf(traceIds[0]);
      const fromJson = await spansOf(traceIds[1]);
      const contentTypes = receiver.recorder.requests.map((request) => request.headers["content-type"]);
      expect(contentTypes.sort()).toEqual(["application/json", "application/x-protobuf"]);

      const [server, step] = byProtobuf.made as [RequestSpan, RequestSpan];
      const event = (server.span as unknown as ReadableSpan).events[0];
      expect(fromProtobuf.find((kept) => kept.kind === "server")).toEqual({
        traceId: traceIds[0],
        spanId: server.trace.spanId,
        parentSpanId: CALLER_SPAN,
        name: "GET /work",
        kind: "server",
        service: "otlp-fixture",
        scope: "@de-gateway/service-kit",
        ...nanosecondsOf(server.span),
        attributes: expect.objectContaining({
          ...SIMPLE_ATTRIBUTES,
          bytes: Buffer.from(SENT_BYTES).toString("base64"),
          map: SENT_MAP,
          "http.response.status_code": 200,
          "gateway.request_id": "same-request",
        }),
        resource: expect.objectContaining({ "service.name": "otlp-fixture", "telemetry.sdk.language": "nodejs" }),
        status: { code: "unset" },
        events: [{ name: "retry", timeNs: ns(event?.time as [number, number]), attributes: { attempt: 2 } }],
      });
      expect(fromProtobuf.find((kept) => kept.kind === "internal")).toEqual(
        expect.objectContaining({
          traceId: traceIds[0],
          spanId: step.trace.spanId,
          parentSpanId: server.trace.spanId,
          name: "a step",
          ...nanosecondsOf(step.span),
          attributes: { "fixture.step": 1, "error.type": "Error" },
          status: { code: "error", message: "step failed" },
        }),
      );
      expect(encodingFree(fromProtobuf)).toEqual(encodingFree(fromJson));
    } finally {
      await Promise.all([byProtobuf.app.close(), byJson.app.close()]);
    }
  });

  it("answers a full success with an empty protobuf body, and takes gzip", async () => {
    const plain = await post(protobufOf(exportOf([span()])), PROTOBUF_HEADERS);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toBe("application/x-protobuf");
    expect((await plain.arrayBuffer()).byteLength).toBe(0);

    const gzipped = await post(gzipSync(protobufOf(exportOf([span({ spanId: CHILD_ID, parentSpanId: ROOT_ID })]))), {
      ...PROTOBUF_HEADERS,
      "content-encoding": "gzip",
    });
    expect(gzipped.status).toBe(200);
    expect(receiver.trace(TRACE_ID).map((kept) => [kept.spanId, kept.parentSpanId])).toEqual([
      [ROOT_ID, undefined],
      [CHILD_ID, ROOT_ID],
    ]);
  });

  it("answers spans it refuses with a protobuf ExportTraceServiceResponse holding partial_success", async () => {
    const response = await post(
      protobufOf(exportOf([span(), span({ spanId: CHILD_ID, traceId: "0".repeat(32) })])),
      PROTOBUF_HEADERS,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-protobuf");
    const reason = "traceId is not 32 hex digits (and not all zeros)";
    // Written out by hand from trace_service.proto: partial_success (field 1, a message) holding rejected_spans
    // (field 1, varint) 1 and error_message (field 2, text).
    const partialSuccess = [0x08, 1, 0x12, reason.length, ...Buffer.from(reason)];
    expect(Buffer.from(await response.arrayBuffer())).toEqual(
      Buffer.from([0x0a, partialSuccess.length, ...partialSuccess]),
    );
    expect(receiver.spans().map((kept) => kept.spanId)).toEqual([ROOT_ID]);
  });

  it("refuses with 400 in JSON what is not a protobuf ExportTraceServiceRequest", async () => {
    const garbage = [
      Buffer.from("not protobuf at all"),
      Buffer.from([0x0a, 0x05, 0x0a]), // a resource_spans that says 5 bytes and holds 1
    ];
    for (const body of garbage) {
      const response = await post(body, PROTOBUF_HEADERS);
      expect(response.status, body.toString("hex")).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({
        error_code: "ERR_BAD_REQUEST",
        reason: "the body is not a protobuf ExportTraceServiceRequest",
      });
    }
    const notGzip = await post(Buffer.from("plain"), { ...PROTOBUF_HEADERS, "content-encoding": "gzip" });
    expect(notGzip.status).toBe(400);
    expect(receiver.spans()).toEqual([]);
  });
});

describe("what the receiver keeps", () => {
  it("drops the traces first seen longest ago, whole, past its bound", async () => {
    const small = await createOtlpReceiver({ maxSpans: 3 }).start();
    try {
      const [first, second, third] = ["1", "2", "3"].map((digit) => digit.repeat(32)) as [string, string, string];
      const id = (letter: string) => letter.repeat(16);
      const send = (traceId: string, letters: string[]) =>
        fetch(`${small.url}/v1/traces`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: exportOf(letters.map((letter) => span({ traceId, spanId: id(letter) }))),
        });
      await send(first, ["a", "b"]);
      await send(second, ["c"]);
      await send(third, ["d"]);
      expect(small.trace(first)).toEqual([]);
      expect(small.spans().map((kept) => kept.traceId)).toEqual([second, third]);
      const full = await send(third, ["e", "f", "9"]);
      expect(await full.json()).toEqual({
        partialSuccess: { rejectedSpans: "1", errorMessage: "the trace already holds the 3 spans a trace may keep" },
      });
      expect(small.spans().map((kept) => kept.spanId)).toEqual([id("d"), id("e"), id("f")]);
    } finally {
      await small.dispose();
    }
  });

  it("keeps only its newest recorded requests, since every traced request exports", async () => {
    for (let index = 0; index < 60; index++) await post(exportOf([span()]));
    expect(receiver.recorder.requests).toHaveLength(50);
  });

  it("lists traces newest first, and empties on DELETE", async () => {
    await post(
      exportOf([span({ traceId: "a".repeat(32), startTimeUnixNano: "1000000000", endTimeUnixNano: "3000000000" })]),
    );
    await post(
      exportOf([span({ traceId: "b".repeat(32), startTimeUnixNano: "2000000000", endTimeUnixNano: "2500000000" })]),
    );
    const listed = (await getJson("/api/traces")).body as Array<{ traceId: string; durationMs: number }>;
    expect(listed.map((trace) => [trace.traceId, trace.durationMs])).toEqual([
      ["b".repeat(32), 500],
      ["a".repeat(32), 2000],
    ]);
    expect(((await getJson("/api/traces?limit=1")).body as unknown[]).length).toBe(1);
    expect((await fetch(`${receiver.url}/api/traces`, { method: "DELETE" })).status).toBe(200);
    expect((await getJson("/api/traces")).body).toEqual([]);
  });

  it("answers 404 for a trace it does not keep and 400 for what is no trace id", async () => {
    expect(await getJson(`/api/traces/${"c".repeat(32)}`)).toEqual({
      status: 404,
      body: { error_code: "ERR_NOT_FOUND", reason: `no trace ${"c".repeat(32)} is kept` },
    });
    expect((await getJson("/api/traces/not-an-id")).status).toBe(400);
  });

  it("waitForSpans names what it found when what it waits for never comes", async () => {
    await post(exportOf([span()]));
    await expect(receiver.waitForSpans((kept) => kept.name === "never", { timeoutMs: 50 })).rejects.toThrow(
      "waited 50 ms for 1 matching span(s), found 0; kept: groups: GET /teams",
    );
  });
});

describe("the trace pages", () => {
  const page = async (path: string) => {
    const response = await fetch(`${receiver.url}${path}`);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    return { status: response.status, html: await response.text() };
  };

  it("lists traces linking to their waterfall, which draws each span by depth and time, escaped", async () => {
    await post(
      exportOf([
        span({ name: "GET /teams/<script>alert(1)</script>" }),
        span({
          spanId: CHILD_ID,
          parentSpanId: ROOT_ID,
          name: "groups GET",
          kind: 3,
          startTimeUnixNano: "1544712660250000000",
          endTimeUnixNano: "1544712660750000000",
          attributes: [{ key: "url.path", value: { stringValue: '/subjects?q="x"&y' } }],
          status: { code: 2, message: "<b>timeout</b>" },
        }),
      ]),
    );
    const list = await page("/traces");
    expect(list.status).toBe(200);
    expect(list.html).toContain(`<a href="/traces/${TRACE_ID}">GET /teams/&lt;script&gt;alert(1)&lt;/script&gt;</a>`);
    expect(list.html).not.toContain("<script>");

    const waterfall = await page(`/traces/${TRACE_ID.toUpperCase()}`);
    expect(waterfall.status).toBe(200);
    expect(waterfall.html).not.toContain("<script>");
    expect(waterfall.html).not.toContain("<b>");
    const rows = waterfall.html.split("<details").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('<span class="name" style="padding-left: 0em">GET /teams/&lt;script&gt;');
    expect(rows[0]).toMatch(/left: 0\.000%; width: 100\.000%/);
    expect(rows[0]).toContain("1000.0 ms");
    expect(rows[1]).toMatch(/^ class="error">/);
    expect(rows[1]).toContain('<span class="name" style="padding-left: 1.2em">groups GET</span>');
    expect(rows[1]).toMatch(/left: 25\.000%; width: 50\.000%/);
    expect(rows[1]).toContain("error: &lt;b&gt;timeout&lt;/b&gt;");
    expect(rows[1]).toContain("<dt>url.path</dt><dd>/subjects?q=&quot;x&quot;&amp;y</dd>");
    expect(rows[1]).toContain('title="url.path=/subjects?q=&quot;x&quot;&amp;y"');
  });

  it("answers a trace it does not keep with a 404 page", async () => {
    const missing = await page(`/traces/${"d".repeat(32)}`);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("Trace not found");
  });
});
