import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";

export const metadataModules = {};

export function createMetadataSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("metadata", metadataModules, options);
}
export type MetadataSimulator = ReturnType<typeof createMetadataSimulator>;
