import type { ServiceRoutes } from "@de-gateway/routing";
import { ConnectionLimitsConfig, ServerConfig } from "@de-gateway/service-kit";
import { type TString, Type } from "typebox";

/** `identity-session` → `UPSTREAM_IDENTITY_SESSION`: where to reach that service instead of its default port. */
export const upstreamVariable = (service: string) => `UPSTREAM_${service.toUpperCase().replace(/-/g, "_")}`;

/** The edge's environment; one optional UPSTREAM_* variable per service found in the routes.yml files. */
export function edgeConfigSchema(services: readonly ServiceRoutes[]) {
  const upstreams: Record<string, ReturnType<typeof Type.Optional<TString>>> = {};
  for (const { service } of services) {
    upstreams[upstreamVariable(service)] = Type.Optional(Type.String({ pattern: "^https?://[^/?#]+/?$" }));
  }
  return Type.Object({
    EDGE_PORT: Type.Integer({ minimum: 0, maximum: 65_535, default: 8080 }),
    EDGE_HOST: Type.String({ default: "127.0.0.1" }),
    LOG_LEVEL: ServerConfig.LOG_LEVEL,
    /** Longest wait for a service's response headers, and between two chunks of a body. */
    EDGE_UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 1, default: 60_000 }),
    // The edge is the public entrypoint: slow clients are cut here as at every service (docs/security.md).
    ...ConnectionLimitsConfig,
    ...upstreams,
  });
}

export interface EdgeConfig extends Partial<Record<keyof typeof ConnectionLimitsConfig, number>> {
  EDGE_PORT: number;
  EDGE_HOST: string;
  LOG_LEVEL: string;
  EDGE_UPSTREAM_TIMEOUT_MS: number;
  [upstream: string]: unknown;
}

/** Each service's origin: its UPSTREAM_* variable, else its default port on loopback. */
export function upstreamsFrom(services: readonly ServiceRoutes[], config: EdgeConfig): Map<string, string> {
  return new Map(
    services.map(({ service, port }) => {
      const configured = config[upstreamVariable(service)];
      const origin = typeof configured === "string" ? configured : `http://127.0.0.1:${port}`;
      return [service, origin.replace(/\/$/, "")];
    }),
  );
}
