import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { unrecognizedPaths } from "../framework/unrecognized-paths.js";
import { dataStore } from "./data-store.js";
import type { MetadataLocation } from "./metadata-service.js";
import { navigation } from "./navigation.js";

export interface FileInfoSimulatorOptions extends SimulatorOptions {
  /** The metadata service data-info keeps items' metadata-service AVUs in; without one, calls for them fail. */
  metadataUrl?: MetadataLocation;
}

export function createFileInfoSimulator({ metadataUrl = () => undefined, ...options }: FileInfoSimulatorOptions = {}) {
  return moduleSimulator(
    "file-info",
    {
      navigation,
      dataStore: dataStore(metadataUrl),
      // data-info.util.service/unrecognized-path-response (routes.clj).
      unknownPaths: unrecognizedPaths({ success: false, reason: "unrecognized service path" }),
    },
    options,
  );
}
export type FileInfoSimulator = ReturnType<typeof createFileInfoSimulator>;
export { seedId } from "./seed.js";
