import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadServiceRoutes, repoRoot } from "@de-gateway/routing";

export const root = repoRoot();

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export interface WorkspacePackage {
  name: string;
  /** Folder relative to the repository root, e.g. `packages/auth`. */
  dir: string;
  manifest: Manifest;
}

/** Every package of the workspace, by name. */
export const workspacePackages = new Map<string, WorkspacePackage>(
  ["packages", "services", "deploy"].flatMap((group) =>
    readdirSync(join(root, group))
      .filter((name) => existsSync(join(root, group, name, "package.json")))
      .map((name): [string, WorkspacePackage] => {
        const manifest = JSON.parse(readFileSync(join(root, group, name, "package.json"), "utf8")) as Manifest;
        return [manifest.name, { name: manifest.name, dir: `${group}/${name}`, manifest }];
      }),
  ),
);

/** The workspace packages `name` needs at run time, transitively (its `workspace:` dependencies, not dev ones). */
export function runtimeWorkspaceDependencies(name: string, found = new Set<string>()): string[] {
  for (const [dependency, version] of Object.entries(workspacePackages.get(name)?.manifest.dependencies ?? {})) {
    if (version.startsWith("workspace:") && !found.has(dependency)) {
      found.add(dependency);
      runtimeWorkspaceDependencies(dependency, found);
    }
  }
  return [...found].sort();
}

/** The workspace package in `dir` (relative to the repository root). */
export function packageIn(dir: string): WorkspacePackage {
  const found = [...workspacePackages.values()].find((candidate) => candidate.dir === dir);
  if (!found) throw new Error(`no workspace package in ${dir}`);
  return found;
}

/** The gateway services, as their routes.yml files declare them. */
export const gatewayServices = loadServiceRoutes(root);
