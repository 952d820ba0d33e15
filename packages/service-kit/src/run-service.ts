import { setTimeout as sleep } from "node:timers/promises";
import closeWithGrace from "close-with-grace";
import { type Static, type TObject, type TProperties, Type } from "typebox";
import { ConfigError, loadConfig } from "./config.js";
import type { Service } from "./create-service.js";

/** How long in-flight requests get to finish after SIGTERM/SIGINT, unless a service says otherwise. */
export const DEFAULT_GRACE_MS = 10_000;
/** How long a service keeps serving after SIGTERM, `/readyz` at 503, before its port closes. */
export const DEFAULT_DRAIN_DELAY_MS = 2_000;

export interface RunOptions<P extends TProperties> {
  name: string;
  configSchema: TObject<P>;
  build: (config: Static<TObject<P>>) => Promise<Service>;
  /** How long in-flight requests get to finish once the service stops accepting new ones. */
  graceMs?: number;
  /** The settings holding the port and host to listen on, when they are not PORT and HOST. */
  listenSettings?: { port: string; host: string };
}

/** The shutdown setting every process run by `runService` reads, besides its own configuration. */
const DrainConfig = Type.Object({
  /**
   * After SIGTERM, how long requests are still served while /readyz answers 503, so that load balancers take
   * the instance out of rotation before its port closes.
   */
  DRAIN_DELAY_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: DEFAULT_DRAIN_DELAY_MS }),
});

function fail(name: string, message: string): never {
  process.stderr.write(`${name}: ${message}\n`);
  process.exit(1);
}

/**
 * The whole of a service's server.ts: read config, build, listen, drain on SIGTERM/SIGINT. On SIGTERM (an
 * orchestrator's stop) /readyz turns 503 at once and requests are still served for DRAIN_DELAY_MS; then the port
 * closes and requests in flight get `graceMs` to finish. SIGINT (Ctrl-C) skips the delay.
 */
export async function runService<P extends TProperties>(options: RunOptions<P>): Promise<Service> {
  let config: Static<TObject<P>>;
  let drainDelayMs: number;
  try {
    config = loadConfig(options.configSchema);
    drainDelayMs = loadConfig(DrainConfig).DRAIN_DELAY_MS;
  } catch (error) {
    if (error instanceof ConfigError) fail(options.name, error.message);
    throw error;
  }
  const names = options.listenSettings ?? { port: "PORT", host: "HOST" };
  const settings = config as Record<string, unknown>;
  const PORT = settings[names.port] as number;
  const HOST = settings[names.host] as string;
  let app: Service;
  try {
    app = await options.build(config);
  } catch (error) {
    // What only the build can judge (tracing settings the service cannot honour): the same clear message.
    if (error instanceof ConfigError) fail(options.name, error.message);
    throw error;
  }

  closeWithGrace({ delay: drainDelayMs + (options.graceMs ?? DEFAULT_GRACE_MS) }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "closing after an uncaught error");
    else app.log.info({ signal }, "draining");
    app.draining = true;
    if (signal === "SIGTERM") await sleep(drainDelayMs);
    await app.close();
  });

  try {
    await app.listen({ port: PORT, host: HOST });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE")
      fail(options.name, `port ${PORT} on ${HOST} is already in use (set ${names.port} to another one)`);
    if (code === "EACCES") fail(options.name, `not allowed to listen on port ${PORT}`);
    fail(options.name, `cannot listen on ${HOST}:${PORT}: ${(error as Error).message}`);
  }
  return app;
}
