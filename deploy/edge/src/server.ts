import { connectionLimitsFrom, runService } from "@de-gateway/service-kit";
import { type EdgeConfig, edgeConfigSchema, upstreamsFrom } from "./config.js";
import { buildEdge } from "./edge.js";
import { type EdgeRouting, loadEdgeRouting } from "./routing.js";

let routing: EdgeRouting;
try {
  routing = loadEdgeRouting();
} catch (error) {
  process.stderr.write(`edge: ${(error as Error).message}\n`);
  process.exit(1);
}

await runService({
  name: "edge",
  configSchema: edgeConfigSchema(routing.services),
  listenSettings: { port: "EDGE_PORT", host: "EDGE_HOST" },
  build: (config) => {
    const edgeConfig = config as EdgeConfig;
    return buildEdge({
      routing,
      upstreams: upstreamsFrom(routing.services, edgeConfig),
      logLevel: edgeConfig.LOG_LEVEL,
      upstreamTimeoutMs: edgeConfig.EDGE_UPSTREAM_TIMEOUT_MS,
      limits: connectionLimitsFrom(edgeConfig),
    });
  },
});
