import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { type AnswerMismatch, type DeclaredRoute, installAnswerCheck } from "./answers.js";
import { type Fault, FaultSchema, Faults, installFaults } from "./faults.js";
import { installRecorder, Recorder } from "./recorder.js";
import { firstRefusalOnly, installValidatorsOnFirstUse } from "./validators.js";

export interface SimulatorOptions {
  port?: number;
  host?: string;
  logLevel?: string;
}

/**
 * Ports a simulator without a port of its own picks from: below Linux's ephemeral range (32768–60999), which the
 * kernel also hands out as the local ports of outgoing connections. A simulator on an ephemeral port that a test
 * stops and starts again could find its port taken meanwhile by a connection another test process made (EADDRINUSE).
 */
const FREE_PORTS = { first: 20_000, count: 12_768 };
const PORT_TRIES = 20;

async function listenOnFreePort(app: FastifyInstance, host: string): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    const port = FREE_PORTS.first + Math.floor(Math.random() * FREE_PORTS.count);
    try {
      await app.listen({ port, host });
      return (app.server.address() as AddressInfo).port;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt === PORT_TRIES) throw error;
    }
  }
}

/**
 * A running stand-in for one backend: its HTTP app, its state, and the controls tests need
 * (faults, recorded requests, stop and restart on the same port).
 */
export class Simulator<State = unknown> {
  readonly faults = new Faults();
  readonly recorder = new Recorder();
  /** Answers that did not match the schema their route declares (see `answers()`), oldest first. */
  readonly answerMismatches: AnswerMismatch[] = [];
  /** The routes this simulator serves, known once it has started. */
  readonly declaredRoutes: DeclaredRoute[] = [];
  state: State;
  private port: number;
  private readonly host: string;
  private app: FastifyInstance | undefined;

  constructor(
    readonly name: string,
    private readonly makeState: () => State,
    private readonly routes: (app: FastifyInstance, simulator: Simulator<State>) => void | Promise<void>,
    private readonly options: SimulatorOptions = {},
    /** Releases what a state holds outside memory (files on disk, for example). */
    private readonly releaseState: (state: State) => void = () => {},
  ) {
    this.state = makeState();
    this.port = options.port ?? 0;
    this.host = options.host ?? "127.0.0.1";
  }

  get url(): string {
    return `http://${this.host === "0.0.0.0" ? "127.0.0.1" : this.host}:${this.port}`;
  }

  get running(): boolean {
    return this.app !== undefined;
  }

  private async build(): Promise<FastifyInstance> {
    const app = Fastify({
      logger: { level: this.options.logLevel ?? "silent", name: `${this.name}-simulator` },
      forceCloseConnections: true,
      bodyLimit: 64 * 1024 * 1024,
      // The backends take path parameters (qualified group names, paths) far longer than Fastify's default 100.
      routerOptions: { maxParamLength: 8192 },
      schemaErrorFormatter: firstRefusalOnly,
    });
    installValidatorsOnFirstUse(app);
    this.declaredRoutes.length = 0;
    installAnswerCheck(app, this.name, this.declaredRoutes, this.answerMismatches);
    installFaults(app, this.faults);
    installRecorder(app, this.recorder);
    app.get("/__sim/requests", async () => this.recorder.requests);
    app.delete("/__sim/requests", async () => {
      this.recorder.clear();
      return {};
    });
    app.put("/__sim/fault", { schema: { body: FaultSchema } }, async (request) => {
      this.faults.set(request.body as Fault);
      return {};
    });
    app.delete("/__sim/fault", async () => {
      this.faults.clear();
      return {};
    });
    app.get("/__sim/faulted", async () => this.faults.applied);
    app.post("/__sim/reset", async () => {
      this.reset();
      return {};
    });
    app.get("/__sim/healthz", async () => ({ status: "ok" }));
    await this.routes(app, this);
    return app;
  }

  /** Starts listening; after a stop, listens again on the same port. */
  async start(): Promise<this> {
    if (this.app) return this;
    const app = await this.build();
    if (this.port === 0) {
      this.port = await listenOnFreePort(app, this.host);
    } else {
      await app.listen({ port: this.port, host: this.host });
    }
    this.app = app;
    return this;
  }

  /** Stops listening (callers then get connection refused); state is kept for a restart. */
  async stop(): Promise<void> {
    const app = this.app;
    this.app = undefined;
    await app?.close();
  }

  /** Back to the initial state: seed data only, no faults, nothing recorded. */
  reset(): void {
    const previous = this.state;
    this.state = this.makeState();
    this.releaseState(previous);
    this.faults.clear();
    this.faults.forget();
    this.recorder.clear();
  }

  /** Stops for good and releases the state (unlike `stop()`, which keeps it for a restart). */
  async dispose(): Promise<void> {
    await this.stop();
    this.releaseState(this.state);
  }
}
