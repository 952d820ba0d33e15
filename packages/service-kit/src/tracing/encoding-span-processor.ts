import { type Context, TraceFlags } from "@opentelemetry/api";
import { type ExportResult, ExportResultCode } from "@opentelemetry/core";
import type { IOtlpExportDelegate } from "@opentelemetry/otlp-exporter-base";
import type { Resource } from "@opentelemetry/resources";
import type { ReadableSpan, Span, SpanProcessor } from "@opentelemetry/sdk-trace";
import { type Scope, writeRequest, writeSpan } from "./otlp-span-encoding.js";
import { ProtobufWriter } from "./protobuf-writer.js";
import type { SpanCounts } from "./span-counts.js";

/** A batch as the export delegate is given it: the request's bytes, and the spans it holds (for its metrics). */
export interface EncodedBatch {
  bytes: Uint8Array;
  spans: number;
}

export interface EncodingOptions {
  /** Sends a batch to the collector (the OTLP exporter's HTTP delegate: its retries, timeout and bound). */
  delegate: IOtlpExportDelegate<EncodedBatch>;
  /** Spans held at most, encoded or being exported; more are dropped and counted. */
  maxQueueSize: number;
  /** Spans in one export at most. */
  maxExportBatchSize: number;
  /** How long a span waits, at most, for its batch to fill. */
  scheduledDelayMillis: number;
  counts: SpanCounts;
}

/** What a batch of spans starts with, before it has grown: about 300 bytes a span. */
const FIRST_BATCH_BYTES = 64 * 1024;

/**
 * The batch span processor of the OpenTelemetry specification (bounded queue, batches by size or delay, dropped spans
 * counted), with one difference: each span is encoded as OTLP protobuf the moment it ends, while what it holds is
 * still in the CPU's caches, rather than when its batch is exported, up to seconds later. The span's objects then die
 * young; a batch is bytes, sent by the OTLP exporter's own HTTP delegate. Against the SDK's batch processor and
 * protobuf exporter, what tracing adds to a proxied request fell by about a third (docs/performance.md, "Tracing").
 */
export class EncodingSpanProcessor implements SpanProcessor {
  private batch = new ProtobufWriter(FIRST_BATCH_BYTES);
  /** Spans encoded in `batch`, all of one resource and scope. */
  private waiting = 0;
  private resource: Resource | undefined;
  private scope: Scope | undefined;
  /** Spans in exports not yet answered. */
  private sending = 0;
  private readonly exports = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: EncodingOptions) {}

  onStart(_span: Span, _parentContext: Context): void {}

  onEnd(span: ReadableSpan): void {
    if (this.stopped || (span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0) return;
    if (this.waiting + this.sending >= this.options.maxQueueSize) {
      this.options.counts.dropped("queue_full", 1);
      return;
    }
    if (this.waiting > 0 && (span.resource !== this.resource || span.instrumentationScope !== this.scope)) this.send();
    this.resource = span.resource;
    this.scope = span.instrumentationScope;
    const written = this.batch.length;
    try {
      writeSpan(this.batch, span);
    } catch {
      // A span that cannot be encoded is lost alone: its part is taken back, and span.end() in a request never throws.
      this.batch.reset(written);
      this.options.counts.dropped("export_failed", 1);
      return;
    }
    this.waiting++;
    if (this.waiting >= this.options.maxExportBatchSize) this.send();
    else this.timer ??= setTimeout(() => this.send(), this.options.scheduledDelayMillis).unref();
  }

  forceFlush(): Promise<void> {
    this.send();
    return Promise.all(this.exports).then(() => undefined);
  }

  async shutdown(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.forceFlush();
    await this.options.delegate.shutdown();
  }

  /** Exports the spans waiting, in a request of their own. */
  private send(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const spans = this.waiting;
    if (spans === 0 || !this.resource || !this.scope) return;
    const request = new ProtobufWriter(this.batch.length + 1024);
    writeRequest(request, this.resource, this.scope, this.batch.bytes());
    this.batch.reset();
    this.waiting = 0;
    this.sending += spans;
    const sent = new Promise<void>((resolve) => {
      this.options.delegate.export({ bytes: request.bytes(), spans }, (result: ExportResult) => {
        this.sending -= spans;
        if (result.code === ExportResultCode.SUCCESS) this.options.counts.exported(spans);
        else this.options.counts.dropped("export_failed", spans);
        resolve();
      });
    });
    this.exports.add(sent);
    void sent.then(() => this.exports.delete(sent));
  }
}
