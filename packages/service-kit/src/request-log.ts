import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/** Which answered requests get a log line: every one, or only those that failed (status 400 and up, or errored). */
export type RequestLogPolicy = "every-request" | "failures";

/**
 * One log line per request, once it is answered, carrying what Fastify's two default lines carry between them
 * (method, url, host, remote address; status; response time). Logging is a large part of a proxied request's
 * own cost, and half of it was the "incoming request" line.
 */
export class RequestLog extends LogController {
  constructor(private readonly policy: RequestLogPolicy) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const entry = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, "request errored");
    else if (this.policy === "every-request" || reply.statusCode >= 400) reply.log.info(entry, "request completed");
  }
}
