import { defineModule, moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { callerVerifiedBy } from "./caller.js";
import type { GatewaySigningKey } from "./gateway-key.js";
import { genomesModule } from "./genomes.js";
import { jobsModule } from "./jobs.js";

export interface CogeSimulatorOptions extends SimulatorOptions {
  /** The key pair the gateway signs `X-Iplant-De-Jwt` with; CoGe trusts its public half. */
  gatewayKey: Promise<GatewaySigningKey>;
}

/**
 * The CoGe API (genome search, FASTA export jobs, genome loads). For processes that cannot be handed the
 * gateway's signing key directly (`pnpm start`), `GET /__sim/gateway-signing-key` gives its PEM.
 */
export function createCogeSimulator({ gatewayKey, ...options }: CogeSimulatorOptions) {
  const callerOf = callerVerifiedBy(gatewayKey.then((key) => key.publicKey));
  const signingKeyRoute = defineModule<Record<string, never>>({
    makeState: () => ({}),
    routes(app) {
      app.get("/__sim/gateway-signing-key", async (_request, reply) =>
        reply.type("text/plain").send((await gatewayKey).privateKeyPem),
      );
    },
  });
  return moduleSimulator(
    "coge",
    { genomes: genomesModule(callerOf), jobs: jobsModule(callerOf), signingKey: signingKeyRoute },
    options,
  );
}
export type CogeSimulator = ReturnType<typeof createCogeSimulator>;
