import { SimulatedPlatform } from "@de-gateway/backend-simulators";
import { afterAll, beforeAll } from "vitest";
import { type GatewayProcess, type ServiceStart, startService, stopProcesses } from "./processes.js";

export interface ServiceUnderTest {
  readonly platform: SimulatedPlatform;
  readonly service: GatewayProcess;
  /** The service's probe (started with `probe: true`). */
  readonly probeUrl: string;
}

/**
 * Starts the simulated platform and `services/<name>` against it before a test file's tests, and stops both
 * after them; the two are there to read once the tests run.
 */
export function useServiceProcess(name: string, options: ServiceStart = {}): ServiceUnderTest {
  let platform: SimulatedPlatform | undefined;
  let service: GatewayProcess | undefined;
  beforeAll(async () => {
    platform = await SimulatedPlatform.start();
    service = await startService(name, platform, options);
  });
  afterAll(async () => {
    await stopProcesses([service]);
    await platform?.stop();
  });
  return {
    get platform() {
      if (!platform) throw new Error("the simulated platform did not start");
      return platform;
    },
    get service() {
      if (!service) throw new Error(`the ${name} service did not start`);
      return service;
    },
    get probeUrl() {
      const { probeUrl } = this.service;
      if (!probeUrl) throw new Error(`the ${name} service runs without its probe`);
      return probeUrl;
    },
  };
}
