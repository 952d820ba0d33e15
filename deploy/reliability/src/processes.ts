import { performance } from "node:perf_hooks";
import type { SimulatedPlatform } from "@de-gateway/backend-simulators";
import { freePort } from "@de-gateway/backend-simulators/ports";
import { upstreamVariable } from "@de-gateway/edge";
import {
  type Component,
  edgeComponent,
  launch,
  type Running,
  serviceComponents,
  stopAll,
  waitUntilReady,
} from "@de-gateway/stack";
import { PROBE_MODULE } from "./probe-client.js";

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** `performance.now()` when it happened. */
  at: number;
}

/** A service or the edge running as its own process, as `pnpm start` runs it. */
export interface GatewayProcess {
  name: string;
  port: number;
  url: string;
  /** Where the probe answers, when the process was started with one (see probe.ts). */
  probeUrl?: string;
  running: Running;
  exited: Promise<Exit>;
}

/** Runs a component's TypeScript entry from source, its output prefixed with its name. */
const fromSource = (component: Component, env: Record<string, string>) =>
  launch(
    { ...component, nodeArgs: ["--conditions=source", "--import", "tsx", ...(component.nodeArgs ?? [])] },
    component.entry,
    env,
    (name, line) => process.stdout.write(`[${name}] ${line}\n`),
  );

async function start(component: Component, env: Record<string, string>): Promise<GatewayProcess> {
  const running = fromSource(component, env);
  // Should the test process end without its teardown (a worker torn down), the service goes with it.
  const orphanGuard = () => running.child.kill("SIGKILL");
  process.once("exit", orphanGuard);
  const exited = new Promise<Exit>((resolve) =>
    running.child.once("exit", (code, signal) => {
      process.off("exit", orphanGuard);
      resolve({ code, signal, at: performance.now() });
    }),
  );
  try {
    await waitUntilReady(running);
  } catch (error) {
    await stopAll([running]);
    throw error;
  }
  const probeUrl = env.PROBE_PORT ? `http://127.0.0.1:${env.PROBE_PORT}` : undefined;
  return {
    name: component.name,
    port: component.port,
    url: `http://127.0.0.1:${component.port}`,
    probeUrl,
    running,
    exited,
  };
}

export interface ServiceStart {
  /** Settings on top of the simulated platform's environment. */
  env?: Record<string, string>;
  /** The port to listen on (a restart takes its predecessor's); a free one otherwise. */
  port?: number;
  /** Load the probe and expose the garbage collector. */
  probe?: boolean;
}

/** The environment a service gets against the simulators, quiet unless something goes really wrong. */
async function platformEnvironment(platform: SimulatedPlatform): Promise<Record<string, string>> {
  return { ...(await platform.env()), HOST: "127.0.0.1", LOG_LEVEL: "error" };
}

/** Starts `services/<name>` as `pnpm start` does, on loopback, against the simulated platform. */
export async function startService(
  name: string,
  platform: SimulatedPlatform,
  options: ServiceStart = {},
): Promise<GatewayProcess> {
  const component = serviceComponents().find((candidate) => candidate.name === name);
  if (!component) throw new Error(`no service ${name}`);
  const port = options.port ?? (await freePort());
  const env = { ...(await platformEnvironment(platform)), ...options.env, PORT: String(port) };
  if (!options.probe) return start({ ...component, port }, env);
  const probe = { PROBE_PORT: String(await freePort()) };
  const nodeArgs = [...(component.nodeArgs ?? []), "--expose-gc", "--import", PROBE_MODULE];
  return start({ ...component, port, nodeArgs }, { ...env, ...probe });
}

/** Starts the local edge in front of the given services (`name → origin`); other services stay unreachable. */
export async function startEdge(upstreams: Record<string, string>): Promise<GatewayProcess> {
  const port = await freePort();
  const env: Record<string, string> = { EDGE_PORT: String(port), EDGE_HOST: "127.0.0.1", LOG_LEVEL: "error" };
  for (const [service, origin] of Object.entries(upstreams)) env[upstreamVariable(service)] = origin;
  return start(edgeComponent(port), env);
}

/** SIGTERM to each process still running (SIGKILL after the grace); for test teardown. */
export function stopProcesses(processes: ReadonlyArray<GatewayProcess | undefined>): Promise<void> {
  return stopAll(processes.flatMap((process) => (process ? [process.running] : [])));
}
