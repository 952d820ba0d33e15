import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, tracingEnvironmentFor } from "@de-gateway/backend-simulators/ports";
import { bundlePath } from "../src/bundle-paths.js";
import { launch, type Running, stopAll, waitUntilReady } from "../src/processes.js";

/** A running process's environment, from /proc/<pid>/environ. */
function environmentOf(pid: number): Record<string, string> {
  const entries = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
  return Object.fromEntries(
    entries.map((entry) => [entry.slice(0, entry.indexOf("=")), entry.slice(entry.indexOf("=") + 1)]),
  );
}

export interface TracedTwin {
  pid: number;
  port: number;
  stop(): Promise<void>;
}

const SINK_PROGRAM = fileURLToPath(new URL("./otlp-sink.ts", import.meta.url));

/** A collector that keeps nothing (otlp-sink.ts), in a process of its own, run as this bench runs (tsx). */
async function startCollectorSink(): Promise<Running> {
  const port = await freePort();
  const component = { name: "OTLP sink", cwd: dirname(SINK_PROGRAM), entry: SINK_PROGRAM, port };
  const sink = launch({ ...component, nodeArgs: process.execArgv }, SINK_PROGRAM, { PORT: String(port) });
  await waitUntilReady(sink);
  return sink;
}

/**
 * A second process of a stack's service: the same compiled program with the same settings (its environment read
 * from /proc), on a port of its own, exporting every request's spans to a collector that keeps nothing. Beside the
 * stack's own process, tracing off, it measures what tracing costs and nothing else.
 */
export async function startTracedTwin({ component, child }: Running): Promise<TracedTwin> {
  const collector = await startCollectorSink();
  const port = await freePort();
  const twin = launch({ ...component, port }, bundlePath(component.name), {
    ...environmentOf(child.pid as number),
    ...tracingEnvironmentFor({ traces: `http://127.0.0.1:${collector.component.port}` }),
    OTEL_SERVICE_NAME: component.name,
    PORT: String(port),
  });
  await waitUntilReady(twin);
  return { pid: twin.child.pid as number, port, stop: () => stopAll([twin, collector]) };
}
