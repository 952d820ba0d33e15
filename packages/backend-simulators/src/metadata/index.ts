import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { comments } from "./comments.js";
import { ontologies } from "./ontologies.js";

export const metadataModules = { comments, ontologies };

export function createMetadataSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("metadata", metadataModules, options);
}
export type MetadataSimulator = ReturnType<typeof createMetadataSimulator>;
