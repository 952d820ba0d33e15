import { existsSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** Traefik's static configuration (entrypoints, providers); the edge reads its encoded-character policy. */
export const TRAEFIK_STATIC_CONFIG = "deploy/traefik/traefik.yml";
/** The dynamic configuration generated from every routes.yml. */
export const TRAEFIK_ROUTERS_FILE = "deploy/traefik/dynamic/routers.yml";

/** The repository's root: the nearest folder, from `from` upwards, that holds pnpm-workspace.yaml. */
export function repoRoot(from: string = process.cwd()): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "pnpm-workspace.yaml"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no pnpm-workspace.yaml in ${from} or any folder above it`);
  }
}

/** Every `services/<name>/routes.yml`, in folder order. */
export function routesFiles(root: string = repoRoot()): string[] {
  const servicesDir = join(root, "services");
  return readdirSync(servicesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(servicesDir, entry.name, "routes.yml")))
    .map((entry) => join(servicesDir, entry.name, "routes.yml"))
    .sort();
}
