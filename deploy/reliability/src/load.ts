import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Agent, type Dispatcher } from "undici";
import { errorCodeOf, errorCodes, type Outcome, Tally } from "./outcomes.js";

/** One kind of request the load sends. */
export interface RequestPlan {
  /** The name figures and checks group outcomes by. */
  route: string;
  method?: Dispatcher.HttpMethod;
  /** Path and query. */
  path: string;
  headers?: Record<string, string>;
  /** The JSON body of the request with this sequence number (sent as application/json). */
  body?: (sequence: number) => unknown;
}

export interface LoadOptions {
  /** `http://127.0.0.1:<port>` of whatever is under load. */
  origin: string;
  /** Worker `i` sends `plans[i % plans.length]` again and again. */
  plans: readonly RequestPlan[];
  /** Concurrent workers, each on its own keep-alive connection. */
  connections: number;
  /** A worker's pause after each answer, to keep the rate modest. */
  pauseMs?: number;
  /** Stop after this many requests in all. */
  amount?: number;
  /** Keep every outcome in `outcomes` (the default); long runs keep the tally only. */
  keepOutcomes?: boolean;
}

/** Longest wait for an answer: far beyond every target, so that a request that hangs is seen as one. */
const CLIENT_TIMEOUT_MS = 60_000;

/**
 * A closed-loop load on undici: each worker sends a request, waits for the whole answer, pauses, and sends the
 * next. Every request carries its own `x-request-id`, and its outcome (status, error code, or how the exchange
 * failed, with times) is recorded. Nothing is retried.
 */
export class Load {
  readonly outcomes: Outcome[] = [];
  readonly tally = new Tally();
  readonly done: Promise<void>;
  private stopping = false;
  private issued = 0;
  private readonly agent: Agent;
  private readonly runId = randomBytes(4).toString("hex");

  constructor(private readonly options: LoadOptions) {
    this.agent = new Agent({ connections: options.connections, pipelining: 1 });
    const workers = Array.from({ length: options.connections }, (_, index) => this.work(index));
    this.done = Promise.all(workers).then(() => this.agent.close());
  }

  /** Sends no new request; resolves once every answer in flight has come. */
  stop(): Promise<void> {
    this.stopping = true;
    return this.done;
  }

  private async work(index: number): Promise<void> {
    const plan = this.options.plans[index % this.options.plans.length];
    if (!plan) throw new Error("a load needs at least one request plan");
    while (!this.stopping && (this.options.amount === undefined || this.issued < this.options.amount)) {
      const sequence = this.issued++;
      this.record(await this.send(plan, `${this.runId}-${sequence}`, sequence));
      if (this.options.pauseMs) await sleep(this.options.pauseMs);
    }
  }

  private async send(plan: RequestPlan, id: string, sequence: number): Promise<Outcome> {
    const body = plan.body ? JSON.stringify(plan.body(sequence)) : undefined;
    const headers = {
      ...plan.headers,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      "x-request-id": id,
    };
    const sentAt = performance.now();
    try {
      const response = await this.agent.request({
        origin: this.options.origin,
        path: plan.path,
        method: plan.method ?? "GET",
        headers,
        body,
        headersTimeout: CLIENT_TIMEOUT_MS,
        bodyTimeout: CLIENT_TIMEOUT_MS,
      });
      const text = await response.body.text();
      const outcome: Outcome = {
        route: plan.route,
        id,
        sentAt,
        endedAt: performance.now(),
        status: response.statusCode,
      };
      if (response.statusCode >= 300) outcome.errorCode = errorCodeOf(text);
      return outcome;
    } catch (error) {
      const failure = errorCodes(error)[0] ?? (error as Error).name;
      return { route: plan.route, id, sentAt, endedAt: performance.now(), failure };
    }
  }

  private record(outcome: Outcome): void {
    this.tally.add(outcome);
    if (this.options.keepOutcomes !== false) this.outcomes.push(outcome);
  }
}

export const startLoad = (options: LoadOptions) => new Load(options);
