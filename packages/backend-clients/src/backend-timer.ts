import { type GatewayError, statusClass } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

export interface BackendTimer {
  /** The backend answered with this status. */
  answered(status: number): void;
  /** No answer: the transport failed (`error`) or the backend was too slow (`timeout`). */
  failed(error: GatewayError): void;
}

/** Starts timing one backend call into the service's `gateway_backend_request_duration_seconds`. */
export function startBackendTimer(request: FastifyRequest, backend: string, method: string): BackendTimer {
  const histogram = request.server.metrics.backendRequestDuration;
  const started = performance.now();
  const end = (statusClass: string) =>
    histogram.observe(backend, method, statusClass, (performance.now() - started) / 1000);
  return {
    answered: (status) => end(statusClass(status)),
    failed: (error) => end(error.statusCode === 504 ? "timeout" : "error"),
  };
}
