import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { unrecognizedPaths } from "../framework/unrecognized-paths.js";
import { dataStore } from "./data-store.js";
import { navigation } from "./navigation.js";

export const fileInfoModules = {
  navigation,
  dataStore,
  // data-info.util.service/unrecognized-path-response (routes.clj).
  unknownPaths: unrecognizedPaths({ success: false, reason: "unrecognized service path" }),
};

export function createFileInfoSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("file-info", fileInfoModules, options);
}
export type FileInfoSimulator = ReturnType<typeof createFileInfoSimulator>;
export { seedId } from "./seed.js";
