import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import type { DataItemAvus } from "./avu-search.js";
import { avusModule } from "./avus.js";
import { comments } from "./comments.js";
import { favorites } from "./favorites.js";
import { ontologies } from "./ontologies.js";
import { permanentIdRequests } from "./permanent-id-requests.js";
import { tags } from "./tags.js";
import { templates } from "./templates.js";

export interface MetadataSimulatorOptions extends SimulatorOptions {
  /** The data items' AVUs kept by the file-info simulator, which AVU searches find too; none when left out. */
  dataItemAvus?: DataItemAvus;
}

export function createMetadataSimulator({ dataItemAvus = () => [], ...options }: MetadataSimulatorOptions = {}) {
  const avus = avusModule(dataItemAvus);
  return moduleSimulator(
    "metadata",
    { comments, ontologies, templates, favorites, tags, avus, permanentIdRequests },
    options,
  );
}
export type MetadataSimulator = ReturnType<typeof createMetadataSimulator>;
