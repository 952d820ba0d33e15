import { join } from "node:path";
import { REPO_ROOT } from "./components.js";

/** Where `pnpm start` writes the compiled processes (under node_modules, so never committed). */
export const BUNDLE_DIR = join(REPO_ROOT, "node_modules", ".cache", "de-gateway-stack");

/** The compiled entry of a process of the stack, by its name. */
export const bundlePath = (name: string): string => join(BUNDLE_DIR, `${name}.mjs`);
