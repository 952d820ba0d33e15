import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { navigation } from "./navigation.js";

export const fileInfoModules = { navigation };

export function createFileInfoSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("file-info", fileInfoModules, options);
}
export type FileInfoSimulator = ReturnType<typeof createFileInfoSimulator>;
