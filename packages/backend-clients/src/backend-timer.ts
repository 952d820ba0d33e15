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
  const end = request.server.metrics.backendRequestDuration.startTimer({ backend, method });
  return {
    answered: (status) => end({ status_class: statusClass(status) }),
    failed: (error) => end({ status_class: error.statusCode === 504 ? "timeout" : "error" }),
  };
}
