import { BackendResponseError } from "@de-gateway/backend-clients";
import { errorCodeForStatus, GatewayError } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/** A bootstrap section whose backend failed: its status and whatever it answered (JSON, or raw text). */
export interface SectionFailure {
  status: number;
  error: unknown;
}

/** The session section's failure form: a message only. */
export interface SessionFailure {
  error: string;
}

function describe(failure: unknown): { status: number; error: unknown; message: string } {
  if (failure instanceof BackendResponseError) {
    const answered = `the ${failure.backend} backend answered with status ${failure.backendStatus}`;
    const message = failure.message === answered ? answered : `${answered}: ${failure.message}`;
    return { status: failure.backendStatus, error: failure.body, message };
  }
  if (failure instanceof GatewayError) {
    return { status: failure.statusCode, error: failure.toBody(), message: failure.message };
  }
  const message = "an unexpected error occurred while assembling this section";
  return { status: 500, error: { error_code: errorCodeForStatus(500), reason: message }, message };
}

function logFailure(request: FastifyRequest, section: string, failure: unknown): void {
  // A backend failing is expected now and then; anything else is a defect of this service.
  if (failure instanceof GatewayError) request.log.warn({ err: failure, section }, "bootstrap section failed");
  else request.log.error({ err: failure, section }, "bootstrap section failed unexpectedly");
}

/** Turns a section's failure into its place in the bootstrap result, logging it; the call itself goes on. */
export function sectionFailure(request: FastifyRequest, section: string) {
  return (failure: unknown): SectionFailure => {
    logFailure(request, section, failure);
    const { status, error } = describe(failure);
    return { status, error };
  };
}

/** Like `sectionFailure`, in the session section's form. */
export function sessionFailure(request: FastifyRequest) {
  return (failure: unknown): SessionFailure => {
    logFailure(request, "session", failure);
    return { error: describe(failure).message };
  };
}
