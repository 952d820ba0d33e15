import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { dois } from "./dois.js";

export { DATACITE_ACCOUNT } from "./account.js";

/** DataCite's REST API: minting DOIs for the repository account in `DATACITE_ACCOUNT`. */
export function createDataciteSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("datacite", { dois }, options);
}
export type DataciteSimulator = ReturnType<typeof createDataciteSimulator>;
