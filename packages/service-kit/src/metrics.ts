import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Registry } from "prom-client";
import { SeriesHistogram } from "./series-histogram.js";

export const METRICS_PATH = "/metrics";

// Request latencies of a gateway: mostly milliseconds, up to the 30 s backend timeout.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
// Requests that matched no route share one label value, so unknown paths cannot multiply series.
const UNMATCHED_ROUTE = "unmatched";

/** A service's Prometheus metrics; packages add their own to `registry`. */
export interface ServiceMetrics {
  registry: Registry;
  /** Calls to backends by backend, method and status class (`2xx`…`5xx`, `error`, `timeout`), in seconds. */
  backendRequestDuration: SeriesHistogram;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: ServiceMetrics;
  }
}

let processRegistry: Registry | undefined;

/** Process metrics (CPU, memory, event loop, GC) exist once per process, whatever number of services it runs. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The status class a backend answer or failure is counted under. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Counts and times every request by route template, method and status, and answers GET /metrics in
 * Prometheus' text format, with `routeConfig` (no authentication). The path is never routed by the public
 * entrypoint (see packages/routing).
 */
export function installMetrics(app: FastifyInstance, routeConfig: { auth: "none" }): void {
  const registry = new Registry();
  const requestDuration = new SeriesHistogram(
    "gateway_http_request_duration_seconds",
    "Time from receiving a request to answering it, by route template, method and status",
    ["method", "route", "status"],
    LATENCY_BUCKETS,
  );
  registry.registerMetric(requestDuration.histogram());
  registry.registerMetric(
    requestDuration.counter("gateway_http_requests_total", "Requests answered, by route template, method and status"),
  );
  // Labels in this order: `status_class` is known last, when the backend has answered.
  const backendRequestDuration = new SeriesHistogram(
    "gateway_backend_request_duration_seconds",
    "Backend calls until the answer's headers, by backend, method and status class (error, timeout: no answer)",
    ["backend", "method", "status_class"],
    LATENCY_BUCKETS,
  );
  registry.registerMetric(backendRequestDuration.histogram());
  app.decorate("metrics", { registry, backendRequestDuration });

  // A callback, not an async function: this hook runs on every request, and a promise each is measurable.
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    if (route !== METRICS_PATH) {
      requestDuration.observe(request.method, route, String(reply.statusCode), reply.elapsedTime / 1000);
    }
    done();
  });

  app.get(METRICS_PATH, { config: routeConfig, schema: { hide: true } }, async (_request, reply) => {
    const text = await Registry.merge([registry, processMetrics()]).metrics();
    return reply.type(registry.contentType).send(text);
  });
}
