import { generateStackKeys } from "@de-gateway/backend-simulators/stack-keys";
import { bundlePath } from "./bundle-paths.js";
import { compileCacheEnvironment } from "./compile-cache.js";
import { type Component, edgeComponent, requiredPorts, serviceComponents, simulatorComponent } from "./components.js";
import {
  documentSources,
  servicesPlatformEnvironment,
  simulatorsProcessEnvironment,
  tracingEnvironment,
} from "./environment.js";
import type { LineSink } from "./logs.js";
import { busyPorts } from "./ports.js";
import { launch, type Running, stopAll, waitUntilReady } from "./processes.js";

export interface StackOptions {
  edgePort: number;
  /** Where the processes' output goes; dropped without one. */
  output?: LineSink;
  /** LOG_LEVEL of the services and the edge. */
  logLevel?: string;
  /**
   * The services export their spans (`tracingEnvironment()`): off unless asked; `pnpm start` asks. The edge records
   * none: it passes the caller's `traceparent` on untouched, as Traefik does when it is not tracing.
   */
  tracing?: boolean;
}

/** A failure to start the stack that the user can act on (a port in use, a process that exits). */
export class StackError extends Error {}

/**
 * The local platform as processes: the simulators, every service and the edge, each running its compiled
 * program (see bundle.ts, which must have run first).
 */
export class Stack {
  readonly running: Running[] = [];
  private stopping = false;

  constructor(private readonly options: StackOptions) {}

  get stopped(): boolean {
    return this.stopping;
  }

  /**
   * Starts the simulators, the edge and every service at once: the services are told where the simulators will
   * answer and the keys they are handed, and ask them nothing before a request comes. Resolves once all answer.
   */
  async start(): Promise<void> {
    const { edgePort, logLevel = "info", tracing = false } = this.options;
    const traced = (name: string) => (tracing ? tracingEnvironment(name) : {});
    const busy = await busyPorts(requiredPorts(edgePort));
    if (busy.length > 0) {
      throw new StackError(
        `these ports are already in use: ${busy.map(({ port, owner }) => `${port} (${owner})`).join(", ")}. ` +
          "Stop whatever holds them (an earlier 'pnpm start'?) and try again; the edge port can be changed with EDGE_PORT.",
      );
    }
    const keys = generateStackKeys();
    const edge = this.launch(edgeComponent(edgePort), {
      EDGE_PORT: String(edgePort),
      EDGE_HOST: "127.0.0.1",
      LOG_LEVEL: logLevel,
    });
    const simulators = this.launch(simulatorComponent(), simulatorsProcessEnvironment(await keys));
    const env = { ...servicesPlatformEnvironment(await keys), OPENAPI_SOURCES: documentSources() };
    const services = serviceComponents().map((service) =>
      this.launch(service, {
        ...env,
        ...traced(service.name),
        PORT: String(service.port),
        HOST: "127.0.0.1",
        LOG_LEVEL: logLevel,
      }),
    );
    await Promise.all([simulators, edge, ...services].map((entry) => this.ready(entry)));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await stopAll(this.running);
  }

  private launch(component: Component, env: Record<string, string>): Running {
    if (this.stopping) throw new StackError("the stack is stopping");
    const entry = launch(
      component,
      bundlePath(component.name),
      { ...compileCacheEnvironment(), ...env },
      this.options.output,
    );
    this.running.push(entry);
    return entry;
  }

  private async ready(entry: Running): Promise<void> {
    try {
      await waitUntilReady(entry);
    } catch (error) {
      throw new StackError((error as Error).message);
    }
  }
}
