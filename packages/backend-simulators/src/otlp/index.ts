import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { answers } from "../framework/answers.js";
import { backendScope, badRequest, notFound } from "../framework/problems.js";
import { Simulator, type SimulatorOptions } from "../framework/simulator.js";
import { ErrorAnswer, ExportTraceServiceResponse, HtmlPage, TraceAnswer, TraceSummaries } from "./answer-schemas.js";
import { isProtobuf, PROTOBUF, readExportBodies } from "./export-body.js";
import { type ExportTraceServiceRequest, type ReceivedSpan, readExport } from "./otlp-json.js";
import { encodeExportResponse } from "./otlp-proto.js";
import { missingTracePage, traceListPage, waterfallPage } from "./pages.js";
import { DEFAULT_MAX_SPANS, TraceStore } from "./trace-store.js";

export type { ReceivedSpan } from "./otlp-json.js";
export type { TraceSummary } from "./trace-store.js";

/** The framework's recorder keeps every request; here only the newest, since every traced request exports. */
const RECORDED_REQUESTS_KEPT = 50;

const KeyValues = Type.Optional(Type.Array(Type.Object({})));
/** The structure of an ExportTraceServiceRequest, either encoding; the spans themselves are read one by one (otlp-json.ts). */
const ExportBody = Type.Object({
  resourceSpans: Type.Optional(
    Type.Array(
      Type.Object({
        resource: Type.Optional(Type.Object({ attributes: KeyValues })),
        scopeSpans: Type.Optional(
          Type.Array(
            Type.Object({
              scope: Type.Optional(Type.Object({})),
              spans: Type.Optional(Type.Array(Type.Object({ attributes: KeyValues, events: KeyValues }))),
            }),
          ),
        ),
      }),
    ),
  ),
});
const TraceIdParams = Type.Object({ traceId: Type.String({ pattern: "^[0-9a-fA-F]{32}$" }) });
const ListQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: DEFAULT_MAX_SPANS, default: 100 }) });

export interface WaitOptions {
  /** How many matching spans to wait for (1 unless given). */
  count?: number;
  /** 5 s unless given. */
  timeoutMs?: number;
}

/**
 * A local OTLP/HTTP trace receiver, in place of a collector with Jaeger: keeps the spans services export
 * (`POST /v1/traces`, OTLP/HTTP protobuf or JSON), lists recent traces (`GET /traces`, `GET /api/traces`) and draws one as a
 * waterfall (`GET /traces/{traceId}`). Tests read the spans in-process (`spans()`, `waitForSpans()`).
 */
export class OtlpReceiver extends Simulator<TraceStore> {
  private readonly waiters = new Set<() => void>();

  constructor(options: SimulatorOptions & { maxSpans?: number } = {}) {
    super(
      "otlp",
      () => new TraceStore(options.maxSpans),
      (app, sim) => installRoutes(app, sim as OtlpReceiver),
      options,
    );
  }

  /** Every span kept, trace by trace. */
  spans(): ReceivedSpan[] {
    return this.state.spans();
  }

  /** The spans of one trace, in the order they came (none when it is not kept). */
  trace(traceId: string): readonly ReceivedSpan[] {
    return this.state.trace(traceId.toLowerCase()) ?? [];
  }

  /**
   * Resolves with the kept spans `match` accepts once there are at least `count` of them; rejects after `timeoutMs`
   * naming what did arrive. Exporters send in batches, so a test waits rather than reads at once.
   */
  waitForSpans(match: (span: ReceivedSpan) => boolean, options: WaitOptions = {}): Promise<ReceivedSpan[]> {
    const { count = 1, timeoutMs = 5_000 } = options;
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.spans().filter(match);
        if (found.length < count) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        const names = this.spans().map((span) => `${span.service}: ${span.name}`);
        reject(
          new Error(
            `waited ${timeoutMs} ms for ${count} matching span(s), found ${this.spans().filter(match).length}; ` +
              `kept: ${names.join(", ") || "none"}`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  /** Keeps an export's spans; answers how many were refused and why. */
  receive(request: ExportTraceServiceRequest): { rejected: number; reason: string } {
    const { spans, rejected } = readExport(request);
    const full = this.state.add(spans);
    for (const waiter of [...this.waiters]) waiter();
    const reasons = [...new Set(rejected)];
    if (full) reasons.push(`the trace already holds the ${this.state.maxSpans} spans a trace may keep`);
    return { rejected: rejected.length + full, reason: reasons.join("; ") };
  }
}

export function createOtlpReceiver(options: SimulatorOptions & { maxSpans?: number } = {}): OtlpReceiver {
  return new OtlpReceiver(options);
}

async function installRoutes(app: FastifyInstance, sim: OtlpReceiver): Promise<void> {
  app.addHook("onResponse", async () => {
    const recorded = sim.recorder.requests;
    if (recorded.length > RECORDED_REQUESTS_KEPT) recorded.splice(0, recorded.length - RECORDED_REQUESTS_KEPT);
  });
  await backendScope(app, (scope) => {
    readExportBodies(scope);

    scope.post(
      "/v1/traces",
      {
        schema: { body: ExportBody },
        ...answers({ 200: ExportTraceServiceResponse, 400: ErrorAnswer, 415: ErrorAnswer }),
      },
      async (request, reply) => {
        if (request.body === undefined) throw badRequest("no ExportTraceServiceRequest in the body");
        const { rejected, reason } = sim.receive(request.body as ExportTraceServiceRequest);
        const answer = rejected ? { partialSuccess: { rejectedSpans: String(rejected), errorMessage: reason } } : {};
        // OTLP/HTTP answers in the request's encoding.
        return isProtobuf(request) ? reply.type(PROTOBUF).send(encodeExportResponse(answer)) : answer;
      },
    );

    scope.get(
      "/api/traces",
      { schema: { querystring: ListQuery }, ...answers({ 200: TraceSummaries }) },
      async (request) => sim.state.summaries((request.query as { limit: number }).limit),
    );
    scope.get(
      "/api/traces/:traceId",
      { schema: { params: TraceIdParams }, ...answers({ 200: TraceAnswer, 404: ErrorAnswer }) },
      async (request) => {
        const traceId = (request.params as { traceId: string }).traceId.toLowerCase();
        const spans = sim.state.trace(traceId);
        if (!spans) throw notFound(`no trace ${traceId} is kept`);
        return { traceId, spans };
      },
    );
    scope.delete("/api/traces", answers({ 200: Type.Object({}) }), async () => {
      sim.state = new TraceStore(sim.state.maxSpans);
      return {};
    });

    scope.get(
      "/traces",
      { schema: { querystring: ListQuery }, ...answers({ 200: HtmlPage }) },
      async (request, reply) =>
        reply.type("text/html; charset=utf-8").send(
          traceListPage(sim.state.summaries((request.query as { limit: number }).limit), {
            traces: sim.state.traceCount,
            spans: sim.state.spanCount,
          }),
        ),
    );
    scope.get<{ Params: { traceId: string } }>(
      "/traces/:traceId",
      answers({ 200: HtmlPage, 404: HtmlPage }),
      async (request, reply) => {
        const traceId = request.params.traceId.toLowerCase();
        const spans = sim.state.trace(traceId);
        reply.type("text/html; charset=utf-8");
        return spans ? reply.send(waterfallPage(traceId, spans)) : reply.code(404).send(missingTracePage(traceId));
      },
    );
  });
}
