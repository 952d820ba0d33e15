import type { FastifyReply, FastifyRequest } from "fastify";
import { LogController } from "fastify";
import { serializeRequest } from "./log-redaction.js";
import type { RequestLogger } from "./request-logger.js";

/** Which answered requests get a log line: every one, or only those that failed (status 400 and up, or errored). */
export type RequestLogPolicy = "every-request" | "failures";

/** Where completed lines go, and what every line of the service carries first (pino's `pid`, `hostname`, `name`). */
export interface CompletedLines {
  destination: { write(line: string): void };
  base: { pid: number; hostname: string; name: string };
}

/** pino's value for `info`. */
const INFO = 30;

/**
 * One log line per request, once it is answered, carrying what Fastify's two default lines carry between them
 * (method, url, host, remote address; status; response time). Logging is a large part of a proxied request's
 * own cost, and half of it was the "incoming request" line. The line is the one pino would write for the
 * request's logger, serialized here in one step from the request's bindings, with no pino child made for it (see
 * RequestLogger).
 */
export class RequestLog extends LogController {
  constructor(
    private readonly policy: RequestLogPolicy,
    private readonly lines: CompletedLines,
  ) {
    super();
  }

  override incomingRequest(): void {}

  /** The line pino would write for `log.info({ req, res, responseTime }, "request completed")`. */
  private completedLine(log: RequestLogger, request: FastifyRequest, reply: FastifyReply): string {
    const line = {
      level: INFO,
      time: Date.now(),
      ...this.lines.base,
      ...log.bindings,
      req: serializeRequest(request),
      res: { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
      msg: "request completed",
    };
    return `${JSON.stringify(line)}\n`;
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, responseTime: reply.elapsedTime, err: error }, "request errored");
      return;
    }
    if (this.policy === "failures" && reply.statusCode < 400) return;
    // Every request's logger is a RequestLogger (createService's childLoggerFactory).
    const log = reply.log as RequestLogger;
    if (log.writes("info")) this.lines.destination.write(this.completedLine(log, request, reply));
  }
}
