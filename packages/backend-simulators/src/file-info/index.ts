import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { dataStore } from "./data-store.js";
import { navigation } from "./navigation.js";
import { unknownPaths } from "./unknown-paths.js";

export const fileInfoModules = { navigation, dataStore, unknownPaths };

export function createFileInfoSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("file-info", fileInfoModules, options);
}
export type FileInfoSimulator = ReturnType<typeof createFileInfoSimulator>;
export { seedId } from "./seed.js";
