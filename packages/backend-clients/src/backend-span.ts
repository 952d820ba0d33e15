import type { RequestSpan } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import type { CallOutcome } from "./answer-handler.js";
import { pathTemplateOf } from "./path-template.js";
import { transportErrorType } from "./transport-errors.js";

/** The backend role a call's span names (`apps`, `file-info`…). */
export const BACKEND_ATTRIBUTE = "gateway.backend";

/** Where a backend is reached: the host and port of its URL. */
export interface BackendServer {
  address: string;
  port: number;
}

export interface BackendCall {
  backend: string;
  method: string;
  /** The path sent, and its template where the call site knows it (a passthrough row's backend path). */
  path: string;
  template?: string | undefined;
  server: BackendServer;
}

/**
 * Starts a backend call's CLIENT span, below the request's span or the enclosing step's, named `<METHOD> <backend>`;
 * undefined when tracing is off. Its attributes are worked out only for a span that is recorded.
 */
export function startBackendSpan(request: FastifyRequest, call: BackendCall): RequestSpan | undefined {
  const parent = request.trace.span;
  if (!parent) return undefined;
  const span = parent.child(`${call.method} ${call.backend}`, "client");
  if (!span.recording) return span;
  return span
    .set(BACKEND_ATTRIBUTE, call.backend)
    .set("http.request.method", call.method)
    .set("url.template", call.template ?? pathTemplateOf(call.path))
    .set("server.address", call.server.address)
    .set("server.port", call.server.port);
}

/** The answer's status; a 4xx or 5xx is the call failing, as OpenTelemetry's HTTP client convention has it. */
export function backendAnswered(span: RequestSpan, status: number): void {
  span.set("http.response.status_code", status);
  if (status >= 400) span.fail(String(status));
}

/**
 * Ends a call's span once its answer has all come, or the call failed: the bytes of body each way (a way without a
 * body, a GET's request, carries none), and what went wrong.
 */
export function endBackendSpan(span: RequestSpan, outcome: CallOutcome): void {
  span
    .set("http.request.body.size", outcome.sentBytes || undefined)
    .set("http.response.body.size", outcome.receivedBytes || undefined);
  if (outcome.error) span.fail(transportErrorType(outcome.error), outcome.error.message);
  span.end();
}
