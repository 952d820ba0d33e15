import { fileURLToPath, pathToFileURL } from "node:url";
import { bundle } from "./bundle.js";
import { stackEntries } from "./components.js";

/**
 * `pnpm start`. Compiles every process of the stack, this launcher included, in one go (bundle.ts), then
 * runs the compiled launcher. Only this file and the few it imports are transpiled at launch.
 */
const launcher = fileURLToPath(new URL("./launcher.ts", import.meta.url));
const programs = await bundle({ ...stackEntries(), launcher });
await import(pathToFileURL(programs.launcher as string).href);
