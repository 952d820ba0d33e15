import { enableCompileCache } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundle } from "./bundle.js";
import { COMPILE_CACHE_DIR } from "./compile-cache.js";
import { stackEntries } from "./components.js";

/**
 * `pnpm start`. Compiles every process of the stack, this launcher included, in one go (bundle.ts), then
 * runs the compiled launcher, its code, like every process's, from the compile cache once a start has filled it.
 * Only this file and the few it imports are transpiled at launch.
 */
const launcher = fileURLToPath(new URL("./launcher.ts", import.meta.url));
const programs = await bundle({ ...stackEntries(), launcher });
enableCompileCache(COMPILE_CACHE_DIR);
await import(pathToFileURL(programs.launcher as string).href);
