import type { FastifyBaseLogger, FastifyLogFn } from "fastify";

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

/** pino's level values: a line is written when its level's value is at least the logger's. */
const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

/**
 * A request's logger: the bindings every line of the request carries (request id, trace), with a pino child made
 * from them only when the request logs a line of its own (a warning, an error). Nearly every request logs nothing
 * but its completed line, which `RequestLog` writes from the bindings; a pino child per request cost a passthrough
 * a tenth of its CPU.
 */
export class RequestLogger implements FastifyBaseLogger {
  private child_: FastifyBaseLogger | undefined;
  declare fatal: FastifyLogFn;
  declare error: FastifyLogFn;
  declare warn: FastifyLogFn;
  declare info: FastifyLogFn;
  declare debug: FastifyLogFn;
  declare trace: FastifyLogFn;

  constructor(
    private readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child, made on first use. */
  get logger(): FastifyBaseLogger {
    this.child_ ??= this.parent.child(this.bindings, this.options);
    return this.child_;
  }

  get level(): string {
    return this.child_?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  /** Whether a line at `level` is written by this logger. */
  writes(level: Level): boolean {
    return (LEVEL_VALUES[level] ?? 0) >= (LEVEL_VALUES[this.level] ?? 0);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

// On the prototype, not per instance: a logger is made for every request.
for (const level of ["fatal", "error", "warn", "info", "debug", "trace"] as const) {
  RequestLogger.prototype[level] = function (this: RequestLogger, ...args: unknown[]) {
    (this.logger[level] as (...line: unknown[]) => void)(...args);
  } as FastifyLogFn;
}
