import type { FastifyRequest } from "fastify";
import { GatewayError } from "../errors.js";
import type { RequestSpan, SpanAttributes } from "./request-span.js";

/** How a failed step reads in its span: the status it would answer with, or the kind of error. */
const errorTypeOf = (error: unknown) =>
  error instanceof GatewayError ? String(error.statusCode) : error instanceof Error ? error.name : "unknown";

/**
 * Runs one step of the service's own (a fan-out, a permission check) in a span of its own, below the request's span
 * or the enclosing step's. `step` is given the request as its backend calls must see it: their spans are the step's
 * children. Without tracing, or for a request not sampled, it is a plain call of `step(request)`.
 */
export function withSpan<T>(
  request: FastifyRequest,
  name: string,
  attributes: SpanAttributes,
  step: (request: FastifyRequest) => Promise<T>,
): Promise<T> {
  const parent = request.trace.span;
  if (!parent?.recording) return step(request);
  return inSpan(request, parent.child(name, "internal", attributes), step);
}

async function inSpan<T>(
  request: FastifyRequest,
  span: RequestSpan,
  step: (request: FastifyRequest) => Promise<T>,
): Promise<T> {
  // The step's request is the request itself but for its trace, so that no handler code needs to know of spans.
  const traced = Object.create(request, { trace: { value: span.trace } }) as FastifyRequest;
  try {
    return await step(traced);
  } catch (error) {
    span.fail(errorTypeOf(error), error instanceof Error ? error.message : undefined);
    throw error;
  } finally {
    span.end();
  }
}
