import { fileURLToPath } from "node:url";

/** What the probe inside a service process reports (see probe.ts). */
export interface ProcessReading {
  rss: number;
  heapUsed: number;
  /** Active handles and requests by kind (`TCPSocketWrap`, `Timeout`, ...), the probe's own included. */
  handles: Record<string, number>;
  fileDescriptors: number;
  /** Paths of the files it holds open. */
  openFiles: string[];
}

export const PROBE_MODULE = fileURLToPath(new URL("./probe.ts", import.meta.url));

/** Reads a service's probe; `afterGc` forces full garbage collections first. */
export async function readProcess(probeUrl: string, { afterGc = false } = {}): Promise<ProcessReading> {
  const response = await fetch(`${probeUrl}/${afterGc ? "?gc=1" : ""}`);
  const reading = (await response.json()) as ProcessReading & { gcAvailable: boolean };
  if (afterGc && !reading.gcAvailable) throw new Error("the service runs without --expose-gc");
  return reading;
}

/**
 * Sockets that keep the process alive: connections with a request on them. Idle pooled connections are
 * unreferenced and not counted; `fileDescriptors` counts them.
 */
export const activeSockets = (reading: ProcessReading) => reading.handles.TCPSocketWrap ?? 0;
export const totalHandles = (reading: ProcessReading) =>
  Object.values(reading.handles).reduce((sum, count) => sum + count, 0);
export const MiB = (bytes: number) => bytes / 1024 / 1024;
