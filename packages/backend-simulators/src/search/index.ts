import { defineModule, moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { dataSearchRoutes } from "./data-search.js";
import { nameSearchRoutes } from "./name-search.js";
import type { ScrollStore } from "./scrolls.js";
import type { SearchSources } from "./sources.js";

export interface SearchSimulatorOptions extends SimulatorOptions {
  /** The simulators whose state is searched (file-info's data store, metadata's tags and AVUs). */
  sources: SearchSources;
}

/**
 * The platform's search service (cyverse-de/search): its query language over the data store, the tags and the
 * metadata, read live from the other simulators. It keeps no state of its own but its scrolls.
 */
export function createSearchSimulator({ sources, ...options }: SearchSimulatorOptions) {
  const search = defineModule<{ scrolls: ScrollStore }>({
    makeState: () => ({ scrolls: new Map() }),
    routes(app, state) {
      dataSearchRoutes(app, sources, () => state().scrolls);
      nameSearchRoutes(app, sources);
    },
  });
  return moduleSimulator("search", { search }, options);
}
export type SearchSimulator = ReturnType<typeof createSearchSimulator>;
export type { SearchSources } from "./sources.js";
