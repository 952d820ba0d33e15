import type { FastifyRequest } from "fastify";

/**
 * Runs a follow-up of an operation that already succeeded (mail, notification). Its failure is logged
 * with the request id, never turned into an error for the caller, whose request did succeed.
 */
export async function bestEffort(request: FastifyRequest, what: string, task: () => Promise<unknown>): Promise<void> {
  try {
    await task();
  } catch (error) {
    request.log.error({ err: error }, `${what} failed; the request itself succeeded`);
  }
}
