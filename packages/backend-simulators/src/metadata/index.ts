import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { avusModule } from "./avus.js";
import { comments } from "./comments.js";
import { favorites } from "./favorites.js";
import { ontologies } from "./ontologies.js";
import { permanentIdRequests } from "./permanent-id-requests.js";
import { tags } from "./tags.js";
import { templates } from "./templates.js";

export function createMetadataSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator(
    "metadata",
    { comments, ontologies, templates, favorites, tags, avus: avusModule, permanentIdRequests },
    options,
  );
}
export type MetadataSimulator = ReturnType<typeof createMetadataSimulator>;
