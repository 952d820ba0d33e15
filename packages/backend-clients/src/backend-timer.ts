import { type GatewayError, type RequestSpan, statusClass } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { backendAnswered } from "./backend-span.js";

export interface BackendTimer {
  /** The backend answered with this status. */
  answered(status: number): void;
  /** No answer: the transport failed (`error`) or the backend was too slow (`timeout`). */
  failed(error: GatewayError): void;
}

/**
 * Starts timing one backend call into the service's `gateway_backend_request_duration_seconds`; the answer's status
 * goes on the call's span too, when it has one.
 */
export function startBackendTimer(
  request: FastifyRequest,
  backend: string,
  method: string,
  span: RequestSpan | undefined,
): BackendTimer {
  const histogram = request.server.metrics.backendRequestDuration;
  const started = performance.now();
  const end = (statusClass: string) =>
    histogram.observe(backend, method, statusClass, (performance.now() - started) / 1000);
  return {
    answered: (status) => {
      end(statusClass(status));
      if (span) backendAnswered(span, status);
    },
    failed: (error) => end(error.statusCode === 504 ? "timeout" : "error"),
  };
}
