import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Image } from "./images.js";
import { runtimeWorkspaceDependencies, workspacePackages, root as workspaceRoot } from "./workspace.js";

/** The one template every image's Dockerfile is made from, relative to the repository root. */
export const DOCKERFILE_TEMPLATE = "deploy/traefik/templates/Dockerfile.template";
export const GENERATE_COMMAND = "corepack pnpm --filter @de-gateway/traefik generate";

/** `template` with every `{{name}}` replaced by `values[name]`; a name without a value is an error. */
export function fillTemplate(template: string, values: Record<string, string>, source = "template"): string {
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${source}: no value for ${placeholder}`);
    return value;
  });
}

/** The workspace packages an image's build copies: its runtime workspace dependencies, then its own package. */
export function copiedDirs(image: Image): string[] {
  const dependencyDirs = runtimeWorkspaceDependencies(image.packageName).map((name) => {
    const dependency = workspacePackages.get(name);
    if (!dependency) throw new Error(`${image.packageName} depends on ${name}, which is not in the workspace`);
    return dependency.dir;
  });
  return [...dependencyDirs, image.dir];
}

/** The text of an image's Dockerfile as the template and the workspace make it now. */
export function generatedDockerfile(image: Image, root: string = workspaceRoot): string {
  const template = readFileSync(join(root, DOCKERFILE_TEMPLATE), "utf8");
  // Second line, not first: `# syntax=` is a parser directive only on the file's first lines, before any comment.
  return fillTemplate(
    template,
    {
      generatedNotice: `# Generated from ${DOCKERFILE_TEMPLATE} by \`${GENERATE_COMMAND}\`: do not edit.`,
      summary: image.summary,
      dockerfile: image.dockerfile,
      packageCopies: copiedDirs(image)
        .map((dir) => `COPY ${dir} ${dir}`)
        .join("\n"),
      packageName: image.packageName,
      environment: image.environment,
      exposedPorts: image.exposedPorts,
      healthProbe: JSON.stringify(image.healthProbe),
      command: `[${["node", ...image.nodeArgs, image.main].map((arg) => JSON.stringify(arg)).join(", ")}]`,
    },
    DOCKERFILE_TEMPLATE,
  );
}
