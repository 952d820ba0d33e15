import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { avus } from "./avus.js";
import { comments } from "./comments.js";
import { favorites } from "./favorites.js";
import { ontologies } from "./ontologies.js";
import { permanentIdRequests } from "./permanent-id-requests.js";
import { tags } from "./tags.js";
import { templates } from "./templates.js";

export const metadataModules = { comments, ontologies, templates, favorites, tags, avus, permanentIdRequests };

export function createMetadataSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("metadata", metadataModules, options);
}
export type MetadataSimulator = ReturnType<typeof createMetadataSimulator>;
