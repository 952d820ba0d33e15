/**
 * Compiles the stack's processes into `node_modules/.cache/de-gateway-stack` (as `pnpm start` does) without starting
 * them: the build `compare-builds.ts` compares with one copied aside before a change.
 */

import { bundle } from "../src/bundle.js";
import { BUNDLE_DIR } from "../src/bundle-paths.js";
import { stackEntries } from "../src/components.js";

await bundle(stackEntries());
console.log(BUNDLE_DIR);
