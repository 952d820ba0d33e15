export {
  type Component,
  edgeComponent,
  REPO_ROOT,
  requiredPorts,
  serviceComponents,
  simulatorComponent,
} from "./components.js";
export { busyPorts, portIsFree } from "./ports.js";
export { launch, type Running, stopAll, waitUntilReady } from "./processes.js";
