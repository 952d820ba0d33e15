import { createServer } from "node:net";

/** Ports of `pnpm start` and docker-compose. Tests use ephemeral ports instead. */
export const DEFAULT_PORTS = {
  apps: 4001,
  metadata: 4002,
  fileInfo: 4003,
  groups: 4004,
  notifications: 4005,
  preferences: 4006,
  idp: 4007,
  inbox: 4008,
  coge: 4009,
  datacite: 4010,
  analyses: 4011,
  search: 4012,
  qms: 4013,
  subscriptions: 4014,
  resourceUsage: 4015,
  dataUsage: 4016,
  appExposer: 4017,
  requests: 4018,
  permissions: 4019,
  dashboardAggregator: 4020,
  traces: 4021,
  smtp: 2525,
} as const;

/**
 * Tells the simulators' command that it runs a development stack, set to `1`: without it the command refuses to
 * start. The simulators include the development identity provider, which gives anyone who asks an administrator's
 * token (`/token/carol`) and lists the service accounts' secrets (`/clients`), so wherever it runs, whoever reaches
 * it commands the platform. `pnpm start` and the development layers of docker-compose and Kubernetes set it, and
 * nothing else may (the image does not).
 */
export const DEVELOPMENT_STACK_SETTING = "SIM_DEVELOPMENT_STACK";

/**
 * The environment that turns a service's tracing on, exporting every request's spans to the simulators' trace
 * receiver at `traces` (`SimulatedPlatform.traces`; `http://…:4021` in the stacks) in the services' default encoding,
 * OTLP/HTTP protobuf, which the receiver takes as a collector does (and costs the exporter a third of JSON's). Not
 * part of the services' platform environment: tracing is off unless an endpoint is set, and tests switch it on only
 * where they look at spans. Here rather than beside the receiver so that `pnpm start` and the deploy generator read it
 * without loading the simulators.
 */
export function tracingEnvironmentFor(endpoints: { traces: string }): Record<string, string> {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoints.traces,
    OTEL_TRACES_SAMPLER: "parentbased_always_on",
  };
}

/** A loopback port the kernel hands out, let go again for a process started next to take. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
