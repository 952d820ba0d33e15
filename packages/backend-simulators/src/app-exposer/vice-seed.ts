import { SEED_APPS } from "../apps/catalog-store.js";
import { SEED_TOOLS } from "../apps/tools-store.js";
import { RUNNING_VICE_ANALYSIS } from "../demo-world.js";
import type { Launch } from "./vice-analyses.js";

/**
 * What the apps service handed app-exposer when alice launched her JupyterLab session (`demo-world.ts`): the
 * analysis, its app and the image of the app's interactive tool, as the seeds of the apps simulator have them.
 */
export function demoViceLaunch(): Launch {
  const app = SEED_APPS.find((candidate) => candidate.id === RUNNING_VICE_ANALYSIS.appId);
  const tool = SEED_TOOLS.find((candidate) => candidate.interactive && app?.tool_ids.includes(candidate.id));
  if (!app || !tool) throw new Error("the demo world's interactive app or its tool is missing from the apps seed");
  return {
    analysisId: RUNNING_VICE_ANALYSIS.id,
    externalId: RUNNING_VICE_ANALYSIS.externalId,
    analysisName: RUNNING_VICE_ANALYSIS.name,
    appId: app.id,
    appName: app.name,
    username: RUNNING_VICE_ANALYSIS.username,
    image: `${tool.container.image.name}:${tool.container.image.tag}`,
  };
}
