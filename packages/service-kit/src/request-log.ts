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
  /** The base fields as they are written, without braces. */
  private readonly base: string;

  constructor(
    private readonly policy: RequestLogPolicy,
    private readonly lines: CompletedLines,
  ) {
    super();
    this.base = `${JSON.stringify(lines.base).slice(1, -1)},`;
  }

  override incomingRequest(): void {}

  /**
   * The line pino would write for `log.info({ req, res, responseTime }, "request completed")`, its fields in pino's
   * order. Written out rather than made as one object and stringified: an object spread from the base, the bindings
   * and the request's fields was most of this line's cost. Every string in it is JSON.stringify's.
   */
  private completedLine(log: RequestLogger, request: FastifyRequest, reply: FastifyReply): string {
    const bindings = JSON.stringify(log.bindings);
    const bound = bindings === "{}" ? "" : `${bindings.slice(1, -1)},`;
    return (
      `{"level":${INFO},"time":${Date.now()},${this.base}${bound}"req":${JSON.stringify(serializeRequest(request))},` +
      `"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`
    );
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
