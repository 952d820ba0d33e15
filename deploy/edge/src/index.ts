export { type EdgeConfig, edgeConfigSchema, upstreamsFrom, upstreamVariable } from "./config.js";
export { buildEdge, type EdgeOptions } from "./edge.js";
export { type EdgeRouting, loadEdgeRouting } from "./routing.js";
