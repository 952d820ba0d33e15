/**
 * Loaded into a service process by the reliability suite only (`--import`), never by a service itself: a
 * loopback endpoint on PROBE_PORT reporting memory, active handles and open file descriptors, after two full
 * garbage collections when asked with `?gc=1` (the process then runs with `--expose-gc`). Its server does not
 * keep the process alive, so a service still exits as it would without it.
 */
import { createServer } from "node:http";
import { descriptorTargets, openFiles } from "./descriptors.js";

function handleCounts(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

const server = createServer((request, response) => {
  if (request.url?.includes("gc=1")) {
    globalThis.gc?.();
    globalThis.gc?.();
  }
  const { rss, heapUsed } = process.memoryUsage();
  const descriptors = descriptorTargets();
  response.setHeader("content-type", "application/json");
  response.setHeader("connection", "close");
  response.end(
    JSON.stringify({
      rss,
      heapUsed,
      handles: handleCounts(),
      fileDescriptors: descriptors.length,
      openFiles: openFiles(descriptors),
      gcAvailable: typeof globalThis.gc === "function",
    }),
  );
});
server.listen(Number(process.env.PROBE_PORT), "127.0.0.1");
server.unref();
