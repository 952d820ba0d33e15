import type { IncomingMessage } from "node:http";
import { ROOT_CONTEXT, SpanKind, type Tracer, trace } from "@opentelemetry/api";
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
  ATTR_URL_QUERY,
} from "@opentelemetry/semantic-conventions";
import type { FastifyReply, FastifyRequest } from "fastify";
import { redactedUrl } from "../log-redaction.js";
import { METRICS_PATH } from "../metrics.js";
import { callerTraceOf, type TraceContextMaker } from "../trace-context.js";
import { RequestSpan } from "./request-span.js";

/** The request id a span carries, as the log lines carry it (`reqId`). */
const REQUEST_ID_ATTRIBUTE = "gateway.request_id";

/** Routes for operators and probes: not traced, they would bury the requests worth reading. */
const UNTRACED_ROUTES = new Set([METRICS_PATH, "/healthz", "/readyz"]);

/**
 * Makes a request's trace context by starting its server span, the caller's `traceparent` as its parent: the ids the
 * log lines carry and the parent the backends receive are the span's own, so there is one source of ids. (The other
 * way, an IdGenerator fed with ids made beforehand, would hand ids to the SDK through shared state.) The sampler sees
 * the caller's sampled flag as parent; the flags sent on are the decision taken. The route is not known yet: the span
 * is named by its method until it ends.
 */
export function serverSpanMaker(tracer: Tracer): TraceContextMaker {
  return (raw: IncomingMessage) => {
    const caller = callerTraceOf(raw.headers);
    const parent = caller
      ? trace.setSpanContext(ROOT_CONTEXT, {
          traceId: caller.traceId,
          spanId: caller.parentSpanId,
          traceFlags: Number.parseInt(caller.flags, 16),
          isRemote: true,
        })
      : ROOT_CONTEXT;
    const method = raw.method ?? "GET";
    const span = tracer.startSpan(
      method,
      { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: method } },
      parent,
    );
    return new RequestSpan(tracer, span, caller?.parentSpanId, caller?.tracestate).trace;
  };
}

/**
 * Ends a request's server span once it is answered (where its log line is written): named `<METHOD> <route>`, with
 * the route template, the path and query as the log redacts them, the status (ERROR for 5xx) and the request id.
 */
export function endServerSpan(request: FastifyRequest, reply: FastifyReply): void {
  const span = request.trace.span;
  const route = request.routeOptions.url;
  if (!span || (route !== undefined && UNTRACED_ROUTES.has(route))) return;
  if (span.recording) {
    const url = redactedUrl(request.url);
    const mark = url.indexOf("?");
    const status = reply.statusCode;
    if (route !== undefined) span.rename(`${request.method} ${route}`);
    span
      .set(ATTR_HTTP_ROUTE, route)
      .set(ATTR_URL_PATH, mark < 0 ? url : url.slice(0, mark))
      .set(ATTR_URL_QUERY, mark < 0 ? undefined : url.slice(mark + 1))
      .set(ATTR_HTTP_RESPONSE_STATUS_CODE, status)
      .set(REQUEST_ID_ATTRIBUTE, request.id);
    if (status >= 500) span.fail(String(status));
  }
  span.end();
}
